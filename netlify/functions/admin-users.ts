import type { Config } from '@netlify/functions'
import { adminUsers } from '#domain/api/account.ts'
import { CHANGE_FIELDS, describeRecord } from '#domain/activity.ts'
import { activity } from '#lib/data/activity.ts'
import { users } from '#lib/data/users.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { assertStrongPassword } from '#lib/auth/password-strength.ts'

/** /api/admin/users: admins only (docs/decisions.md, Roles checked on the server). Passwords and hashes never leave the server. */
export default endpoint(adminUsers, {
  GET: async () => ({ users: await users.list() }),

  POST: async ({ session: { user: actor }, body: input }) => {
    await assertStrongPassword(input.password, input)
    const user = await users.create(input)
    const changes = describeRecord(user, CHANGE_FIELDS.user)
    await activity.record(actor, { action: 'created', subject: 'user', recordId: user.id, label: user.username, changes })
    return { user, message: 'User created successfully' }
  },
})

export const config: Config = { path: '/api/admin/users' }
