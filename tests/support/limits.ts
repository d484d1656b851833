import { onTestFinished, vi } from 'vitest'
import { networkOf } from '#lib/http/client-network.ts'
import { limitSettings, rateLimits, type Limit } from '#lib/data/rate-limits.ts'
import { PUBLIC_LIMITS } from '#lib/forms/public-forms.ts'

/**
 * Uses up `count` slots of a public limit for an address's network, as that many earlier requests
 * would have, so a test can reach the edge of a limit without sending that many requests.
 */
export async function useUpPublicLimit(form: keyof typeof PUBLIC_LIMITS, ip: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 25) {
    await Promise.all(Array.from({ length: Math.min(25, count - i) }, () => rateLimits.take(PUBLIC_LIMITS[form], networkOf(ip))))
  }
}

/**
 * Runs the real limits, on the real store, with smaller numbers for the named scopes (the rest
 * keep theirs) for the rest of the test: reaching a limit then takes a few attempts, not hundreds.
 * The numbers themselves are checked where they are stated (tests/functions/rate-limits.test.ts).
 */
export function shrinkLimits(maxByScope: Record<string, number>): void {
  const spy = vi.spyOn(limitSettings, 'max').mockImplementation((limit: Limit) => maxByScope[limit.scope] ?? limit.max)
  onTestFinished(() => spy.mockRestore())
}

/** A clock the limits read instead of the real one, moved on by the test. */
export function limitClock(start = new Date('2026-03-01T09:00:00Z')) {
  let now = start.getTime()
  const spy = vi.spyOn(limitSettings, 'now').mockImplementation(() => new Date(now))
  onTestFinished(() => spy.mockRestore())
  return {
    advance: (ms: number) => void (now += ms),
    now: () => new Date(now),
  }
}
