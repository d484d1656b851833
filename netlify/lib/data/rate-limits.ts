import { openStore } from '../blobs'
import { timeOrderedId } from '../ids'
import { keys, type BlobKey } from '../keys'

/**
 * Sliding-window limits with no read-modify-write: each counted attempt is its own blob under
 * `<scope>/<hashed subject>/`, and the count is the number of recent ones. Old attempts are
 * deleted as they are seen, so the window forgets and nobody is locked out for good. The policy
 * (which limits, what numbers) lives with its callers: login.ts, public-forms.ts, and is listed in
 * the README's Security section.
 */
const store = () => openStore('rate-limits')

export type Limit = { scope: string; max: number; windowMs: number }

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
   * then counts; one over the limit takes its entry back, so refusals do not extend the wait.
   */
  async take(limit: Limit, subject: string, now = new Date()): Promise<Taken> {
    const key = keys.rateLimitEntry(limit.scope, subject.toLowerCase(), timeOrderedId(now))
    await store().setIfNew(key, '')
    const count = (await recent(limit, subject, now)).length
    const allowed = count <= limit.max
    if (!allowed) await store().delete(key)
    return {
      allowed,
      count,
      retryAfterSeconds: Math.ceil(limit.windowMs / 1000),
      release: () => store().delete(key),
    }
  },

  async reset(limit: Limit, subject: string): Promise<void> {
    const listed = await store().keys(keys.rateLimitEntries(limit.scope, subject.toLowerCase()))
    await Promise.all(listed.map((key) => store().delete(key)))
  },
}
