import type { Config } from '@netlify/functions'
import { adminNewsletter } from '#domain/api/mail.ts'
import { NEWSLETTER_MESSAGES, newsletterFor, type NewsletterReport } from '#domain/newsletter.ts'
import { newsletters, withLiveProgress } from '#lib/data/newsletters.ts'
import { unsubscribes } from '#lib/data/unsubscribes.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError } from '#lib/http/route.ts'
import { countRecipients } from '#lib/newsletter/sender.ts'

/**
 * /api/admin/newsletters/{id}: the newsletter with its send's counts and how many unsubscribed
 * since it started, while that is within the days unsubscribes are kept, and for an admin while it
 * can be sent how many confirmed subscribers it would go to (GET); save the text (PUT) or delete it (DELETE), while it is a draft or
 * scheduled only. Saving a scheduled one takes it back to draft.
 */
export default endpoint(adminNewsletter, {
  GET: async ({ session: { user }, params: { id } }) => {
    const found = await newsletters.get(id)
    if (!found) throw new HttpError(404, NEWSLETTER_MESSAGES.notFound)
    const newsletter = newsletterFor(await withLiveProgress(found), user)
    const unsubscribedSince = newsletter.startedAt ? await unsubscribes.countSince(newsletter.startedAt) : null
    const report: NewsletterReport = unsubscribedSince === null ? { newsletter } : { newsletter, unsubscribedSince }
    // Only an admin can send, and only a draft or a scheduled newsletter: the question says to how many.
    const sendable = newsletter.status === 'draft' || newsletter.status === 'scheduled'
    if (user.role === 'admin' && sendable) report.recipients = await countRecipients()
    return report
  },

  PUT: async ({ session: { user }, params: { id }, body: input }) => {
    const newsletter = await newsletters.update(id, input, user.username, { by: user })
    return { newsletter: newsletterFor(newsletter, user), message: NEWSLETTER_MESSAGES.updated }
  },

  DELETE: async ({ session: { user }, params: { id } }) => {
    await newsletters.remove(id, { by: user })
    return { message: NEWSLETTER_MESSAGES.deleted }
  },
})

export const config: Config = { path: '/api/admin/newsletters/:id' }
