import type { Config } from '@netlify/functions'
import { USER_MESSAGES } from '#domain/admin-user.ts'
import { adminUserPassword } from '#domain/api/account.ts'
import { activity } from '#lib/data/activity.ts'
import { users } from '#lib/data/users.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError } from '#lib/http/route.ts'
import { assertStrongPassword } from '#lib/auth/password-strength.ts'

/**
 * POST /api/admin/users/{id}/password: an admin gives another user a temporary password. Every
 * session of that user ends, and at the next sign-in they must choose their own before anything
 * else. An admin changes her own password from My account, with her current one, and nobody but the
 * site's owner sets hers (docs/decisions.md, The site's owner).
 */
export default endpoint(adminUserPassword, {
  POST: async ({ session: { user: actor }, params: { id }, body: { password } }) => {
    if (id === actor.id) throw new HttpError(409, USER_MESSAGES.selfReset)
    const target = await users.findById(id)
    if (!target) throw new HttpError(404, USER_MESSAGES.notFound)
    // Before the slow hash; the data module checks again, atomically.
    if (target.owner) throw new HttpError(403, USER_MESSAGES.ownerReset)
    // Temporary, but it is a working password until she signs in: as hard to guess as any other.
    await assertStrongPassword(password, target)
    const user = await users.setPassword(id, password, { mustChange: true, by: actor.id })
    const changes = ['Must choose a new password at next sign-in']
    await activity.record(actor, { action: 'password-reset', subject: 'user', recordId: id, label: user.username, changes })
    return { message: USER_MESSAGES.passwordReset }
  },
})

export const config: Config = { path: '/api/admin/users/:id/password' }
