import * as z from 'zod/mini'
import type { Role } from './admin-user'
import { IdSchema, IsoDateSchema, idField, requiredText, type FieldSpec } from './fields'

/**
 * A newsletter the coach writes in the admin and sends to every confirmed subscriber.
 *
 * Life of one: `draft` (edited freely, test sends allowed) → `scheduled` (a time is set; editing
 * or cancelling puts it back to draft) or straight to `sending` → `sent`. Only a draft or a
 * scheduled newsletter can be edited or deleted; a sending or sent one is a record of what went out.
 */
export const NEWSLETTER_STATUS_LABELS = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
} as const
export const NEWSLETTER_STATUSES = ['draft', 'scheduled', 'sending', 'sent'] as const
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number]

/** The compose form's fields, in form order. */
export const NEWSLETTER_FIELDS = {
  subject: { label: 'Subject', max: 150 },
  body: {
    label: 'Message',
    hint: 'What subscribers read under the subject. The buttons below make headings, bold words, lists, quotes and links.',
    max: 50_000,
  },
} as const satisfies Record<string, FieldSpec>

/** SendGrid takes at most 1,000 personalizations (recipients here) in one request. */
export const NEWSLETTER_BATCH_SIZE = 1000

/** What the compose form sends (create and update alike). */
export const NewsletterInputSchema = z.object({
  subject: requiredText('Subject is required', NEWSLETTER_FIELDS.subject.max, NEWSLETTER_FIELDS.subject.label),
  body: requiredText('Write the message before saving', NEWSLETTER_FIELDS.body.max, NEWSLETTER_FIELDS.body.label, 'many'),
})
export type NewsletterInput = z.input<typeof NewsletterInputSchema>

/** POST /api/admin/newsletters may instead start from a published post: its title and text are copied in. */
export const NewsletterFromPostSchema = z.object({ fromPostId: idField('Choose a published post') })

/**
 * What creating one sends: either of the two above. Only its shape (an object) is checked here;
 * the function picks the schema by `fromPostId`, so each keeps its own messages.
 */
export const NewsletterCreateSchema = z.custom<NewsletterInput | z.input<typeof NewsletterFromPostSchema>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
)

/**
 * The counts of one send. `total` is the number of subscriber records listed when the send began
 * (every state), `processed` how many of them have been looked at so far (progress = processed /
 * total); only confirmed ones are mailed. `uncertain` are recipients whose batch was cut off while
 * being handed to SendGrid: they are never sent it again, so nobody gets it twice.
 */
export const NewsletterProgressSchema = z.object({
  total: z.number(),
  processed: z._default(z.number(), 0),
  sent: z.number(),
  failed: z.number(),
  uncertain: z._default(z.number(), 0),
})
export type NewsletterProgress = z.infer<typeof NewsletterProgressSchema>

export const NewsletterSchema = z.object({
  id: IdSchema,
  subject: z.string(),
  body: z.string(),
  status: z.enum(NEWSLETTER_STATUSES),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
  updatedBy: z.string(),
  /** When a scheduled newsletter goes out. */
  scheduledAt: z.optional(IsoDateSchema),
  /** The last test send: when, to which address, and who sent it (a username). */
  testSentAt: z.optional(IsoDateSchema),
  testSentTo: z.optional(z.string()),
  testSentBy: z.optional(z.string()),
  startedAt: z.optional(IsoDateSchema),
  finishedAt: z.optional(IsoDateSchema),
  progress: z.optional(NewsletterProgressSchema),
  /** Why the last send stopped, in words for the coach (a SendGrid refusal, settings missing, …). */
  lastError: z.optional(z.string()),
})
export type Newsletter = z.infer<typeof NewsletterSchema>

/**
 * POST /api/admin/newsletters/:id/send. `now` starts the send at once, `schedule` sets a time
 * (at least a minute ahead), `cancel` takes a scheduled newsletter back to draft.
 */
/**
 * The version the admin read (its `updatedAt`): sending or scheduling it answers 409 if it changed
 * since, so what goes out is what she saw, never an edit saved meanwhile.
 */
const SeenSchema = z.optional(z.string().check(z.maxLength(40)))

export const NewsletterSendSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('now'), seen: SeenSchema }),
  z.object({ action: z.literal('schedule'), at: IsoDateSchema, seen: SeenSchema }),
  z.object({ action: z.literal('cancel') }),
])
export type NewsletterSendRequest = z.infer<typeof NewsletterSendSchema>

/**
 * A newsletter as the signed-in person may see it. The address of the last test send is a user's
 * email, and editors may not list users (docs/decisions.md, Roles checked on the server), so an
 * editor sees it only when it is her own; who sent it (a username) everyone may see.
 */
export function newsletterFor(newsletter: Newsletter, viewer: { role: Role; email: string }): Newsletter {
  const { testSentTo, ...rest } = newsletter
  const own = testSentTo !== undefined && testSentTo.toLowerCase() === viewer.email.toLowerCase()
  return viewer.role === 'admin' || own ? newsletter : rest
}

/** The email as it will look: what the preview endpoint answers and what every recipient gets. */
export type RenderedNewsletter = { subject: string; html: string; text: string }

/**
 * Each unsubscribe is kept (undated by person, see netlify/lib/data/unsubscribes.ts) this many days
 * for the reports, then forgotten by the maintenance job: a report counts those since its send
 * started only while that start is within this many days.
 */
export const UNSUBSCRIBES_KEPT_DAYS = 90

/** GET /api/admin/newsletters/:id answers the newsletter and, once sending started, these counts. */
export type NewsletterReport = {
  newsletter: Newsletter
  /**
   * Subscribers who unsubscribed after the send started (from any email); left out once the send
   * started more than UNSUBSCRIBES_KEPT_DAYS ago, as the older unsubscribes are forgotten.
   */
  unsubscribedSince?: number
  /**
   * For an admin, while it can still be sent: how many confirmed subscribers it would go to now.
   * With `more`, the list was too long to read whole in one request, so at least that many.
   */
  recipients?: { confirmed: number; more: boolean }
}

export const NEWSLETTER_MESSAGES = {
  created: 'Newsletter saved as a draft.',
  updated: 'Newsletter saved.',
  deleted: 'Newsletter deleted.',
  testSent: (to: string) => `Test sent to ${to}.`,
  started: 'Sending has started. You can leave this page; it carries on.',
  scheduled: 'Newsletter scheduled.',
  cancelled: 'Schedule cancelled. The newsletter is a draft again.',
  notEditable: 'This newsletter has already been sent and can no longer be changed.',
  alreadySending: 'This newsletter is already on its way.',
  changedSinceSeen: 'This newsletter was changed after you opened it. Please read it again, then send it.',
  scheduleInPast: 'Choose a time at least a minute from now.',
  noRecipients: 'There are no confirmed subscribers to send to yet.',
  notFound: 'Newsletter not found',
  postalAddressMissing: 'Add your postal address (Content, "Every page") before sending: every newsletter must carry it.',
} as const
