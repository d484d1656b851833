import type { Config } from '@netlify/functions'
import { USER_MESSAGES } from '#domain/admin-user.ts'
import { adminUser } from '#domain/api/account.ts'
import { CHANGE_FIELDS, describeRecord } from '#domain/activity.ts'
import { activity } from '#lib/data/activity.ts'
import { users } from '#lib/data/users.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/** DELETE /api/admin/users/{id}: not yourself, and never the last admin. */
export default endpoint(adminUser, {
  DELETE: async ({ session: { user: actor }, params: { id } }) => {
    const removed = await users.remove(id, actor.id)
    const changes = describeRecord(removed, CHANGE_FIELDS.user)
    await activity.record(actor, { action: 'deleted', subject: 'user', recordId: id, label: removed.username, changes })
    return { message: USER_MESSAGES.deleted }
  },
})

export const config: Config = { path: '/api/admin/users/:id' }
