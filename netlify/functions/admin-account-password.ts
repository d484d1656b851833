import type { Config } from '@netlify/functions'
import { PasswordChangeSchema, USER_MESSAGES } from '../../domain/admin-user'
import { issueToken, requireUser } from '../lib/auth'
import { isCommonPassword } from '../lib/common-passwords'
import { activity } from '../lib/data/activity'
import { users } from '../lib/data/users'
import { HttpError, json, readBody, route } from '../lib/http'
import { confirmOwnPassword } from '../lib/own-password'

/**
 * POST /api/admin/account/password: the signed-in user changes her own password, with her current
 * one. Every other session of hers ends; this one goes on with the new token in the answer. Also
 * the way out of an admin's reset, so it is open to a user who must change her password.
 */
export default route({
  POST: async (req) => {
    const { user } = await requireUser(req, { passwordChange: true })
    const input = await readBody(req, PasswordChangeSchema)
    await confirmOwnPassword(user, input.currentPassword, USER_MESSAGES.currentWrong)
    if (isCommonPassword(input.newPassword)) throw new HttpError(400, USER_MESSAGES.commonPassword)

    const updated = await users.setPassword(user.id, input.newPassword, { mustChange: false, by: user.id })
    const changes = ['Her other sessions were signed out']
    await activity.record(user, { action: 'password-changed', subject: 'user', recordId: user.id, label: user.username, changes })
    return json({
      success: true,
      message: USER_MESSAGES.passwordChanged,
      token: await issueToken(updated),
      user: { username: updated.username, role: updated.role },
    })
  },
})

export const config: Config = { path: '/api/admin/account/password' }
