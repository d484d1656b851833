import type { Config } from '@netlify/functions'
import { USER_MESSAGES } from '#domain/admin-user.ts'
import { adminAccountSignOut } from '#domain/api/account.ts'
import { activity } from '#lib/data/activity.ts'
import { revokedTokens } from '#lib/data/revoked-tokens.ts'
import { users } from '#lib/data/users.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/**
 * POST /api/admin/account/sign-out-everywhere: ends every session of the signed-in user, this one
 * included, on every device (her session version goes up, so every token signed before stops
 * working at once), for when a device was lost or a session may have been taken. Open while a
 * new password is due too: ending sessions is always safe. Her password stays as it is.
 */
export default endpoint(adminAccountSignOut, {
  POST: async ({ session: { user, jti, expiresAt } }) => {
    await users.endSessions(user.id)
    // Already dead with the old version; revoked too, so it stays dead whatever becomes of the version.
    await revokedTokens.revoke(jti, expiresAt)
    await activity.record(user, {
      action: 'signed-out',
      subject: 'user',
      recordId: user.id,
      label: user.username,
      changes: ['Every session ended'],
    })
    return { message: USER_MESSAGES.signedOutEverywhere }
  },
})

export const config: Config = { path: '/api/admin/account/sign-out-everywhere' }
