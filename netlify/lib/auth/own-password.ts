import bcrypt from 'bcryptjs'
import { USER_MESSAGES } from '#domain/admin-user.ts'
import type { Session } from './session'
import { rateLimits } from '#lib/data/rate-limits.ts'
import { HttpError } from '#lib/http/route.ts'
import { CURRENT_PASSWORD_TRIES } from './login'

/**
 * Checks the signed-in user's own password, as a call that gives something away asks for it
 * (handing ownership over): 429 past the limit of a password change, which it shares (per
 * session, see CURRENT_PASSWORD_TRIES), and 400 with `wrong` when it does not match.
 */
export async function confirmOwnPassword({ user, jti }: Pick<Session, 'user' | 'jti'>, password: string, wrong: string): Promise<void> {
  const attempt = await rateLimits.take(CURRENT_PASSWORD_TRIES, jti)
  if (!attempt.allowed) throw new HttpError(429, USER_MESSAGES.tooManyTries, { 'Retry-After': String(attempt.retryAfterSeconds) })
  if (!(await bcrypt.compare(password, user.passwordHash))) throw new HttpError(400, wrong)
  await attempt.release()
}
