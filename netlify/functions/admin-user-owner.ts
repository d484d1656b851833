import type { Config } from '@netlify/functions'
import { USER_MESSAGES } from '#domain/admin-user.ts'
import { adminUserOwner } from '#domain/api/account.ts'
import { activity } from '#lib/data/activity.ts'
import { users } from '#lib/data/users.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError } from '#lib/http/route.ts'
import { confirmOwnPassword } from '#lib/auth/own-password.ts'

/**
 * POST /api/admin/users/{id}/owner: the site's owner hands ownership to another admin, confirming
 * with her own password, since the new owner may then delete her account: a session left open on
 * a shared computer must not be enough to give the site away (docs/decisions.md, The site's owner).
 * She stays an admin. Anyone else, admins included, gets 403.
 */
export default endpoint(adminUserOwner, {
  POST: async ({ session, params: { id }, body: { password } }) => {
    const owner = session.user
    if (!owner.owner) throw new HttpError(403, USER_MESSAGES.notOwner)
    // The plain refusals come before the password, so they never use up one of its tries.
    const heir = await users.findById(id)
    if (!heir) throw new HttpError(404, USER_MESSAGES.notFound)
    if (heir.id === owner.id) throw new HttpError(409, USER_MESSAGES.alreadyOwner)
    if (heir.role !== 'admin') throw new HttpError(409, USER_MESSAGES.ownerMustBeAdmin)
    await confirmOwnPassword(session, password, USER_MESSAGES.ownerPasswordWrong)

    const { to } = await users.handOver(owner.id, id)
    const changes = [`Owner: "${owner.username}" → "${to.username}"`]
    await activity.record(owner, { action: 'owner-handed-over', subject: 'user', recordId: to.id, label: to.username, changes })
    return { message: USER_MESSAGES.handedOver(to.username) }
  },
})

export const config: Config = { path: '/api/admin/users/:id/owner' }
