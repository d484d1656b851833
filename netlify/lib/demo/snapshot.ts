import { openStore, STORE_NAMES, type StoreName } from '#lib/storage/blobs.ts'
import type { BlobKey } from '#lib/storage/keys.ts'

/**
 * The demo data as the seed first wrote it, so a reset can put it back cheaply. The browser tests
 * reset before every test, and most tests change one or two stores or none: a reset compares each
 * store's keys and ETags (which change on every write) with what it left last time, and rewrites
 * only the stores that differ. Rebuilding the demo set through the data modules takes about a
 * hundred requests; an untouched store costs one list.
 *
 * The copy lives in the function's memory. Where the function is not kept warm between calls
 * (plain `npm run dev`), there is none and every reset seeds from scratch, which is also correct.
 */
type StoreCopy = { values: Map<BlobKey, Uint8Array>; versions: Map<BlobKey, string> }

let copy: Map<StoreName, StoreCopy> | undefined

export function forgetSnapshot(): void {
  copy = undefined
}

/** Reads every store as it is now: call right after a full seed. */
export async function takeSnapshot(): Promise<void> {
  const stores = await Promise.all(
    STORE_NAMES.map(async (name) => {
      const store = openStore(name)
      const versions = await store.versions()
      // As bytes: a media file's parts are not text, and a round trip through text would change them.
      const values = new Map<BlobKey, Uint8Array>()
      for (const key of versions.keys()) {
        const value = await store.getBytes(key)
        if (value !== null) values.set(key, value)
      }
      return [name, { values, versions }] as const
    }),
  )
  copy = new Map(stores)
}

const sameVersions = (a: Map<BlobKey, string>, b: Map<BlobKey, string>) =>
  a.size === b.size && [...a].every(([key, etag]) => etag !== '' && b.get(key) === etag)

/**
 * Puts back every store that changed since the snapshot. False when there is no snapshot, and
 * the caller seeds from scratch.
 */
export async function restoreSnapshot(): Promise<boolean> {
  if (!copy) return false
  const snapshot = copy
  await Promise.all(
    STORE_NAMES.map(async (name) => {
      const saved = snapshot.get(name)!
      const store = openStore(name)
      if (sameVersions(await store.versions(), saved.versions)) return
      await store.clear()
      await Promise.all([...saved.values].map(([key, value]) => store.setBytes(key, value)))
      saved.versions = await store.versions()
    }),
  )
  return true
}
