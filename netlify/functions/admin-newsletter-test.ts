import type { Config } from '@netlify/functions'
import { adminNewsletterTest } from '#domain/api/mail.ts'
import { NEWSLETTER_MESSAGES } from '#domain/newsletter.ts'
import { unsubscribeHeaders } from '#lib/email/batch-mailer.ts'
import { newsletters } from '#lib/data/newsletters.ts'
import { rateLimits } from '#lib/data/rate-limits.ts'
import { runtimeOf } from '#lib/config/env.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError } from '#lib/http/route.ts'
import { EmailNotConfiguredError, sendEmail } from '#lib/email/mailer.ts'
import { escapeHtml } from '#lib/pages/markdown.ts'
import { unsubscribeLinks } from '#lib/subscribers/unsubscribe.ts'
import { newsletterFooter, renderNewsletter } from '#lib/newsletter/email.ts'

/** Enough to check a draft again and again; not enough to use tests as a way to mail someone. */
const TEST_LIMIT = { scope: 'newsletter-test', max: 20, windowMs: 60 * 60_000 }

/**
 * POST /api/admin/newsletters/{id}/test: the newsletter exactly as subscribers will get it, both
 * parts and both unsubscribe headers, subject marked "[Test] ", to the signed-in user's own email
 * (never to an address in the request).
 */
export default endpoint(adminNewsletterTest, {
  POST: async ({ context, session: { user }, params: { id } }) => {
    const newsletter = await newsletters.get(id)
    if (!newsletter) throw new HttpError(404, NEWSLETTER_MESSAGES.notFound)
    const footer = await newsletterFooter()
    const { allowed, retryAfterSeconds } = await rateLimits.take(TEST_LIMIT, user.id)
    if (!allowed)
      throw new HttpError(429, 'That is a lot of test emails. Please wait a while before sending another.', {
        'Retry-After': String(retryAfterSeconds),
      })
    const links = unsubscribeLinks(user.email)
    const email = renderNewsletter(newsletter, footer, { text: links.page, html: escapeHtml(links.page) })
    try {
      await sendEmail(
        {
          to: user.email,
          subject: `[Test] ${email.subject}`,
          text: email.text,
          html: email.html,
          headers: unsubscribeHeaders(links.oneClick),
        },
        runtimeOf(context),
      )
    } catch (error) {
      if (error instanceof EmailNotConfiguredError)
        throw new HttpError(503, 'Email is not set up on this site yet, so nothing can be sent.')
      throw error
    }
    await newsletters.recordTest(newsletter.id, { to: user.email, by: user.username })
    return { message: NEWSLETTER_MESSAGES.testSent(user.email) }
  },
})

export const config: Config = { path: '/api/admin/newsletters/:id/test' }
