import type { Config } from '@netlify/functions'
import { adminSubscriberClearStop } from '#domain/api/mail.ts'
import { SUBSCRIBER_ADMIN_MESSAGES, SUBSCRIBER_STATE_LABELS } from '#domain/subscriber.ts'
import { activity } from '#lib/data/activity.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError } from '#lib/http/route.ts'

/**
 * POST /api/admin/subscribers/clear-stop: email to the address was stopped (it bounced, or its
 * owner marked a newsletter as spam) and the person has asked to receive it again. Admins only,
 * as adding people confirmed by import is: it overrides what the mail provider reported, on her
 * word. They go back to confirmed if they had confirmed, else to awaiting confirmation. The
 * history names the subscriber by its record id, not its address, so that an erasure later leaves
 * nothing of it there (docs/decisions.md, Erasure).
 */
export default endpoint(adminSubscriberClearStop, {
  POST: async ({ session: { user }, body: { email } }) => {
    const outcome = await subscribers.clearStop(email)
    if (outcome === 'missing') throw new HttpError(404, SUBSCRIBER_ADMIN_MESSAGES.notFound)
    if (outcome === 'not-stopped') throw new HttpError(409, SUBSCRIBER_ADMIN_MESSAGES.notStopped)
    const { before, after } = outcome
    await activity.record(user, {
      action: 'stop-cleared',
      subject: 'subscriber',
      recordId: after.id,
      label: 'A subscriber',
      changes: [`State: ${SUBSCRIBER_STATE_LABELS[before.state]} → ${SUBSCRIBER_STATE_LABELS[after.state]}`],
    })
    return { subscriber: after, message: SUBSCRIBER_ADMIN_MESSAGES.cleared(email) }
  },
})

export const config: Config = { path: '/api/admin/subscribers/clear-stop' }
