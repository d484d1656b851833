import type { Config } from '@netlify/functions'
import { USER_MESSAGES } from '#domain/admin-user.ts'
import { adminAccountPassword } from '#domain/api/account.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { confirmOwnPassword, setOwnPassword } from '#lib/auth/own-password.ts'
import { assertStrongPassword } from '#lib/auth/password-strength.ts'

/**
 * POST /api/admin/account/password: the signed-in user changes her own password, with her current
 * one. Every other session of hers ends; this one goes on with the new token in the answer. Also
 * the way out of an admin's reset, so it is open to a user who must change her password.
 */
export default endpoint(adminAccountPassword, {
  POST: async ({ session, body: input }) => {
    await confirmOwnPassword(session, input.currentPassword, USER_MESSAGES.currentWrong)
    await assertStrongPassword(input.newPassword, session.user)
    const { answer } = await setOwnPassword(session.user, input.newPassword, USER_MESSAGES.passwordChanged, [])
    return answer
  },
})

export const config: Config = { path: '/api/admin/account/password' }
