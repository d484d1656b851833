import type { Config } from '@netlify/functions'
import { adminNewsletterSend } from '#domain/api/mail.ts'
import { timeChange } from '#domain/activity.ts'
import { NEWSLETTER_MESSAGES } from '#domain/newsletter.ts'
import { activity } from '#lib/data/activity.ts'
import { newsletters } from '#lib/data/newsletters.ts'
import { runtimeOf } from '#lib/config/env.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError } from '#lib/http/route.ts'
import { emailSetup } from '#lib/email/mailer.ts'
import { newsletterFooter } from '#lib/newsletter/email.ts'
import { mayHaveRecipients, triggerSend } from '#lib/newsletter/sender.ts'

const MINUTE_MS = 60_000

/**
 * POST /api/admin/newsletters/{id}/send, admins only: `now` moves it to sending and starts the
 * background worker; `schedule` sets a time at least a minute ahead (the scheduler starts it);
 * `cancel` takes a scheduled one back to draft. Of two admins pressing Send at once, one gets 409.
 */
export default endpoint(adminNewsletterSend, {
  POST: async ({ context, session: { user }, params: { id }, body: action }) => {
    if (action.action === 'cancel') {
      const newsletter = await newsletters.cancel(id, user.username)
      await activity.record(user, {
        action: 'updated',
        subject: 'newsletter',
        recordId: id,
        label: newsletter.subject,
        changes: ['Schedule cancelled'],
      })
      return { newsletter, message: NEWSLETTER_MESSAGES.cancelled }
    }
    const current = await newsletters.get(id)
    if (!current) throw new HttpError(404, NEWSLETTER_MESSAGES.notFound)
    if (current.status === 'sending' || current.status === 'sent') throw new HttpError(409, NEWSLETTER_MESSAGES.alreadySending)
    await newsletterFooter()
    if (emailSetup(runtimeOf(context)).transport === 'none')
      throw new HttpError(503, 'Email is not set up on this site yet, so nothing can be sent.')
    if (!(await mayHaveRecipients())) throw new HttpError(409, NEWSLETTER_MESSAGES.noRecipients)

    if (action.action === 'schedule') {
      if (Date.parse(action.at) < Date.now() + MINUTE_MS) throw new HttpError(400, NEWSLETTER_MESSAGES.scheduleInPast)
      const newsletter = await newsletters.schedule(id, action.at, user.username, new Date(), action.seen)
      await activity.record(user, {
        action: 'scheduled',
        subject: 'newsletter',
        recordId: id,
        label: newsletter.subject,
        changes: [timeChange('Scheduled for', action.at)],
      })
      return { newsletter, message: NEWSLETTER_MESSAGES.scheduled }
    }
    const newsletter = await newsletters.start(id, user.username, new Date(), action.seen)
    await activity.record(user, { action: 'sent', subject: 'newsletter', recordId: id, label: newsletter.subject, changes: [] })
    await triggerSend(id)
    return { newsletter, message: NEWSLETTER_MESSAGES.started }
  },
})

export const config: Config = { path: '/api/admin/newsletters/:id/send' }
