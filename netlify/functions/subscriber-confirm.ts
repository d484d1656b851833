import type { Config } from '@netlify/functions'
import { subscriberConfirm } from '#domain/api/site.ts'
import { CONFIRM_MESSAGES } from '#domain/subscriber.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { runtimeOf } from '#lib/config/env.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError } from '#lib/http/route.ts'
import { sendWelcome } from '#lib/subscribers/unsubscribe.ts'
import { emailOfConfirmToken } from '#lib/subscribers/confirm.ts'

/**
 * POST /api/subscribers/confirm { token }: the button on the page the confirmation email links
 * to. Only a POST confirms: mail scanners open links (GET) to check them, and must not subscribe
 * anyone. The welcome email, with its unsubscribe link, follows the confirming.
 */
export default endpoint(subscriberConfirm, {
  POST: async ({ context, body: { token } }) => {
    const link = await emailOfConfirmToken(token)
    if (!link) throw new HttpError(400, CONFIRM_MESSAGES.invalid)
    const { email } = link
    const outcome = await subscribers.confirm(email, new Date(), { linkIssuedAt: link.issuedAt })
    // Removed since (unsubscribed, or a week passed unconfirmed), or signed up again after a link
    // made for an earlier signup: signing up again is the way back.
    if (outcome === 'missing') throw new HttpError(400, CONFIRM_MESSAGES.invalid)
    // Bounced or marked as spam: mail to it has stopped for good, so it is not confirmed (and no welcome goes).
    if (outcome === 'stopped') throw new HttpError(400, CONFIRM_MESSAGES.stopped)
    if (outcome === 'already-confirmed') return { status: outcome, message: CONFIRM_MESSAGES.alreadyConfirmed }
    await sendWelcome(email, runtimeOf(context)).catch((error) => console.error('welcome email failed:', error))
    return { status: outcome, message: CONFIRM_MESSAGES.confirmed }
  },
})

export const config: Config = { path: '/api/subscribers/confirm' }
