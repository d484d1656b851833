import type { Config } from '@netlify/functions'
import { USER_MESSAGES } from '#domain/admin-user.ts'
import { adminUser } from '#domain/api/account.ts'
import { users } from '#lib/data/users.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/** DELETE /api/admin/users/{id}: not yourself, and never the last admin. */
export default endpoint(adminUser, {
  DELETE: async ({ session: { user: actor }, params: { id } }) => {
    await users.remove(id, actor.id, { by: actor })
    return { message: USER_MESSAGES.deleted }
  },
})

export const config: Config = { path: '/api/admin/users/:id' }
