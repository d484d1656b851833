import { getStore, type Store } from '@netlify/blobs'
import { assertSafeKey, assertSafePrefix, isSafeKey, type BlobKey, type KeyPrefix } from './keys'

/**
 * The one place that calls getStore. Every read is strongly consistent (a save must be seen by the
 * next request), every operation has a deadline, and any failure of the service becomes a
 * StorageUnavailableError that the route wrapper answers with a 503.
 */
export class StorageUnavailableError extends Error {}

/** One HTTP request to Blobs. */
const REQUEST_TIMEOUT_MS = 4_000
/**
 * One operation, the client's own retries included (it retries 5 times, 5 s apart): well inside
 * Netlify's 10 s function limit, so an outage is a clean 503 rather than the platform's timeout.
 */
const OPERATION_DEADLINE_MS = 6_000

const fetchWithTimeout: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS) })

export type Entry = { text: string; etag: string }

const TOMBSTONE_PREFIX = '{"tombstone":'

/** A value of its own each time (a conditional write is confirmed by reading it back). */
const tombstone = () => `${TOMBSTONE_PREFIX}${JSON.stringify({ at: new Date().toISOString(), id: crypto.randomUUID() })}}`

/** Whether a stored value is what deleteIfMatch leaves while it deletes: to be read as no value at all. */
export function isTombstone(text: string | null): boolean {
  return text !== null && text.startsWith(TOMBSTONE_PREFIX)
}

/** When a tombstone was written (ms), or NaN for any other value. */
export function tombstoneTime(text: string): number {
  if (!isTombstone(text)) return Number.NaN
  try {
    return Date.parse((JSON.parse(text) as { tombstone: { at: string } }).tombstone.at)
  } catch {
    return Number.NaN
  }
}

export type BlobStore = ReturnType<typeof openStore>

/** Every store the site uses; a reset of the local demo data empties them all. */
export const STORE_NAMES = [
  'posts',
  'resources',
  'downloads',
  'content',
  'users',
  'subscribers',
  'pending-subscribers',
  'welcome-emails',
  'bookings',
  'booking-emails-due',
  'booking-submissions',
  'outbox',
  'rate-limits',
  'revoked-tokens',
  'password-resets',
  'activity',
  'media',
  'newsletters',
  'unsubscribes',
  'unsubscribed-addresses',
  'subscriber-exports',
  'availability',
  'sessions',
  'calendar-feed',
] as const
export type StoreName = (typeof STORE_NAMES)[number]

/**
 * Keys come typed from keys.ts, and are checked again here on every operation (the Blobs client
 * itself checks only on writes): a key that could climb out of its record never reaches the URL.
 */
export function openStore(name: StoreName) {
  let store: Store | undefined
  // getStore must run inside a request (it reads the request's Blobs context), never at import time.
  const raw = () => (store ??= getStore({ name, consistency: 'strong', fetch: fetchWithTimeout }))
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${OPERATION_DEADLINE_MS} ms`)), OPERATION_DEADLINE_MS)
    })
    try {
      return await Promise.race([work(), deadline])
    } catch (error) {
      throw new StorageUnavailableError(`Blobs store "${name}" failed`, { cause: error })
    } finally {
      clearTimeout(timer)
    }
  }

  /**
   * A conditional write whose answer cannot be taken at its word: the client retries internally,
   * so a write that landed can come back as 412 (its own retry lost to it), as an error, or as
   * { modified: true, etag: '' }. Unless the answer is a clean success, read the key: if it holds
   * exactly what we wrote, the write was ours; if it holds nothing, the failure was real.
   */
  const conditionalWrite = (key: BlobKey, value: string | Uint8Array, condition: { onlyIfNew: true } | { onlyIfMatch: string }) => {
    assertSafeKey(key)
    return guard(async () => {
      const result = await raw()
        .set(key, typeof value === 'string' ? value : new Blob([value as Uint8Array<ArrayBuffer>]), condition)
        .catch((error: unknown) => ({ error }))
      if (!('error' in result) && result.modified && result.etag) return true
      const stored = typeof value === 'string' ? await raw().get(key, { type: 'text' }) : await readBytes(key)
      if (stored !== null && sameValue(stored, value)) return true
      if ('error' in result && stored === null) throw result.error
      if (!('error' in result) && result.modified && stored === null) throw new Error(`write of "${key}" was not stored`)
      return false
    })
  }

  const readBytes = async (key: BlobKey) => {
    const buffer = await raw().get(key, { type: 'arrayBuffer' })
    return buffer === null ? null : new Uint8Array(buffer as ArrayBuffer)
  }

  const list = (prefix?: KeyPrefix, limit = Infinity) => {
    if (prefix !== undefined) assertSafePrefix(prefix)
    return guard(async () => {
      const found: { key: BlobKey; etag: string }[] = []
      for await (const page of raw().list({ prefix, paginate: true })) {
        for (const blob of page.blobs) {
          const key = blob.key
          if (isSafeKey(key)) found.push({ key, etag: blob.etag })
          if (found.length >= limit) return found
        }
      }
      return found
    })
  }

  return {
    get: (key: BlobKey) => {
      assertSafeKey(key)
      return guard(() => raw().get(key, { type: 'text' }))
    },

    /** The value with the ETag a conditional write needs. */
    getEntry: (key: BlobKey) => {
      assertSafeKey(key)
      return guard(async (): Promise<Entry | null> => {
        const first = await raw().getWithMetadata(key, { type: 'text' })
        if (!first) return null
        if (first.etag) return { text: first.data, etag: first.etag }
        // The local Blobs server sends no ETag on reads. Take it from list() first, then read the
        // value again: a write in between makes the ETag stale (the write is refused), never the value.
        const listed = await raw().list({ prefix: key })
        const etag = listed.blobs.find((blob) => blob.key === key)?.etag
        const text = await raw().get(key, { type: 'text' })
        return etag && text !== null ? { text, etag } : null
      })
    },

    set: (key: BlobKey, value: string) => {
      assertSafeKey(key)
      return guard(() => raw().set(key, value))
    },

    /** True when written; false when the key already exists. */
    setIfNew: (key: BlobKey, value: string) => conditionalWrite(key, value, { onlyIfNew: true }),

    /** True when written; false when the entry changed since `etag` was read. */
    setIfMatch: (key: BlobKey, value: string, etag: string) => conditionalWrite(key, value, { onlyIfMatch: etag }),

    /**
     * A create-only write followed by a read of the key, whatever the write's answer: the same two
     * requests whether the key was new or not, so the caller's timing does not tell which (a signup
     * must not say whether an address is on the list). Answers whether this write made the value,
     * and what the key holds now (null when it was deleted in between).
     */
    createOrRead: (key: BlobKey, value: string) => {
      assertSafeKey(key)
      return guard(async () => {
        const result = await raw()
          .set(key, value, { onlyIfNew: true })
          .catch((error: unknown) => ({ error }))
        const clean = !('error' in result) && result.modified && Boolean(result.etag)
        const stored = await raw()
          .get(key, { type: 'text' })
          .catch((error: unknown) => {
            // The write's own answer said it was made: so it was, whatever became of the read.
            if (clean) return value
            throw error
          })
        if (stored === value) return { created: true, stored }
        if ('error' in result && stored === null) throw result.error
        if (!('error' in result) && result.modified && stored === null) throw new Error(`write of "${key}" was not stored`)
        return { created: false, stored }
      })
    },

    /**
     * Deletes the key only if it is unchanged since `etag` was read; false when it changed. Blobs
     * has no conditional delete, so the value is first swapped for a tombstone of this call's own by
     * compare-and-swap, then deleted. Between the two (or for good, should the delete fail) readers
     * take the tombstone for a missing key and nobody writes over it, so a write that landed after
     * the read makes the swap fail instead of being deleted unseen.
     */
    deleteIfMatch: async (key: BlobKey, etag: string) => {
      if (!(await conditionalWrite(key, tombstone(), { onlyIfMatch: etag }))) return false
      // The swap is the delete as far as anyone can read: a delete that fails now leaves only a
      // tombstone, which reads as nothing, so the caller is told it is done.
      await guard(() => raw().delete(key)).catch((error: unknown) =>
        console.error('storage unavailable: a tombstone is left where a delete failed:', error instanceof Error ? error.message : error),
      )
      return true
    },

    /** Raw bytes (a media file's part); the value is kept exactly as given. */
    setBytes: (key: BlobKey, bytes: Uint8Array) => {
      assertSafeKey(key)
      return guard(() => raw().set(key, new Blob([bytes as Uint8Array<ArrayBuffer>])))
    },

    /**
     * Raw bytes written only where nothing is stored yet (a media file's part, which never changes
     * once written). True when the key now holds exactly these bytes, written now or by an earlier
     * identical write; false when it holds other bytes (or was deleted meanwhile).
     */
    setBytesIfNew: (key: BlobKey, bytes: Uint8Array) => conditionalWrite(key, bytes, { onlyIfNew: true }),

    /**
     * A value as a stream of its bytes, never whole in memory; null when missing. The deadline
     * covers the answer's arrival, not the reading, which goes at the reader's pace.
     */
    getStream: (key: BlobKey) => {
      assertSafeKey(key)
      return guard(() => raw().get(key, { type: 'stream' }) as Promise<ReadableStream<Uint8Array> | null>)
    },

    /** A small value's bytes, whole; null when missing. */
    getBytes: (key: BlobKey) => {
      assertSafeKey(key)
      return guard(() => readBytes(key))
    },

    delete: (key: BlobKey) => {
      assertSafeKey(key)
      return guard(() => raw().delete(key))
    },

    /** Empties the store in one call (the dev seed's reset only). */
    clear: () => guard(async () => (await raw().deleteAll()).deletedBlobs),

    /**
     * Every key under a prefix, following pages; `limit` stops early. Listed keys are checked like
     * any other (a key that is not ours is skipped, never used), so they come back as BlobKeys.
     */
    keys: (prefix?: KeyPrefix, limit = Infinity) => list(prefix, limit).then((found) => found.map((blob) => blob.key)),

    /**
     * Every key under a prefix, one list page (1,000 keys) at a time, each page with its own
     * deadline: for a list too long to come back within one operation's (a newsletter's send).
     */
    async *keyPages(prefix?: KeyPrefix): AsyncGenerator<BlobKey[]> {
      if (prefix !== undefined) assertSafePrefix(prefix)
      const pages = raw().list({ prefix, paginate: true })[Symbol.asyncIterator]()
      for (;;) {
        const page = await guard(() => pages.next())
        if (page.done) return
        yield page.value.blobs.map((blob) => blob.key).filter(isSafeKey)
      }
    },

    /** Every key with its ETag, which changes on every write (the dev seed's reset only). */
    versions: () => list().then((found) => new Map(found.map((blob) => [blob.key, blob.etag]))),
  }
}

/** Text against text, bytes against bytes, exactly. */
function sameValue(stored: string | Uint8Array, value: string | Uint8Array): boolean {
  if (typeof stored === 'string' || typeof value === 'string') return stored === value
  return Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength).equals(value)
}

/**
 * Deletes every key of a store; for resetting the local demo data only (the dev seed function).
 * One request a store, not one a key: the function runtime lists every request a call makes in a
 * response header, and the CLI's proxy refuses a header over 16 KB ("Could not proxy request").
 */
export async function clearStore(name: StoreName): Promise<number> {
  return openStore(name).clear()
}
