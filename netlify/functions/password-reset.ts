import type { Config } from '@netlify/functions'
import { PASSWORD_RESET_MESSAGES } from '#domain/admin-user.ts'
import { passwordReset } from '#domain/api/account.ts'
import { users } from '#lib/data/users.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { trustNetwork } from '#lib/auth/login.ts'
import { openResetLink, redeemResetLink } from '#lib/auth/password-reset.ts'
import { setOwnPassword } from '#lib/auth/own-password.ts'
import { assertStrongPassword } from '#lib/auth/password-strength.ts'

/**
 * POST /api/admin/password-reset { token, newPassword, confirmPassword }: the page a reset link
 * opens. Sets the password (strength-checked, before the link is used up, so a refused password
 * leaves the link working), ends every other session, and signs her in: the answer carries a
 * session token. The link then works no more. Her network becomes one she signs in from, so a
 * guessing attack on her username does not keep her out of it afterwards.
 */
export default endpoint(passwordReset, {
  POST: async ({ req, context, body: input }) => {
    const { user, nonce } = await openResetLink(input.token)
    await assertStrongPassword(input.newPassword, user)
    await redeemResetLink(user, nonce)
    const { updated, answer } = await setOwnPassword(user, input.newPassword, PASSWORD_RESET_MESSAGES.done, ['With a link sent to her email'])
    await trustNetwork(updated.username, req, context)
    await users.recordLogin(updated.id)
    return answer
  },
})

export const config: Config = { path: '/api/admin/password-reset' }
