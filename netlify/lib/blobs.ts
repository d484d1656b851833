import { getStore, type Store } from '@netlify/blobs'

/**
 * The one place that calls getStore. Every read is strongly consistent (a save must be seen by the
 * next request), every call has a time limit, and any failure of the service becomes a
 * StorageUnavailableError that the route wrapper answers with a 503.
 */
export class StorageUnavailableError extends Error {}

const TIMEOUT_MS = 8_000

const fetchWithTimeout: typeof fetch = (input, init) => fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(TIMEOUT_MS) })

export type Entry = { text: string; etag: string }

export type BlobStore = ReturnType<typeof openStore>

export function openStore(name: string) {
  let store: Store | undefined
  // getStore must run inside a request (it reads the request's Blobs context), never at import time.
  const raw = () => (store ??= getStore({ name, consistency: 'strong', fetch: fetchWithTimeout }))
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      throw new StorageUnavailableError(`Blobs store "${name}" failed`, { cause: error })
    }
  }

  return {
    get: (key: string) => guard(() => raw().get(key, { type: 'text' })),

    /** The value with the ETag a conditional write needs. */
    getEntry: (key: string) =>
      guard(async (): Promise<Entry | null> => {
        const first = await raw().getWithMetadata(key, { type: 'text' })
        if (!first) return null
        if (first.etag) return { text: first.data, etag: first.etag }
        // The local Blobs server sends no ETag on reads. Take it from list() first, then read the
        // value again: a write in between makes the ETag stale (the write is refused), never the value.
        const listed = await raw().list({ prefix: key })
        const etag = listed.blobs.find((blob) => blob.key === key)?.etag
        const text = await raw().get(key, { type: 'text' })
        return etag && text !== null ? { text, etag } : null
      }),

    set: (key: string, value: string) => guard(() => raw().set(key, value)),

    /** True when written; false when the key already exists. */
    setIfNew: (key: string, value: string) => guard(async () => written(await raw().set(key, value, { onlyIfNew: true }))),

    /** True when written; false when the entry changed since `etag` was read. */
    setIfMatch: (key: string, value: string, etag: string) =>
      guard(async () => written(await raw().set(key, value, { onlyIfMatch: etag }))),

    delete: (key: string) => guard(() => raw().delete(key)),

    /** Every key under a prefix, following pages; `limit` stops early. */
    keys: (prefix?: string, limit = Infinity) =>
      guard(async () => {
        const keys: string[] = []
        for await (const page of raw().list({ prefix, paginate: true })) {
          for (const blob of page.blobs) {
            keys.push(blob.key)
            if (keys.length >= limit) return keys
          }
        }
        return keys
      }),
  }
}

// A conditional write that fails with anything but 412 can come back as { modified: true, etag: '' }:
// only a write with a real ETag counts as done.
function written(result: { modified: boolean; etag?: string }): boolean {
  return result.modified && Boolean(result.etag)
}

/** Deletes every key of a store; for resetting the local demo data only (functions/dev-seed.ts). */
export async function clearStore(name: string): Promise<number> {
  const store = openStore(name)
  const keys = await store.keys()
  for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((key) => store.delete(key)))
  return keys.length
}
