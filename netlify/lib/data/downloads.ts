import { openStore } from '#lib/storage/blobs.ts'
import { timeOrderedId } from '#lib/storage/ids.ts'
import { keys, type BlobKey } from '#lib/storage/keys.ts'

/**
 * Download counting with no read-modify-write on the hot path: each download
 * is its own blob, named `<time-ordered id>~<resource id>`, so any number of concurrent downloads
 * never contend. A fold (resources.foldDownloads, run on a schedule) adds events older than
 * SETTLE_MS into the counts and moves a watermark past them in the same atomic write, so an event is
 * counted either as pending or as folded, never both, never neither.
 */
const SETTLE_MS = 5 * 60_000
const store = () => openStore('downloads')

function resourceOf(key: string): string {
  return key.slice(key.indexOf('~') + 1)
}

function countByResource(keys: string[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const key of keys) counts.set(resourceOf(key), (counts.get(resourceOf(key)) ?? 0) + 1)
  return counts
}

export const downloads = {
  async record(resourceId: string): Promise<void> {
    await store().setIfNew(keys.download(timeOrderedId(), resourceId), '')
  },

  /** Events past the watermark, per resource. */
  async pendingCounts(foldedThrough: string): Promise<Map<string, number>> {
    const keys = await store().keys()
    return countByResource(keys.filter((key) => key > foldedThrough))
  },

  /** Events old enough that no write of them can still be in flight. */
  async settled(foldedThrough: string, now: Date) {
    const cutoff = timeOrderedId(new Date(now.getTime() - SETTLE_MS))
    const keys = (await store().keys()).filter((key) => key < cutoff).sort()
    const through = keys.at(-1) ?? foldedThrough
    return {
      keys,
      through,
      countsAfter: (watermark: string) => countByResource(keys.filter((key) => key > watermark)),
    }
  },

  async forget(events: BlobKey[]): Promise<void> {
    for (const key of events) await store().delete(key)
  },
}
