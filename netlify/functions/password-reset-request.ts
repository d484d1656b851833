import type { Config } from '@netlify/functions'
import { PASSWORD_RESET_MESSAGES } from '#domain/admin-user.ts'
import { passwordResetRequest } from '#domain/api/account.ts'
import { afterAnswer } from '#lib/http/after-answer.ts'
import { assertSigningConfigured } from '#lib/auth/session.ts'
import { runtimeOf } from '#lib/config/env.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError } from '#lib/http/route.ts'
import { emailSetup } from '#lib/email/mailer.ts'
import { sendResetLinks } from '#lib/auth/password-reset.ts'
import { limitPublicForm } from '#lib/forms/public-forms.ts'

/**
 * POST /api/admin/password-reset/request { identifier }: "Forgot your password?". Anyone may ask;
 * the answer is the same message, after the same work, whether or not the username or email
 * belongs to an account: finding the account and sending the email happen after the answer has
 * gone (afterAnswer). Not subject to the sign-in limits, so it works while her username is
 * under a guessing attack; bounded per network here and per account in password-reset.ts.
 */
export default endpoint(passwordResetRequest, {
  POST: async ({ req, context, body: { identifier } }) => {
    assertSigningConfigured()
    const runtime = runtimeOf(context)
    // Site-wide, so it says nothing about any account: better said than a promise of an email that cannot come.
    if (emailSetup(runtime).transport === 'none') throw new HttpError(503, PASSWORD_RESET_MESSAGES.emailUnavailable)
    await limitPublicForm('passwordReset', req, context)
    afterAnswer(context, 'password reset email', () => sendResetLinks(identifier, runtime))
    return { message: PASSWORD_RESET_MESSAGES.requested }
  },
})

export const config: Config = { path: '/api/admin/password-reset/request' }
