import type { Config } from '@netlify/functions'
import { UserInputSchema } from '../../domain/admin-user'
import { CHANGE_FIELDS, describeRecord } from '../../domain/activity'
import { requireAdmin } from '../lib/auth'
import { activity } from '../lib/data/activity'
import { users } from '../lib/data/users'
import { json, readBody, route } from '../lib/http'
import { assertStrongPassword } from '../lib/password-strength'

/** /api/admin/users: admins only (docs/decisions.md, Roles checked on the server). Passwords and hashes never leave the server. */
export default route({
  GET: async (req) => {
    await requireAdmin(req)
    return json({ success: true, users: await users.list() })
  },

  POST: async (req) => {
    const { user: actor } = await requireAdmin(req)
    const input = await readBody(req, UserInputSchema)
    await assertStrongPassword(input.password, input)
    const user = await users.create(input)
    const changes = describeRecord(user, CHANGE_FIELDS.user)
    await activity.record(actor, { action: 'created', subject: 'user', recordId: user.id, label: user.username, changes })
    return json({ success: true, user, message: 'User created successfully' }, { status: 201 })
  },
})

export const config: Config = { path: '/api/admin/users' }
