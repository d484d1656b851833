import { describe, expect, it } from 'vitest'
import { LOGIN_LIMITS, CURRENT_PASSWORD_TRIES } from '#lib/auth/login.ts'
import { rateLimits, type Limit } from '#lib/data/rate-limits.ts'
import { openStore } from '#lib/storage/blobs.ts'
import { keys } from '#lib/storage/keys.ts'
import { PUBLIC_LIMITS } from '#lib/forms/public-forms.ts'
import { TRANSFER_LIMITS } from '#lib/subscribers/limits.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { limitClock } from '#tests/support/limits.ts'

useBlobsServer()

/**
 * The sliding-window policy of netlify/lib/data/rate-limits.ts on the local Blobs server, with a
 * clock of the test's own and small limits: a window passes in a moment, and a limit is reached in
 * a few attempts. What each endpoint does at its limit is in that endpoint's tests; the one race
 * of real requests at a limit is in subscribers.test.ts.
 */

const MINUTE = 60_000
const LIMIT: Limit = { scope: 'test-limit', max: 3, windowMs: 10 * MINUTE }

async function takeMany(count: number, limit = LIMIT, subject = 'subject') {
  const answers = []
  for (let i = 0; i < count; i++) answers.push(await rateLimits.take(limit, subject))
  return answers
}

/** The attempts the store holds for a scope. */
const entries = async (scope = LIMIT.scope) => openStore('rate-limits').keys(keys.rateLimitScope(scope))

describe('the numbers the site states', () => {
  // The sizes the README's Security section and the callers' comments promise.
  it('are the documented ones', () => {
    expect(LOGIN_LIMITS).toEqual({
      perUsernameAndNetwork: { scope: 'login-pair', max: 5, windowMs: 15 * MINUTE },
      perNetwork: { scope: 'login-net', max: 20, windowMs: 15 * MINUTE },
      perUsername: { scope: 'login-user', max: 50, windowMs: 15 * MINUTE },
    })
    expect(CURRENT_PASSWORD_TRIES).toEqual({ scope: 'password-change', max: 5, windowMs: 15 * MINUTE })
    expect(PUBLIC_LIMITS).toEqual({
      subscribe: { scope: 'subscribe', max: 300, windowMs: 60 * MINUTE },
      booking: { scope: 'booking', max: 40, windowMs: 60 * MINUTE },
      session: { scope: 'session', max: 60, windowMs: 60 * MINUTE },
      download: { scope: 'download', max: 300, windowMs: 60 * MINUTE },
      passwordReset: { scope: 'reset-request', max: 20, windowMs: 60 * MINUTE },
    })
    expect(TRANSFER_LIMITS).toEqual({
      export: { scope: 'subscriber-export', max: 10, windowMs: 60 * MINUTE },
      import: { scope: 'subscriber-import', max: 200, windowMs: 60 * MINUTE },
      importEmails: { scope: 'subscriber-import-emails', max: 10, windowMs: 24 * 60 * MINUTE },
    })
  })

  it('let a room of people on one network through: 100 signups and 20 bookings in ten minutes', () => {
    expect(PUBLIC_LIMITS.subscribe.max).toBeGreaterThanOrEqual(100)
    expect(PUBLIC_LIMITS.booking.max).toBeGreaterThanOrEqual(20)
    expect(PUBLIC_LIMITS.subscribe.windowMs).toBeGreaterThanOrEqual(10 * MINUTE)
    expect(PUBLIC_LIMITS.booking.windowMs).toBeGreaterThanOrEqual(10 * MINUTE)
    // Sessions booked online: the same room, each trying a second time when a time was just taken.
    expect(PUBLIC_LIMITS.session.max).toBeGreaterThanOrEqual(40)
  })
})

describe('a sliding window', () => {
  it('allows `max` attempts, refuses the next with the window as the wait, and counts each one', async () => {
    limitClock()
    const answers = await takeMany(LIMIT.max + 1)
    expect(answers.map((answer) => [answer.allowed, answer.count])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
      [false, 4],
    ])
    expect(answers[3]!.retryAfterSeconds).toBe(10 * 60)
  })

  it('forgets each attempt when its window has passed, and deletes it then', async () => {
    const clock = limitClock()
    await rateLimits.take(LIMIT, 'subject')
    clock.advance(4 * MINUTE)
    await takeMany(2)
    expect((await rateLimits.take(LIMIT, 'subject')).allowed).toBe(false)

    // The first attempt leaves the window a moment after ten minutes: one slot, and only one.
    clock.advance(6 * MINUTE - 1)
    expect((await rateLimits.take(LIMIT, 'subject')).allowed).toBe(false)
    clock.advance(2)
    expect((await rateLimits.take(LIMIT, 'subject')).allowed).toBe(true)
    expect((await rateLimits.take(LIMIT, 'subject')).allowed).toBe(false)
    expect(await entries()).toHaveLength(3)

    clock.advance(LIMIT.windowMs + 1)
    expect((await rateLimits.take(LIMIT, 'subject')).count).toBe(1)
    expect(await entries()).toHaveLength(1)
  })

  it('does not let refusals extend the wait: they leave no attempt behind', async () => {
    const clock = limitClock()
    await takeMany(LIMIT.max)
    for (let i = 0; i < 5; i++) {
      clock.advance(MINUTE)
      expect((await rateLimits.take(LIMIT, 'subject')).allowed).toBe(false)
    }
    expect(await entries()).toHaveLength(LIMIT.max)
    // Ten minutes after the allowed ones, not after the last refusal.
    clock.advance(5 * MINUTE + 1)
    expect((await rateLimits.take(LIMIT, 'subject')).allowed).toBe(true)
  })

  it('counts per subject, whatever its case, and per scope', async () => {
    limitClock()
    await takeMany(LIMIT.max, LIMIT, 'Grace')
    expect((await rateLimits.take(LIMIT, 'GRACE')).allowed).toBe(false)
    expect((await rateLimits.take(LIMIT, 'someone else')).allowed).toBe(true)
    expect((await rateLimits.take({ ...LIMIT, scope: 'another-limit' }, 'grace')).allowed).toBe(true)
  })
})

describe('giving attempts back', () => {
  it('release gives back that one attempt; reset clears the subject', async () => {
    limitClock()
    const [first] = await takeMany(LIMIT.max)
    await first!.release()
    expect((await rateLimits.take(LIMIT, 'subject')).allowed).toBe(true)
    expect((await rateLimits.take(LIMIT, 'subject')).allowed).toBe(false)

    await rateLimits.reset(LIMIT, 'SUBJECT')
    expect((await takeMany(LIMIT.max)).every((answer) => answer.allowed)).toBe(true)
  })
})

describe('known networks', () => {
  it('stay known for the given time after a sign-in, then are forgotten', async () => {
    const clock = limitClock()
    const pair = 'Grace\n203.0.113.7'
    expect(await rateLimits.isKnownNetwork(pair, 90 * 24 * 60 * MINUTE)).toBe(false)
    await rateLimits.rememberNetwork(pair)
    clock.advance(89 * 24 * 60 * MINUTE)
    expect(await rateLimits.isKnownNetwork('grace\n203.0.113.7', 90 * 24 * 60 * MINUTE)).toBe(true)
    clock.advance(24 * 60 * MINUTE)
    expect(await rateLimits.isKnownNetwork(pair, 90 * 24 * 60 * MINUTE)).toBe(false)
  })
})

describe('the scheduled prune', () => {
  it('deletes only the attempts older than their window', async () => {
    const clock = limitClock()
    const short = { ...LIMIT, scope: 'short', windowMs: MINUTE }
    await takeMany(2, short, 'a')
    await takeMany(2, LIMIT, 'b')
    clock.advance(2 * MINUTE)
    // Another subject's attempt (one of the same subject would delete a's old ones itself).
    await rateLimits.take(short, 'c')

    expect(await rateLimits.prune([short, LIMIT])).toBe(2)
    expect(await entries('short')).toHaveLength(1)
    expect(await entries()).toHaveLength(2)
  })
})
