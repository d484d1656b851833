import type { Config } from '@netlify/functions'
import { ResetLinkSchema } from '../../domain/admin-user'
import { json, readBody, route } from '../lib/http'
import { openResetLink } from '../lib/password-reset'

/**
 * POST /api/admin/password-reset/check { token }: whether a reset link still works, and whose it
 * is, so the page says at once that a link has expired or was used rather than after she typed a
 * new password twice. Changes nothing. (POST, so the token is never in an address or a log.)
 */
export default route({
  POST: async (req) => {
    const { token } = await readBody(req, ResetLinkSchema)
    const { user } = await openResetLink(token)
    return json({ success: true, username: user.username })
  },
})

export const config: Config = { path: '/api/admin/password-reset/check' }
