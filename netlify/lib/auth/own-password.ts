import bcrypt from 'bcryptjs'
import { USER_MESSAGES, type StoredUser } from '#domain/admin-user.ts'
import { issueToken, type Session } from './session'
import { activity } from '#lib/data/activity.ts'
import { rateLimits } from '#lib/data/rate-limits.ts'
import { users } from '#lib/data/users.ts'
import { HttpError } from '#lib/http/route.ts'
import { CURRENT_PASSWORD_TRIES } from './login'

/**
 * Checks the signed-in user's own password, as a call that changes it or gives something away asks
 * for it (a new password, handing ownership over): 429 past the limit of a password change, which it shares (per
 * session, see CURRENT_PASSWORD_TRIES), and 400 with `wrong` when it does not match.
 */
export async function confirmOwnPassword({ user, jti }: Pick<Session, 'user' | 'jti'>, password: string, wrong: string): Promise<void> {
  const attempt = await rateLimits.take(CURRENT_PASSWORD_TRIES, jti)
  if (!attempt.allowed) throw new HttpError(429, USER_MESSAGES.tooManyTries, { 'Retry-After': String(attempt.retryAfterSeconds) })
  if (!(await bcrypt.compare(password, user.passwordHash))) throw new HttpError(400, wrong)
  await attempt.release()
}

/**
 * Sets a user's new password (already checked for strength), which ends every other session of
 * hers, records it in the history, and answers with a fresh session token so that this browser
 * stays signed in. `how` lines say in the history how it was done.
 */
export async function setOwnPassword(user: StoredUser, newPassword: string, message: string, how: string[]) {
  const updated = await users.setPassword(user.id, newPassword, { mustChange: false, by: user.id })
  const changes = [...how, 'Other sessions were signed out']
  await activity.record(updated, { action: 'password-changed', subject: 'user', recordId: updated.id, label: updated.username, changes })
  return { updated, answer: { message, token: await issueToken(updated), user: { username: updated.username, role: updated.role } } }
}
