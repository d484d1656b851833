import bcrypt from 'bcryptjs'
import { USER_MESSAGES, type StoredUser } from '../../domain/admin-user'
import { rateLimits, type Limit } from './data/rate-limits'
import { HttpError } from './http'

/**
 * A stolen session must not become a way to guess the password it lacks: 5 wrong tries in 15
 * minutes, shared by every call that asks the signed-in user for her own password (changing it,
 * handing ownership over).
 */
export const OWN_PASSWORD_TRIES: Limit = { scope: 'password-change', max: 5, windowMs: 15 * 60_000 }

/** Checks the signed-in user's own password: 429 past the limit, 400 with `wrong` when it does not match. */
export async function confirmOwnPassword(user: StoredUser, password: string, wrong: string): Promise<void> {
  const attempt = await rateLimits.take(OWN_PASSWORD_TRIES, user.id)
  if (!attempt.allowed) throw new HttpError(429, USER_MESSAGES.tooManyTries, { 'Retry-After': String(attempt.retryAfterSeconds) })
  if (!(await bcrypt.compare(password, user.passwordHash))) throw new HttpError(400, wrong)
  await attempt.release()
}
