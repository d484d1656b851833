import type { Config } from '@netlify/functions'
import { passwordResetCheck } from '#domain/api/account.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { openResetLink } from '#lib/auth/password-reset.ts'

/**
 * POST /api/admin/password-reset/check { token }: whether a reset link still works, and whose it
 * is, so the page says at once that a link has expired or was used rather than after she typed a
 * new password twice. Changes nothing. (POST, so the token is never in an address or a log.)
 */
export default endpoint(passwordResetCheck, {
  POST: async ({ body: { token } }) => {
    const { user } = await openResetLink(token)
    return { username: user.username }
  },
})

export const config: Config = { path: '/api/admin/password-reset/check' }
