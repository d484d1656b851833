import type { Config } from '@netlify/functions'
import { adminNewsletterPreview } from '#domain/api/mail.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { escapeHtml } from '#lib/pages/markdown.ts'
import { newsletterTexts, renderNewsletter } from '#lib/newsletter/email.ts'
import { siteUrl } from '#lib/config/site-url.ts'

/** Shown in the preview until the coach has set her address (a send is refused without it). */
const ADDRESS_PLACEHOLDER = '(Your postal address goes here: add it in Content, "Every page".)'

/**
 * POST /api/admin/newsletter-preview: an unsaved subject and body as the email every recipient
 * gets (subject, HTML and text parts), through the very renderer the send uses. Stores nothing.
 */
export default endpoint(adminNewsletterPreview, {
  POST: async ({ body: input }) => {
    const texts = await newsletterTexts()
    const footer = { ...texts, postalAddress: texts.postalAddress || ADDRESS_PLACEHOLDER }
    // A link to the unsubscribe page itself: each recipient's own link is filled in when sending.
    const page = `${siteUrl()}/unsubscribe`
    return renderNewsletter(input, footer, { text: page, html: escapeHtml(page) })
  },
})

export const config: Config = { path: '/api/admin/newsletter-preview' }
