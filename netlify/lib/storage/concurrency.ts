/**
 * How many storage calls (or outbox writes) one request has in flight at once: enough to read a
 * long list quickly, few enough that a list of thousands never opens thousands of connections.
 */
export const STORAGE_CONCURRENCY = 50

type Options = {
  /** At most this many calls at once. */
  limit?: number
  /** Checked before each new call: once it says true, no more calls start (those running finish). */
  until?: () => boolean
}

/**
 * `fn` over every item, at most `limit` at a time: a new call starts as soon as one ends, rather
 * than waiting for a whole batch. Results come in the items' order; items not reached because
 * `until` said stop are holes in the array (which `filter` skips).
 */
export async function mapLimited<T, R>(
  items: readonly T[],
  fn: (item: T) => Promise<R>,
  { limit = STORAGE_CONCURRENCY, until }: Options = {},
): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  async function worker(): Promise<void> {
    while (next < items.length && !until?.()) {
      const index = next++
      results[index] = await fn(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker))
  return results
}
