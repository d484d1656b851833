import { describe, expect, it, vi } from 'vitest'
import { mapLimited } from '#lib/storage/concurrency.ts'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('mapLimited', () => {
  it('answers in the order of the items, never more than the limit at once', async () => {
    let running = 0
    let most = 0
    const results = await mapLimited(
      Array.from({ length: 40 }, (_, i) => i),
      async (n) => {
        running++
        most = Math.max(most, running)
        await new Promise((resolve) => setTimeout(resolve, (n * 7) % 5))
        running--
        return n * 2
      },
      { limit: 6 },
    )
    expect(results).toEqual(Array.from({ length: 40 }, (_, i) => i * 2))
    expect(most).toBe(6)
  })

  it('starts a new call as soon as one ends, not when a whole batch has', async () => {
    const started: number[] = []
    let releaseSlow: () => void = () => {}
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve))
    const done = mapLimited(
      [0, 1, 2, 3],
      async (n) => {
        started.push(n)
        if (n === 0) await slow
        else await tick()
      },
      { limit: 2 },
    )
    // Item 0 is still running; 1, 2 and 3 go through the other slot one after another (a batch of
    // two would wait for 0 and never start 2: the wait times out). Polled, not slept: a busy
    // machine may take longer than any fixed pause.
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2, 3]), { timeout: 5_000 })
    releaseSlow()
    await done
  })

  it('starts no new call once until() says stop', async () => {
    const found: number[] = []
    const results = await mapLimited(
      Array.from({ length: 100 }, (_, i) => i),
      async (n) => {
        await tick()
        found.push(n)
        return n
      },
      { limit: 5, until: () => found.length >= 12 },
    )
    expect(found.length).toBeGreaterThanOrEqual(12)
    expect(found.length).toBeLessThan(12 + 5)
    expect(results.filter(() => true)).toEqual(found.toSorted((a, b) => a - b))
  })

  it('answers an empty list at once', async () => {
    expect(await mapLimited([], async () => 1)).toEqual([])
  })
})
