import type { Config } from '@netlify/functions'
import bcrypt from 'bcryptjs'
import { USER_MESSAGES } from '#domain/admin-user.ts'
import { adminAccountPassword } from '#domain/api/account.ts'
import { issueToken } from '#lib/auth/session.ts'
import { activity } from '#lib/data/activity.ts'
import { rateLimits } from '#lib/data/rate-limits.ts'
import { users } from '#lib/data/users.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError } from '#lib/http/route.ts'
import { CURRENT_PASSWORD_TRIES } from '#lib/auth/login.ts'
import { assertStrongPassword } from '#lib/auth/password-strength.ts'

/**
 * POST /api/admin/account/password: the signed-in user changes her own password, with her current
 * one. Every other session of hers ends; this one goes on with the new token in the answer. Also
 * the way out of an admin's reset, so it is open to a user who must change her password.
 */
export default endpoint(adminAccountPassword, {
  POST: async ({ session: { user, jti }, body: input }) => {
    const attempt = await rateLimits.take(CURRENT_PASSWORD_TRIES, jti)
    if (!attempt.allowed) throw new HttpError(429, USER_MESSAGES.tooManyTries, { 'Retry-After': String(attempt.retryAfterSeconds) })
    if (!(await bcrypt.compare(input.currentPassword, user.passwordHash))) throw new HttpError(400, USER_MESSAGES.currentWrong)
    await attempt.release()
    await assertStrongPassword(input.newPassword, user)

    const updated = await users.setPassword(user.id, input.newPassword, { mustChange: false, by: user.id })
    const changes = ['Her other sessions were signed out']
    await activity.record(user, { action: 'password-changed', subject: 'user', recordId: user.id, label: user.username, changes })
    return {
      message: USER_MESSAGES.passwordChanged,
      token: await issueToken(updated),
      user: { username: updated.username, role: updated.role },
    }
  },
})

export const config: Config = { path: '/api/admin/account/password' }
