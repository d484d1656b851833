import { openStore } from '#lib/storage/blobs.ts'
import { timeOrderedId } from '#lib/storage/ids.ts'
import { keys, type BlobKey } from '#lib/storage/keys.ts'

/**
 * Sliding-window limits with no read-modify-write: each counted attempt is its own blob under
 * `<scope>/<hashed subject>/`, and the count is the number of recent ones. Old attempts are
 * deleted as they are seen, so the window forgets and nobody is locked out for good. The policy
 * (which limits, what numbers) lives with its callers: login.ts, public-forms.ts, and is listed in
 * the README's Security section.
 */
const store = () => openStore('rate-limits')

export type Limit = { scope: string; max: number; windowMs: number }

/**
 * The two things the limits take from outside: the time, and each limit's number. The site reads
 * the real clock and the numbers as its callers state them; tests put in a clock of their own and
 * small numbers, so a window passes in a moment and a limit is reached in a few attempts instead of
 * hundreds.
 */
export const limitSettings = {
  now: (): Date => new Date(),
  max: (limit: Limit): number => limit.max,
}

/** Tries after a refusal that may have been caused by other attempts in flight at that moment. */
const RETRIES = 3
/** How far over the limit a count may be and still be a collision rather than a real refusal. */
const NEAR_MISS = 20

async function recent(limit: Limit, subject: string, now: Date): Promise<BlobKey[]> {
  const prefix = keys.rateLimitEntries(limit.scope, subject.toLowerCase())
  const since = prefix + timeOrderedId(new Date(now.getTime() - limit.windowMs))
  const listed = await store().keys(prefix)
  const expired = listed.filter((key) => key < since)
  await Promise.all(expired.map((key) => store().delete(key)))
  return listed.filter((key) => key >= since)
}

export type Taken = {
  allowed: boolean
  /** Attempts in the window, this one included. */
  count: number
  retryAfterSeconds: number
  /** Gives this one attempt back, e.g. when it turned out to be a successful sign-in. */
  release: () => Promise<void>
}

export const rateLimits = {
  /**
   * Counts one attempt and answers whether it is within the limit, so that concurrent attempts
   * cannot all pass a check made before any of them is counted: each writes its own entry first,
   * then counts every recent entry. One over the limit takes its entry back, so refusals do not
   * extend the wait. Concurrent attempts count against each other until refusals are taken back,
   * so one refused by a near miss tries again after a random pause, up to RETRIES times, the way
   * network senders back off after a collision: a burst of refusals cannot crowd out a slot that
   * is really free, and nothing is ever let in past the limit.
   */
  async take(limit: Limit, subject: string, now = limitSettings.now()): Promise<Taken> {
    const max = limitSettings.max(limit)
    for (let attempt = 0; ; attempt++) {
      const started = performance.now()
      const key = keys.rateLimitEntry(limit.scope, subject.toLowerCase(), timeOrderedId(now))
      await store().setIfNew(key, '')
      const count = (await recent(limit, subject, now)).length
      const allowed = count <= max
      if (!allowed) await store().delete(key)
      if (allowed || attempt === RETRIES || count > max + NEAR_MISS) {
        return {
          allowed,
          count,
          retryAfterSeconds: Math.ceil(limit.windowMs / 1000),
          release: () => store().delete(key),
        }
      }
      // The pause is measured in the time one attempt took (a slot, as a network sender's is its
      // round trip): on a busy store a fixed pause would have the colliding attempts meet again.
      // Capped, so a person is kept waiting three seconds at the very worst.
      const slot = Math.min(100, Math.max(20, performance.now() - started))
      await new Promise((resolve) => setTimeout(resolve, slot * (1 + Math.random() * 3) * 2 ** attempt))
    }
  },

  /** A network that signed in as this user: it keeps its way in while the username is under attack. */
  async rememberNetwork(subject: string, now = limitSettings.now()): Promise<void> {
    await store().set(keys.knownNetwork(subject.toLowerCase()), now.toISOString())
  },

  async isKnownNetwork(subject: string, maxAgeMs: number, now = limitSettings.now()): Promise<boolean> {
    const since = Date.parse((await store().get(keys.knownNetwork(subject.toLowerCase()))) ?? '')
    return Number.isFinite(since) && now.getTime() - since < maxAgeMs
  },

  /** Drops entries older than the longest window (subjects that never came back); run on a schedule. */
  async prune(scopes: readonly Limit[], now = limitSettings.now()): Promise<number> {
    let pruned = 0
    for (const limit of scopes) {
      const cutoff = timeOrderedId(new Date(now.getTime() - limit.windowMs))
      for (const key of await store().keys(keys.rateLimitScope(limit.scope))) {
        if (key.slice(key.lastIndexOf('/') + 1) < cutoff) {
          await store().delete(key)
          pruned++
        }
      }
    }
    return pruned
  },

  async reset(limit: Limit, subject: string): Promise<void> {
    const listed = await store().keys(keys.rateLimitEntries(limit.scope, subject.toLowerCase()))
    await Promise.all(listed.map((key) => store().delete(key)))
  },
}
