import type { Config } from '@netlify/functions'
import { adminLogout } from '#domain/api/account.ts'
import { revokedTokens } from '#lib/data/revoked-tokens.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/**
 * POST /api/admin/logout: the token stops working now, not when it expires (docs/decisions.md,
 * Tokens and passwords). Open to every live session, one that must choose a new password after a
 * reset included: refusing it would leave a working token in a browser that asked to be rid of it.
 * (A token already dead, revoked, from before a password change or of a deleted user, answers 401.)
 */
export default endpoint(adminLogout, {
  POST: async ({ session: { jti, expiresAt } }) => {
    await revokedTokens.revoke(jti, expiresAt)
    return { message: 'Logged out' }
  },
})

export const config: Config = { path: '/api/admin/logout' }
