import type { Config } from '@netlify/functions'
import { adminUsers } from '#domain/api/account.ts'
import { users } from '#lib/data/users.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { assertStrongPassword } from '#lib/auth/password-strength.ts'

/** /api/admin/users: admins only (docs/decisions.md, Roles checked on the server). Passwords and hashes never leave the server. */
export default endpoint(adminUsers, {
  GET: async () => ({ users: await users.list() }),

  POST: async ({ session: { user: actor }, body: input }) => {
    await assertStrongPassword(input.password, input)
    const user = await users.create(input, { by: actor })
    return { user, message: 'User created successfully' }
  },
})

export const config: Config = { path: '/api/admin/users' }
