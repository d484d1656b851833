import { createHash } from 'node:crypto'
import { openStore } from '../blobs'
import { timeOrderedId } from '../ids'

/**
 * Sliding-window limits with no read-modify-write: each counted attempt is its own blob under
 * `<scope>/<hashed subject>/`, and the count is the number of recent ones. Old attempts are
 * deleted as they are seen, so the window forgets and nobody is locked out for good.
 */
const store = () => openStore('rate-limits')

const prefixOf = (scope: string, subject: string) =>
  `${scope}/${createHash('sha256').update(subject.toLowerCase()).digest('base64url').slice(0, 32)}/`

export type Limit = { scope: string; max: number; windowMs: number }

async function recent(limit: Limit, subject: string, now: Date): Promise<string[]> {
  const prefix = prefixOf(limit.scope, subject)
  const since = prefix + timeOrderedId(new Date(now.getTime() - limit.windowMs))
  const keys = await store().keys(prefix)
  const expired = keys.filter((key) => key < since)
  await Promise.all(expired.map((key) => store().delete(key)))
  return keys.filter((key) => key >= since)
}

export const rateLimits = {
  /** Whether the subject may try again now, and if not, in how many seconds. */
  async check(limit: Limit, subject: string, now = new Date()): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const keys = await recent(limit, subject, now)
    return { allowed: keys.length < limit.max, retryAfterSeconds: Math.ceil(limit.windowMs / 1000) }
  },

  /**
   * Counts one attempt and answers whether it is within the limit, so that concurrent attempts
   * cannot all pass a check made before any of them is counted: each writes its own entry first,
   * then counts; one over the limit takes its entry back, so refusals do not extend the wait.
   */
  async take(limit: Limit, subject: string, now = new Date()) {
    const key = prefixOf(limit.scope, subject) + timeOrderedId(now)
    await store().setIfNew(key, '')
    const allowed = (await recent(limit, subject, now)).length <= limit.max
    if (!allowed) await store().delete(key)
    return {
      allowed,
      retryAfterSeconds: Math.ceil(limit.windowMs / 1000),
      /** Gives this one attempt back, e.g. when it turned out to be a successful sign-in. */
      release: () => store().delete(key),
    }
  },

  async count(limit: Limit, subject: string, now = new Date()): Promise<void> {
    await store().setIfNew(prefixOf(limit.scope, subject) + timeOrderedId(now), '')
  },

  async reset(limit: Limit, subject: string): Promise<void> {
    const keys = await store().keys(prefixOf(limit.scope, subject))
    await Promise.all(keys.map((key) => store().delete(key)))
  },
}
