import type { Config } from '@netlify/functions'
import { requireUser } from '../lib/auth'
import { revokedTokens } from '../lib/data/revoked-tokens'
import { json, route } from '../lib/http'

/** POST /api/admin/logout: the token stops working now, not when it expires (docs/decisions.md, Tokens and passwords). */
export default route({
  POST: async (req) => {
    const { jti, expiresAt } = await requireUser(req)
    await revokedTokens.revoke(jti, expiresAt)
    return json({ success: true, message: 'Logged out' })
  },
})

export const config: Config = { path: '/api/admin/logout' }
