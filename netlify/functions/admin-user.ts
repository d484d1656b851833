import type { Config } from '@netlify/functions'
import { USER_MESSAGES } from '../../domain/admin-user'
import { CHANGE_FIELDS, describeRecord } from '../../domain/activity'
import { requireAdmin } from '../lib/auth'
import { activity } from '../lib/data/activity'
import { users } from '../lib/data/users'
import { json, pathParam, route } from '../lib/http'

/** DELETE /api/admin/users/{id}: not yourself, and never the last admin. */
export default route({
  DELETE: async (req, context) => {
    const { user: actor } = await requireAdmin(req)
    const id = pathParam(context, 'id', USER_MESSAGES.notFound)
    const removed = await users.remove(id, actor.id)
    const changes = describeRecord(removed, CHANGE_FIELDS.user)
    await activity.record(actor, { action: 'deleted', subject: 'user', recordId: id, label: removed.username, changes })
    return json({ success: true, message: USER_MESSAGES.deleted })
  },
})

export const config: Config = { path: '/api/admin/users/:id' }
