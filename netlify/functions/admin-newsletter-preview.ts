import type { Config } from '@netlify/functions'
import { NewsletterInputSchema } from '../../domain/newsletter'
import { requireEditor } from '../lib/auth'
import { json, readBody, route } from '../lib/http'
import { escapeHtml } from '../lib/markdown'
import { newsletterTexts, renderNewsletter } from '../lib/newsletter-email'
import { siteUrl } from '../lib/site-url'

/** Shown in the preview until the coach has set her address (a send is refused without it). */
const ADDRESS_PLACEHOLDER = '(Your postal address goes here: add it in Content, "Every page".)'

/**
 * POST /api/admin/newsletter-preview: an unsaved subject and body as the email every recipient
 * gets (subject, HTML and text parts), through the very renderer the send uses. Stores nothing.
 */
export default route({
  POST: async (req) => {
    await requireEditor(req)
    const input = await readBody(req, NewsletterInputSchema)
    const texts = await newsletterTexts()
    const footer = { ...texts, postalAddress: texts.postalAddress || ADDRESS_PLACEHOLDER }
    // A link to the unsubscribe page itself: each recipient's own link is filled in when sending.
    const page = `${siteUrl()}/unsubscribe`
    return json({ success: true, ...renderNewsletter(input, footer, { text: page, html: escapeHtml(page) }) })
  },
})

export const config: Config = { path: '/api/admin/newsletter-preview' }
