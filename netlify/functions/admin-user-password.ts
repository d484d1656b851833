import type { Config } from '@netlify/functions'
import { PasswordResetSchema, USER_MESSAGES } from '../../domain/admin-user'
import { activity } from '../lib/data/activity'
import { requireAdmin } from '../lib/auth'
import { isCommonPassword } from '../lib/common-passwords'
import { users } from '../lib/data/users'
import { HttpError, json, pathParam, readBody, route } from '../lib/http'

/**
 * POST /api/admin/users/{id}/password: an admin gives another user a temporary password. Every
 * session of that user ends, and at the next sign-in they must choose their own before anything
 * else. An admin changes her own password from My account, with her current one, and nobody but the
 * site's owner sets hers (docs/decisions.md, The site's owner).
 */
export default route({
  POST: async (req, context) => {
    const { user: actor } = await requireAdmin(req)
    const id = pathParam(context, 'id', USER_MESSAGES.notFound)
    const { password } = await readBody(req, PasswordResetSchema)
    if (id === actor.id) throw new HttpError(409, USER_MESSAGES.selfReset)
    // Before the slow hash; the data module checks again, atomically.
    if ((await users.findById(id))?.owner) throw new HttpError(403, USER_MESSAGES.ownerReset)
    if (isCommonPassword(password)) throw new HttpError(400, USER_MESSAGES.commonPassword)
    const user = await users.setPassword(id, password, { mustChange: true, by: actor.id })
    const changes = ['Must choose a new password at next sign-in']
    await activity.record(actor, { action: 'password-reset', subject: 'user', recordId: id, label: user.username, changes })
    return json({ success: true, message: USER_MESSAGES.passwordReset })
  },
})

export const config: Config = { path: '/api/admin/users/:id/password' }
