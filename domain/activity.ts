import * as z from 'zod/mini'
import { valuesOf } from './choices'

/**
 * The history of admin writes: who did what to which record, when, with a short before/after
 * summary. Written by the functions after each write that worked; read by the Activity page and
 * the dashboard (admins only: it names bookings and users).
 */

/** What kind of record an entry is about, with the Activity filter's label for each. */
export const ACTIVITY_SUBJECT_LABELS = {
  post: 'Blog posts',
  resource: 'Resources',
  content: 'Site texts',
  user: 'Users',
  booking: 'Bookings',
  subscriber: 'Subscribers',
  media: 'Media files',
  newsletter: 'Newsletters',
} as const
export const ACTIVITY_SUBJECTS = valuesOf(ACTIVITY_SUBJECT_LABELS)
export type ActivitySubject = (typeof ACTIVITY_SUBJECTS)[number]

/** What was done, as the sentence's verb ("admin updated the post …"); see activitySentence. */
export const ACTIVITY_ACTION_LABELS = {
  created: 'created',
  updated: 'updated',
  deleted: 'deleted',
  published: 'published',
  'password-changed': 'changed the password of',
  'password-reset': 'reset the password of',
  'signed-out': 'signed out every session of',
  'owner-handed-over': 'handed ownership of the site to',
  exported: 'exported',
  imported: 'imported',
  uploaded: 'uploaded',
  sent: 'started sending',
  scheduled: 'scheduled',
} as const
export const ACTIVITY_ACTIONS = valuesOf(ACTIVITY_ACTION_LABELS)
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number]

/** The one actor that is not a person: the job that publishes scheduled posts. */
export const SYSTEM_ACTOR = { id: 'system', username: 'Scheduled publishing' } as const

/** Each line of a summary is cut to this; a summary has at most this many lines. */
export const CHANGE_LINE_MAX = 160
export const CHANGE_LINES_MAX = 8
export const ACTIVITY_PAGE_SIZE = 50
/** How many the dashboard shows. */
export const ACTIVITY_LATEST = 5

export const ActivityEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), username: z.string() }),
  action: z.enum(ACTIVITY_ACTIONS),
  subject: z.enum(ACTIVITY_SUBJECTS),
  recordId: z.string(),
  /** The record's name when it was written (a title, "section / key", a username). */
  label: z.string(),
  changes: z.array(z.string()),
})
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>

/** The Activity page's filters, as query parameters: each may be left out. */
export const ActivityQuerySchema = z.object({
  subject: z.optional(z.enum(ACTIVITY_SUBJECTS, { error: 'Unknown kind of record' })),
  actor: z.optional(z.string().check(z.regex(/^[\w-]{1,64}$/, { error: 'Unknown user' }))),
  /** The last entry of the page before: the next page starts after it. */
  after: z.optional(z.string().check(z.maxLength(200, { error: 'Invalid page' }))),
  /** A shorter page (the dashboard's latest). */
  limit: z.optional(
    z.coerce
      .number({ error: 'Invalid page size' })
      .check(z.int({ error: 'Invalid page size' }), z.minimum(1), z.maximum(ACTIVITY_PAGE_SIZE)),
  ),
})
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>

export const ACTIVITY_MESSAGES = {
  loadFailed: 'Failed to load activity',
  empty: 'Nothing has been changed yet.',
  emptyFiltered: 'Nothing matches these filters.',
} as const

/** How a field reads in a summary; `long` ones (bodies, descriptions) say only that they changed. */
export type ChangeField = { label: string; long?: boolean }

const quote = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return '(empty)'
  const text = Array.isArray(value) ? value.join(', ') : String(value)
  return `"${text.length > 60 ? `${text.slice(0, 57)}...` : text}"`
}

/**
 * The short before/after summary of an update: one line per field that changed, in `fields`'
 * order, e.g. `Title: "Old" → "New"` or `Content changed`.
 */
export function describeChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: Readonly<Record<string, ChangeField>>,
): string[] {
  const lines: string[] = []
  for (const [name, { label, long }] of Object.entries(fields)) {
    if (JSON.stringify(before[name] ?? null) === JSON.stringify(after[name] ?? null)) continue
    lines.push(long ? `${label} changed` : `${label}: ${quote(before[name])} → ${quote(after[name])}`)
  }
  return lines.slice(0, CHANGE_LINES_MAX).map((line) => line.slice(0, CHANGE_LINE_MAX))
}

/** The summary of a record as it was created or deleted: its named fields' values. */
export function describeRecord(record: Record<string, unknown>, fields: Readonly<Record<string, ChangeField>>): string[] {
  return Object.entries(fields)
    .filter(([name, { long }]) => !long && record[name] !== undefined && record[name] !== '')
    .map(([name, { label }]) => `${label}: ${quote(record[name])}`.slice(0, CHANGE_LINE_MAX))
    .slice(0, CHANGE_LINES_MAX)
}

/** The fields each kind of record's summary names, with their labels. */
export const CHANGE_FIELDS = {
  post: {
    title: { label: 'Title' },
    excerpt: { label: 'Excerpt' },
    content: { label: 'Content', long: true },
    featuredImage: { label: 'Featured image' },
    featuredImageAlt: { label: 'Picture description' },
    tags: { label: 'Tags' },
    slug: { label: 'Address' },
    status: { label: 'Status' },
    publishAt: { label: 'Publish at' },
  },
  resource: {
    title: { label: 'Title' },
    type: { label: 'Type' },
    description: { label: 'Description', long: true },
    fileUrl: { label: 'File URL' },
    thumbnailUrl: { label: 'Thumbnail' },
    thumbnailAlt: { label: 'Picture description' },
    isActive: { label: 'Active' },
  },
  content: { type: { label: 'Type' }, value: { label: 'Value' } },
  user: { username: { label: 'Username' }, email: { label: 'Email' }, role: { label: 'Role' } },
  booking: { status: { label: 'Status' } },
  newsletter: { subject: { label: 'Subject' }, body: { label: 'Message', long: true }, status: { label: 'Status' }, scheduledAt: { label: 'Scheduled for' } },
} as const satisfies Partial<Record<ActivitySubject, Record<string, ChangeField>>>

const SUBJECT_NOUNS: Record<ActivitySubject, string> = {
  post: 'the post',
  resource: 'the resource',
  content: 'the text',
  user: 'the user',
  booking: 'the booking from',
  subscriber: 'the',
  media: 'the file',
  newsletter: 'the newsletter',
}

/** What an entry says after its actor's name, e.g. `updated the post "Giving First"`. */
export function activitySentence(entry: Pick<ActivityEntry, 'action' | 'subject' | 'label'>): string {
  if (entry.action === 'password-changed') return 'changed their own password'
  if (entry.action === 'password-reset') return `reset the password of "${entry.label}"`
  if (entry.action === 'signed-out') return 'signed out of every session'
  if (entry.action === 'owner-handed-over') return `handed ownership of the site to "${entry.label}"`
  if (entry.action === 'exported') return 'exported the subscriber list'
  if (entry.action === 'imported') return 'imported subscribers into the list'
  return `${ACTIVITY_ACTION_LABELS[entry.action]} ${SUBJECT_NOUNS[entry.subject]} "${entry.label}"`
}
