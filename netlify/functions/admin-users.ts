import type { Config } from '@netlify/functions'
import { UserInputSchema } from '../../domain/admin-user'
import { requireAdmin } from '../lib/auth'
import { users } from '../lib/data/users'
import { json, readBody, route } from '../lib/http'

/** /api/admin/users: admins only (docs/decisions.md, Roles checked on the server). Passwords and hashes never leave the server. */
export default route({
  GET: async (req) => {
    await requireAdmin(req)
    return json({ success: true, users: await users.list() })
  },

  POST: async (req) => {
    await requireAdmin(req)
    const input = await readBody(req, UserInputSchema)
    const user = await users.create(input)
    return json({ success: true, user, message: 'User created successfully' }, { status: 201 })
  },
})

export const config: Config = { path: '/api/admin/users' }
