import type { Config } from '@netlify/functions'
import { CHANGE_FIELDS, describeChanges, describeRecord } from '../../domain/activity'
import { NEWSLETTER_MESSAGES, NewsletterInputSchema, newsletterFor, type NewsletterReport } from '../../domain/newsletter'
import { requireEditor } from '../lib/auth'
import { activity } from '../lib/data/activity'
import { newsletters, withLiveProgress } from '../lib/data/newsletters'
import { unsubscribes } from '../lib/data/unsubscribes'
import { HttpError, json, pathParam, readBody, route } from '../lib/http'

/**
 * /api/admin/newsletters/{id}: the newsletter with its send's counts and how many unsubscribed
 * since it started, while that is within the days unsubscribes are kept (GET); save the text (PUT) or delete it (DELETE), while it is a draft or
 * scheduled only. Saving a scheduled one takes it back to draft.
 */
export default route({
  GET: async (req, context) => {
    const { user } = await requireEditor(req)
    const found = await newsletters.get(pathParam(context, 'id', NEWSLETTER_MESSAGES.notFound))
    if (!found) throw new HttpError(404, NEWSLETTER_MESSAGES.notFound)
    const newsletter = newsletterFor(await withLiveProgress(found), user)
    const unsubscribedSince = newsletter.startedAt ? await unsubscribes.countSince(newsletter.startedAt) : null
    const report: NewsletterReport = unsubscribedSince === null ? { newsletter } : { newsletter, unsubscribedSince }
    return json({ success: true, ...report })
  },

  PUT: async (req, context) => {
    const { user } = await requireEditor(req)
    const id = pathParam(context, 'id', NEWSLETTER_MESSAGES.notFound)
    const input = await readBody(req, NewsletterInputSchema)
    const before = await newsletters.get(id)
    const newsletter = await newsletters.update(id, input, user.username)
    const changes = before ? describeChanges(before, newsletter, CHANGE_FIELDS.newsletter) : []
    await activity.record(user, { action: 'updated', subject: 'newsletter', recordId: id, label: newsletter.subject, changes })
    return json({ success: true, newsletter: newsletterFor(newsletter, user), message: NEWSLETTER_MESSAGES.updated })
  },

  DELETE: async (req, context) => {
    const { user } = await requireEditor(req)
    const removed = await newsletters.remove(pathParam(context, 'id', NEWSLETTER_MESSAGES.notFound))
    const changes = describeRecord(removed, CHANGE_FIELDS.newsletter)
    await activity.record(user, { action: 'deleted', subject: 'newsletter', recordId: removed.id, label: removed.subject, changes })
    return json({ success: true, message: NEWSLETTER_MESSAGES.deleted })
  },
})

export const config: Config = { path: '/api/admin/newsletters/:id' }
