import { answers, contract, type MethodContract } from './contract'
import { type Endpoint } from '#domain/route-map.ts'
import { ENDPOINTS } from '#domain/endpoints.ts'
import { BookingStatusUpdateSchema, type StoredBooking } from '#domain/booking.ts'
import {
  NEWSLETTER_MESSAGES,
  NewsletterCreateSchema,
  NewsletterInputSchema,
  NewsletterSendSchema,
  type Newsletter,
  type NewsletterReport,
  type RenderedNewsletter,
} from '#domain/newsletter.ts'
import { EXPORT_MESSAGES, type ExportStatus } from '#domain/subscriber-export.ts'
import { IMPORT_MAX_BODY_BYTES, ImportRequestSchema, type ImportResult } from '#domain/subscriber-import.ts'
import { SubscriberAddressSchema, type Subscriber } from '#domain/subscriber.ts'

/** Newsletters and their send worker, the subscriber list's exports and imports, and booking requests. */

/** The calls on one newsletter, which its id in the address names. */
const ONE_NEWSLETTER = { ids: { id: NEWSLETTER_MESSAGES.notFound } } as const

/** The calls on one export: only the editor who started it may see it or download it. */
const ONE_EXPORT = { ids: { id: EXPORT_MESSAGES.notFound } } as const
const EXPORT_OWNER = { access: 'editor', who: "editor, the export's owner" } as const

export const adminNewsletters = contract({
  endpoint: ENDPOINTS.adminNewsletters,
  methods: {
    GET: {
      access: 'editor',
      answers:
        '`newsletters`: every newsletter (id, subject, body, status, createdAt, updatedAt, updatedBy, scheduledAt, testSentAt, testSentTo, testSentBy, startedAt, finishedAt, progress, lastError), newest first; one being sent carries its live `progress`. `testSentTo` (an address) only to admins and to the person it went to, in every newsletter answer',
      answer: answers<{ newsletters: Newsletter[] }>(),
    },
    POST: {
      access: 'editor',
      sends: 'subject, body; or fromPostId (a published post: its title, its text and a link to it)',
      answers: '201, `newsletter` (a draft), "Newsletter saved as a draft."; 404 "Choose a published post"',
      body: NewsletterCreateSchema,
      status: 201,
      answer: answers<{ newsletter: Newsletter; message: string }>(),
    },
  },
})

export const adminNewsletter = contract({
  endpoint: ENDPOINTS.adminNewsletter,
  ...ONE_NEWSLETTER,
  methods: {
    GET: {
      access: 'editor',
      answers:
        '`newsletter` (with live `progress` while sending), once a send started `unsubscribedSince` (unsubscribes since `startedAt`, left out once that is more than 90 days ago), and to an admin while it is a draft or scheduled `recipients` (`confirmed`: confirmed subscribers it would go to now, counted among the first 2,000 on the list; `more`: the list is longer, so at least that many); 404 "Newsletter not found"',
      answer: answers<NewsletterReport>(),
    },
    PUT: {
      access: 'editor',
      sends: 'subject, body',
      answers:
        '`newsletter`, "Newsletter saved."; a scheduled one goes back to draft; 409 "This newsletter has already been sent and can no longer be changed." while sending or sent',
      body: NewsletterInputSchema,
      answer: answers<{ newsletter: Newsletter; message: string }>(),
    },
    DELETE: {
      access: 'editor',
      answers: '"Newsletter deleted."; 409 as for PUT',
      answer: answers<{ message: string }>(),
    },
  },
})

export const adminNewsletterTest = contract({
  endpoint: ENDPOINTS.adminNewsletterTest,
  ...ONE_NEWSLETTER,
  methods: {
    POST: {
      access: 'editor',
      answers:
        '"Test sent to {email}." to the signed-in user\'s own email, subject "[Test] …", both parts and both unsubscribe headers; 409 "Add your postal address …" without one; 429 after 20 tests in an hour; 503 when email is not set up',
      answer: answers<{ message: string }>(),
    },
  },
})

export const adminNewsletterSend = contract({
  endpoint: ENDPOINTS.adminNewsletterSend,
  ...ONE_NEWSLETTER,
  methods: {
    POST: {
      access: 'admin',
      sends:
        '`{ action: "now" }`, `{ action: "schedule", at }` or `{ action: "cancel" }`; with now and schedule, `seen`: the `updatedAt` she read',
      answers:
        '`newsletter`, and "Sending has started. You can leave this page; it carries on." / "Newsletter scheduled." / "Schedule cancelled. The newsletter is a draft again."; 400 "Choose a time at least a minute from now."; 409 "This newsletter is already on its way." (sending or sent, or another admin was first), "This newsletter was changed after you opened it. …" (`seen` is not the saved version), "Add your postal address …", "There are no confirmed subscribers to send to yet."; 503 when email is not set up',
      body: NewsletterSendSchema,
      answer: answers<{ newsletter: Newsletter; message: string }>(),
    },
  },
})

export const adminNewsletterPreview = contract({
  endpoint: ENDPOINTS.adminNewsletterPreview,
  methods: {
    POST: {
      access: 'editor',
      sends: 'subject, body (unsaved)',
      answers:
        '`subject`, `html`, `text`: the email as every recipient gets it (the unsubscribe link points at the unsubscribe page; a placeholder stands for a postal address not yet set); stores nothing',
      body: NewsletterInputSchema,
      answer: answers<RenderedNewsletter>(),
    },
  },
})

export const newsletterSendWorker = contract({
  endpoint: ENDPOINTS.newsletterSendWorker,
  methods: {
    POST: {
      access: 'worker',
      answers:
        'sends a newsletter in `sending` in batches (docs/architecture.md, Newsletter sends); 404 without its secret (derived from `JWT_SECRET`)',
    },
  },
})

export const adminSubscriberExports = contract({
  endpoint: ENDPOINTS.adminSubscriberExports,
  methods: {
    POST: {
      access: 'editor',
      answers:
        '202, `export` (id, state `queued`, processed, total, bytes, created_at, expires_at), "Preparing your export…"; the background function builds the file; 429 "Too many exports in a short time. …" past 10 an hour per person; 503 "The export could not be started. …"',
      status: 202,
      answer: answers<{ export: ExportStatus; message: string }>(),
    },
  },
})

export const adminSubscriberExport = contract({
  endpoint: ENDPOINTS.adminSubscriberExport,
  ...ONE_EXPORT,
  methods: {
    GET: {
      ...EXPORT_OWNER,
      answers:
        '`export`: state (`queued`, `running`, `done`, `failed` with `message`), processed, total, bytes; 404 "This export was not found. It may have expired; please start a new one." for another person\'s, an expired (a day) or an unknown one',
      answer: answers<{ export: ExportStatus }>(),
    },
  },
})

export const adminSubscriberExportFile = contract({
  endpoint: ENDPOINTS.adminSubscriberExportFile,
  ...ONE_EXPORT,
  methods: {
    GET: {
      ...EXPORT_OWNER,
      answers:
        'the CSV (`email`, `created_at`, `state`, `confirmed_at`, `stopped_at`, `stopped_reason`), streamed, `Content-Disposition: attachment; filename="subscribers-YYYY-MM-DD.csv"`, `Cache-Control: no-store`; 409 "This export is not ready yet." or the failure\'s message; 404 as above',
      served: 'file',
    },
  },
})

export const subscribersExportWorker = contract({
  endpoint: ENDPOINTS.subscribersExportWorker,
  methods: {
    POST: {
      access: 'worker',
      answers:
        "builds an export's file; started only by `POST /api/admin/subscribers/exports` with a signature of the job id (HMAC, key derived from `JWT_SECRET` under its own label); 401 and nothing done without it",
      status: 202,
    },
  },
})

export const adminSubscribersImport = contract({
  endpoint: ENDPOINTS.adminSubscribersImport,
  methods: {
    POST: {
      access: 'editor',
      sends:
        'importId, rows (1 to 1,000 of `{ row, email }`), consent (`true` to add), mode (`ask`, the default: added pending and sent the confirmation email; `confirmed`: admins only, added confirmed without an email), statement (for `confirmed`: 10 to 500 characters, kept with each record as `consent_statement`), dryRun (optional)',
      answers:
        '`results` (per row: `added`, `exists` with "already subscribed", or `refused` with its reason), `summary` (added, exists, refused), and for `ask` `emailed` (confirmation emails sent); with `dryRun` nothing is written and `added` means "would be added"; 400 "Please confirm that these people asked to receive your newsletter." without consent, "Please write how these people agreed to receive your newsletter (at least 10 characters).", "Please choose how these people are added.", "Send at most 1000 rows at a time.", "Each row needs its row number and email."; 403 "Only an admin can add people as confirmed subscribers. …" for an editor\'s `confirmed`; 413 past 512 KB; 429 past 200 requests an hour per person',
      body: ImportRequestSchema,
      maxBytes: IMPORT_MAX_BODY_BYTES,
      answer: answers<{ results: ImportResult[]; summary: { added: number; exists: number; refused: number }; emailed?: number }>(),
    },
  },
})

/**
 * A change to one subscriber, named by address (the list's rows carry no id): removing someone
 * who asked to be forgotten, and letting email through again after a stop. Both take the same body.
 */
const subscriberChange = <const E extends Endpoint, const M extends Omit<MethodContract, 'body'>>(endpoint: E, method: M) =>
  contract({ endpoint, methods: { POST: { ...method, body: SubscriberAddressSchema } } })

export const adminSubscriberErase = subscriberChange(ENDPOINTS.adminSubscriberErase, {
  access: 'editor',
  sends: '`email`: the subscriber to erase (a request from the person to be forgotten)',
  answers:
    '`erased` (whether a record was there), "{email} has been removed, with everything kept about them." or "Nothing was kept about {email}."; erases the record in any state (a stopped one too), the signup markers and the remembered unsubscribe; the history says a subscriber was removed, without the address; 400 "Choose a subscriber from the list" for anything outside the email rule',
  answer: answers<{ erased: boolean; message: string }>(),
})

export const adminSubscriberClearStop = subscriberChange(ENDPOINTS.adminSubscriberClearStop, {
  access: 'admin',
  sends: '`email`: a subscriber whose email was stopped by a bounce or a spam report, who asked to receive it again',
  answers:
    '`subscriber` (confirmed again if they had confirmed, else awaiting confirmation), "{email} can receive email again."; the history says so, without the address; 404 "This subscriber is no longer on the list."; 409 "Email to this subscriber was not stopped."; 400 "Choose a subscriber from the list"',
  answer: answers<{ subscriber: Subscriber; message: string }>(),
})

export const adminBookings = contract({
  endpoint: ENDPOINTS.adminBookings,
  methods: {
    GET: {
      access: 'admin',
      answers: '`bookings`: every stored request, newest first, each with its `service`',
      answer: answers<{ bookings: StoredBooking[] }>(),
    },
  },
})

export const adminBooking = contract({
  endpoint: ENDPOINTS.adminBooking,
  ids: { id: 'Booking not found' },
  methods: {
    PUT: {
      access: 'admin',
      sends: 'status (`new` or `handled`)',
      answers: '`booking`, "Booking updated"; 404 "Booking not found"',
      body: BookingStatusUpdateSchema,
      answer: answers<{ booking: StoredBooking; message: string }>(),
    },
  },
})
