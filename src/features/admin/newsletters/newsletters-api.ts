import type { NewsletterReport, RenderedNewsletter } from '#domain/newsletter.ts'
import * as mail from '#domain/api/mail.ts'
import type { EndpointCall } from '#src/lib/endpoint-call.ts'
import { adminCall } from '#src/features/admin/kit/admin-call.ts'

/** The newsletters' calls: drafts, their preview, the test, and the send. */
export const newslettersApi = {
  newsletters: async () => (await adminCall(mail.adminNewsletters, 'GET')).newsletters,
  /** The newsletter and, once sending started, how many unsubscribed since. */
  newsletter: async (id: string): Promise<NewsletterReport> => {
    const { newsletter, unsubscribedSince, recipients } = await adminCall(mail.adminNewsletter, 'GET', { params: { id } })
    return { newsletter, ...(unsubscribedSince !== undefined && { unsubscribedSince }), ...(recipients && { recipients }) }
  },
  /** A new draft, from what was typed or from a published post's title and text. */
  createNewsletter: (input: EndpointCall<typeof mail.adminNewsletters, 'POST'>['body']) =>
    adminCall(mail.adminNewsletters, 'POST', { body: input }),
  updateNewsletter: (id: string, input: EndpointCall<typeof mail.adminNewsletter, 'PUT'>['body']) =>
    adminCall(mail.adminNewsletter, 'PUT', { params: { id }, body: input }),
  deleteNewsletter: (id: string) => adminCall(mail.adminNewsletter, 'DELETE', { params: { id } }),
  previewNewsletter: async (
    input: EndpointCall<typeof mail.adminNewsletterPreview, 'POST'>['body'],
    signal?: AbortSignal,
  ): Promise<RenderedNewsletter> => {
    const { subject, html, text } = await adminCall(mail.adminNewsletterPreview, 'POST', { body: input, signal })
    return { subject, html, text }
  },
  /** Sends the saved version to the signed-in person's own address. */
  testNewsletter: (id: string) => adminCall(mail.adminNewsletterTest, 'POST', { params: { id } }),
  sendNewsletter: (id: string, request: EndpointCall<typeof mail.adminNewsletterSend, 'POST'>['body']) =>
    adminCall(mail.adminNewsletterSend, 'POST', { params: { id }, body: request }),
}
