import * as z from 'zod/mini'
import { BOOKING_STATUS_LABELS } from './booking-messages'
import { POST_STATUS_LABELS } from './blog-post'
import { valuesOf } from './choices'
import { CONTENT_TYPE_LABELS } from './content-item'
import { NEWSLETTER_STATUS_LABELS } from './newsletter'
import { RESOURCE_TYPE_LABELS } from './resource-display'
import { ROLE_LABELS } from './admin-user'
import { builtInText, catalogEntry, namingField, parseListText, textName, type CatalogEntry } from './text-catalog'

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
  availability: 'Availability',
  session: 'Booked sessions',
} as const
export const ACTIVITY_SUBJECTS = valuesOf(ACTIVITY_SUBJECT_LABELS)
export type ActivitySubject = (typeof ACTIVITY_SUBJECTS)[number]

/** What a sentence of the history needs of its entry. */
type Named = { subject: ActivitySubject; label: string }

/** A verb before the record's kind and name: `updated the post "Giving First"`. */
const aboutRecord =
  (verb: string) =>
  (entry: Named): string =>
    `${verb} ${SUBJECT_NOUNS[entry.subject]} "${activityLabel(entry)}"`

/** What each action says after its actor's name (activitySentence); its keys are the actions. */
const ACTIVITY_SENTENCES = {
  created: aboutRecord('created'),
  updated: aboutRecord('updated'),
  deleted: aboutRecord('deleted'),
  published: aboutRecord('published'),
  uploaded: aboutRecord('uploaded'),
  sent: aboutRecord('started sending'),
  scheduled: aboutRecord('scheduled'),
  'password-changed': () => 'changed their own password',
  'password-reset': ({ label }) => `reset the password of "${label}"`,
  'signed-out': () => 'signed out of every session',
  'owner-handed-over': ({ label }) => `handed ownership of the site to "${label}"`,
  exported: () => 'exported the subscriber list',
  imported: () => 'imported subscribers into the list',
  // The address is what was asked to be forgotten: the history never names it.
  erased: () => 'removed a subscriber from the list at their request',
  'stop-cleared': () => 'cleared the stop on a subscriber, who can get newsletters again',
} satisfies Record<string, (entry: Named) => string>
export const ACTIVITY_ACTIONS = valuesOf(ACTIVITY_SENTENCES)
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number]

/** The one actor that is not a person: the job that publishes scheduled posts. */
export const SYSTEM_ACTOR = { id: 'system', username: 'Scheduled publishing' } as const

/** Each line of a summary is cut to this; a summary has at most this many lines. */
export const CHANGE_LINE_MAX = 160
export const CHANGE_LINES_MAX = 8
export const ACTIVITY_PAGE_SIZE = 50
/** How many the dashboard shows. */
export const ACTIVITY_LATEST = 5

/**
 * What one field of a record was and became, kept as data so that the page writes it in the
 * reader's words: a moment (`time`, an ISO instant) in her own time zone and locale, a list item by
 * item, a long text only as "changed". `value` is a record's field as it was created or deleted
 * (or a fact such as when a post was due); `before` and `after` are an update's, each left out
 * when empty. Values are the labels the admin sees (Draft, Ebook, Yes), never stored codes.
 */
export const ChangeValueSchema = z.union([z.string(), z.array(z.string())])
export type ChangeValue = z.infer<typeof ChangeValueSchema>
export const FieldChangeSchema = z.object({
  label: z.string(),
  kind: z.optional(z.enum(['time', 'long'])),
  value: z.optional(ChangeValueSchema),
  before: z.optional(ChangeValueSchema),
  after: z.optional(ChangeValueSchema),
})
export type FieldChange = z.infer<typeof FieldChangeSchema>
/** A line of an entry's summary: a sentence (a password reset, an import's counts) or a field's change. */
export type ActivityChange = string | FieldChange

export const ActivityEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), username: z.string() }),
  action: z.enum(ACTIVITY_ACTIONS),
  subject: z.enum(ACTIVITY_SUBJECTS),
  recordId: z.string(),
  /** The record's name when it was written (a title, "section / key" for a text, a username). */
  label: z.string(),
  changes: z.array(z.union([z.string(), FieldChangeSchema])),
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

/**
 * How a field reads in a summary: `long` ones (bodies, descriptions) say only that they changed;
 * `time` ones are instants, `list` ones lists, `yes-no` a checkbox, `file` an address whose file
 * name is what she recognises; `labels` turn a stored code into the word her screens use.
 */
export type ChangeField = { label: string; as?: 'long' | 'time' | 'list' | 'yes-no' | 'file'; labels?: Readonly<Record<string, string>> }

/** A value in a summary is cut to this; a list keeps at most LIST_ITEMS_MAX items. */
const VALUE_MAX = 120
const LIST_ITEMS_MAX = 12

const cut = (text: string, max = VALUE_MAX) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** The name of the file an address points at (a library file's or a typed URL's last part). */
function fileName(address: string): string {
  const last = address.split(/[?#]/)[0]!.split('/').filter(Boolean).at(-1) ?? address
  try {
    return decodeURIComponent(last)
  } catch {
    return last
  }
}

/** A list as the summary keeps it: its non-empty items, cut, at most LIST_ITEMS_MAX (then "and N more"). */
function listValue(items: readonly string[]): string[] | undefined {
  const kept = items.map((item) => item.trim()).filter(Boolean)
  if (kept.length === 0) return undefined
  const shown = kept.slice(0, LIST_ITEMS_MAX).map((item) => cut(item, 80))
  return kept.length > LIST_ITEMS_MAX ? [...shown, `and ${kept.length - LIST_ITEMS_MAX} more`] : shown
}

/** A field's value as the summary keeps it; undefined when empty (nothing, "", an empty list). */
function shownValue(value: unknown, field: ChangeField): ChangeValue | undefined {
  if (value === undefined || value === null || value === '') return undefined
  if (Array.isArray(value)) return listValue(value.map(String))
  if (typeof value === 'boolean' || field.as === 'yes-no') return value === true || value === 'true' ? 'Yes' : 'No'
  const text = String(value)
  if (!text.trim()) return undefined
  // Own keys only: a stored "constructor" is not the labels' constructor.
  if (field.labels) return Object.hasOwn(field.labels, text) ? field.labels[text]! : cut(text)
  if (field.as === 'file') return cut(fileName(text))
  // An instant stays whole: the page writes it in the reader's time zone.
  if (field.as === 'time') return text
  return cut(text)
}

const same = (a: ChangeValue | undefined, b: ChangeValue | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * The summary of an update: one change per field that changed, in `fields`' order. A field that
 * went from one kind of nothing to another ("" to none, an empty list to none) did not change.
 */
export function describeChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: Readonly<Record<string, ChangeField>>,
): FieldChange[] {
  const changes: FieldChange[] = []
  for (const [name, field] of Object.entries(fields)) {
    if (field.as === 'long') {
      if ((before[name] ?? '') !== (after[name] ?? '')) changes.push({ label: field.label, kind: 'long' })
      continue
    }
    const was = shownValue(before[name], field)
    const is = shownValue(after[name], field)
    if (same(was, is)) continue
    changes.push({
      label: field.label,
      ...(field.as === 'time' && { kind: 'time' as const }),
      ...(was !== undefined && { before: was }),
      ...(is !== undefined && { after: is }),
    })
  }
  return changes.slice(0, CHANGE_LINES_MAX)
}

/** The summary of a record as it was created or deleted: its named fields' values, empty ones left out. */
export function describeRecord(record: Record<string, unknown>, fields: Readonly<Record<string, ChangeField>>): FieldChange[] {
  const changes: FieldChange[] = []
  for (const [name, field] of Object.entries(fields)) {
    if (field.as === 'long') continue
    const value = shownValue(record[name], field)
    if (value !== undefined) changes.push({ label: field.label, ...(field.as === 'time' && { kind: 'time' as const }), value })
  }
  return changes.slice(0, CHANGE_LINES_MAX)
}

/** A moment in a summary ("Scheduled for …"), written in the reader's time zone where shown. */
export const timeChange = (label: string, iso: string): FieldChange => ({ label, kind: 'time', value: iso })

/** The fields each kind of record's summary names, with their labels. */
export const CHANGE_FIELDS = {
  post: {
    title: { label: 'Title' },
    excerpt: { label: 'Excerpt' },
    content: { label: 'Content', as: 'long' },
    featuredImage: { label: 'Featured image', as: 'file' },
    featuredImageAlt: { label: 'Picture description' },
    tags: { label: 'Tags', as: 'list' },
    slug: { label: 'Address' },
    status: { label: 'Status', labels: POST_STATUS_LABELS },
    publishAt: { label: 'Publish at', as: 'time' },
  },
  resource: {
    title: { label: 'Title' },
    type: { label: 'Type', labels: RESOURCE_TYPE_LABELS },
    description: { label: 'Description', as: 'long' },
    fileUrl: { label: 'File', as: 'file' },
    thumbnailUrl: { label: 'Thumbnail', as: 'file' },
    thumbnailAlt: { label: 'Picture description' },
    isActive: { label: 'Active', as: 'yes-no' },
  },
  content: { type: { label: 'Type', labels: CONTENT_TYPE_LABELS }, value: { label: 'Value' } },
  user: { username: { label: 'Username' }, email: { label: 'Email' }, role: { label: 'Role', labels: ROLE_LABELS } },
  booking: { status: { label: 'Status', labels: BOOKING_STATUS_LABELS } },
  newsletter: {
    subject: { label: 'Subject' },
    body: { label: 'Message', as: 'long' },
    status: { label: 'Status', labels: NEWSLETTER_STATUS_LABELS },
    scheduledAt: { label: 'Scheduled for', as: 'time' },
  },
} as const satisfies Partial<Record<ActivitySubject, Record<string, ChangeField>>>

/** The parts of a text the history compares (a content item). */
export type TextRecord = { section: string; key: string; type: string; value: string }

/** A text's value as the summary keeps it: a list item by item (by each item's name), a picture by its file name. */
function textValue(entry: CatalogEntry, value: string): ChangeValue | undefined {
  if (entry.kind === 'list') {
    const items = parseListText(entry, value)
    if (!items) return shownValue(value, { label: '' })
    const naming = namingField(entry)
    return listValue(items.map((item) => (typeof item === 'string' ? item : (item[naming] ?? ''))))
  }
  return shownValue(value, { label: '', ...(entry.kind === 'image' && { as: 'file' as const }) })
}

/**
 * A write of a text. One of the public pages' texts always has a value, its built-in one until
 * she saves her own, so saving the first edit is an update from the built-in text and deleting it
 * (Revert) an update back to it. A text of her own making is created, updated and deleted.
 */
export function describeTextWrite(
  before: TextRecord | null,
  after: TextRecord | null,
): { action?: ActivityAction; changes: ActivityChange[] } | undefined {
  const { section, key } = (after ?? before)!
  const entry = catalogEntry(section, key)
  if (!entry) return undefined
  const label = entry.kind === 'list' ? entry.label : entry.kind === 'image' ? 'Picture' : 'Text'
  const was = textValue(entry, before?.value ?? builtInText(entry))
  const is = textValue(entry, after?.value ?? builtInText(entry))
  const changes: ActivityChange[] = []
  if (!before) changes.push('Replaced the built-in text')
  if (!after) changes.push('Back to the built-in text')
  if (!same(was, is)) changes.push({ label, ...(was !== undefined && { before: was }), ...(is !== undefined && { after: is }) })
  return { action: 'updated', changes }
}

/**
 * How the history names a record: a text of the public pages as the Content screen does ("Home
 * page · Title"; with its place when the page has two of that name), whatever was stored; any
 * other record by the name it had when written.
 */
export function activityLabel(entry: Named): string {
  if (entry.subject !== 'content') return entry.label
  const [section = '', key = ''] = entry.label.split(' / ')
  return textName(section, key) ?? entry.label
}

const SUBJECT_NOUNS: Record<ActivitySubject, string> = {
  post: 'the post',
  resource: 'the resource',
  content: 'the text',
  user: 'the user',
  booking: 'the booking from',
  subscriber: 'the',
  media: 'the file',
  newsletter: 'the newsletter',
  availability: 'her',
  session: 'the session with',
}

/** What an entry says after its actor's name, e.g. `updated the post "Giving First"`. */
export function activitySentence(entry: Pick<ActivityEntry, 'action' | 'subject' | 'label'>): string {
  return ACTIVITY_SENTENCES[entry.action](entry)
}

/** An instant as the functions write it (toISOString), alone or in quotes. */
const STORED_INSTANT = /"?(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))"?/g
/** An older entry's field line that went from nothing to nothing (`Tags: ""`, `Tags: "" → (empty)`). */
const EMPTY_LINE = /^[^:"]{1,80}: (?:""|\(empty\))(?: → (?:""|\(empty\)))?$/

/**
 * A sentence of the history as the page shows it, or null when it says nothing. Entries written
 * before changes were kept as data hold their instants as stored ISO strings and their fields as
 * `Label: "before" → "after"`: their instants are written with `time` (the reader's time zone and
 * locale), an empty value reads "(empty)", a change from nothing to nothing is left out.
 */
export function readLine(line: string, time: (iso: string) => string): string | null {
  if (EMPTY_LINE.test(line)) return null
  return line
    .replace(STORED_INSTANT, (whole, iso: string) => time(iso) || whole)
    .replaceAll('""', '(empty)')
    .replace(/^Her other sessions/, 'Other sessions')
}
