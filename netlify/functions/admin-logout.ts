import type { Config } from '@netlify/functions'
import { requireUser } from '../lib/auth'
import { revokedTokens } from '../lib/data/revoked-tokens'
import { json, route } from '../lib/http'

/**
 * POST /api/admin/logout: the token stops working now, not when it expires (docs/decisions.md,
 * Tokens and passwords). Open to every live session, one that must choose a new password after a
 * reset included: refusing it would leave a working token in a browser that asked to be rid of it.
 * (A token already dead, revoked, from before a password change or of a deleted user, answers 401.)
 */
export default route({
  POST: async (req) => {
    const { jti, expiresAt } = await requireUser(req, { passwordChange: true })
    await revokedTokens.revoke(jti, expiresAt)
    return json({ success: true, message: 'Logged out' })
  },
})

export const config: Config = { path: '/api/admin/logout' }
