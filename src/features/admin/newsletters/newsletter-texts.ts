import { formatCount, formatDateTime } from '#domain/text.ts'
import { UNSUBSCRIBES_KEPT_DAYS, type Newsletter, type NewsletterReport } from '#domain/newsletter.ts'

/** The admin's newsletter screens (src/app/app-routes.tsx). */
export const NEWSLETTERS_PATH = '/admin/newsletters'
export const newsletterPath = (id: string) => `${NEWSLETTERS_PATH}/${encodeURIComponent(id)}`

/**
 * What the Newsletters screens say on their own: the failures the server gives no words for, and
 * the explanations around sending. The server's answers come from NEWSLETTER_MESSAGES
 * (domain/newsletter.ts).
 */
export const NEWSLETTER_TEXTS = {
  loadFailed: 'Failed to load newsletters',
  saveFailed: 'Failed to save the newsletter',
  deleteFailed: 'Failed to delete the newsletter',
  testFailed: 'The test could not be sent',
  sendFailed: 'The newsletter could not be sent',
  empty: 'No newsletters yet. Your first one can be a short hello to the people who signed up.',
  testNeedsSave: 'Save your changes first: the test sends the saved version.',
  testExplained: 'The saved version goes to your own email address.',
  editorCannotSend: 'Only an admin can send or schedule a newsletter. Save it, and an admin can send it from here.',
  editingScheduled: 'Saving a change puts it back to a draft: schedule it again afterwards.',
  readOnly: 'This newsletter has gone out: it is kept here as a record and can no longer be changed.',
  unsubscribesForgotten: `Unsubscribes are counted for ${UNSUBSCRIBES_KEPT_DAYS} days after a send starts; this one started earlier.`,
  uncertain:
    'Uncertain means the send was cut off while these were being handed over to the email service: we cannot tell whether they arrived, so they are never sent again and nobody gets it twice.',
  sendQuestion: (subject: string, recipients: NewsletterReport['recipients']) => ({
    title: 'Send to all confirmed subscribers?',
    message: sendMessage(subject, recipients),
    labels: { confirmLabel: 'Send now', cancelLabel: 'Not yet' },
  }),
  /** Once the send it started has finished, the banner that said so says this instead. */
  finished: 'Sending has finished: how it went is below.',
  deleteQuestion: (subject: string) => ({ title: 'Delete newsletter?', message: `Delete “${subject}”? This cannot be undone.` }),
} as const

/** What the send question says, with to how many it will go when the page was told. */
function sendMessage(subject: string, recipients: NewsletterReport['recipients']): string {
  if (!recipients) return `“${subject}” goes out now to every confirmed subscriber. This cannot be undone.`
  const { confirmed, more } = recipients
  if (confirmed === 0 && !more)
    return `Nobody has confirmed their subscription yet, so there is nobody to send “${subject}” to. It can go out once someone confirms.`
  const whom = more
    ? `at least ${formatCount(confirmed)} confirmed subscribers (your list is too long to count them all here)`
    : `${formatCount(confirmed)} confirmed ${confirmed === 1 ? 'subscriber' : 'subscribers'}`
  return `“${subject}” goes out now. It will go to ${whom}. This cannot be undone.`
}

/** The moment that matters for a newsletter in its state, for lists and headers. */
export function newsletterWhen(newsletter: Newsletter): string {
  switch (newsletter.status) {
    case 'scheduled':
      return `Goes out ${formatDateTime(newsletter.scheduledAt)}`
    case 'sending':
      return `Started ${formatDateTime(newsletter.startedAt)}`
    case 'sent':
      return `Sent ${formatDateTime(newsletter.finishedAt ?? newsletter.startedAt)}`
    default:
      return `Edited ${formatDateTime(newsletter.updatedAt)}`
  }
}

export const NEWSLETTER_STATUS_TONES = { draft: 'gray', scheduled: 'amber', sending: 'amber', sent: 'green' } as const
