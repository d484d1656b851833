import type { Config } from '@netlify/functions'
import { adminSubscriberErase } from '#domain/api/mail.ts'
import { SUBSCRIBER_ADMIN_MESSAGES, SUBSCRIBER_STATE_LABELS } from '#domain/subscriber.ts'
import { activity } from '#lib/data/activity.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/**
 * POST /api/admin/subscribers/erase: a person asked to be forgotten. Erases their record (in any
 * state: a stopped one too), their signup markers and their remembered unsubscribe. The history
 * keeps that a subscriber was removed, by whom and when, but not the address: keeping it there
 * would keep what was asked to be erased (docs/decisions.md, Erasure).
 */
export default endpoint(adminSubscriberErase, {
  POST: async ({ session: { user }, body: { email } }) => {
    const erased = await subscribers.erase(email)
    if (erased)
      await activity.record(user, {
        action: 'erased',
        subject: 'subscriber',
        recordId: erased.id,
        label: 'A subscriber',
        changes: [`State was: ${SUBSCRIBER_STATE_LABELS[erased.state]}`],
      })
    return {
      erased: erased !== null,
      message: erased ? SUBSCRIBER_ADMIN_MESSAGES.erased(email) : SUBSCRIBER_ADMIN_MESSAGES.nothingToErase(email),
    }
  },
})

export const config: Config = { path: '/api/admin/subscribers/erase' }
