import { XMLValidator } from 'fast-xml-parser'
import { getStore } from '@netlify/blobs'
import { normalizeEmail } from '#domain/subscriber.ts'
import { posts } from '#lib/data/posts.ts'
import { isFaithfulKey } from './attack-blobs'
import {
  AUTH,
  documentRead,
  documentWrite,
  list,
  RATE_LIMITS,
  read,
  readPattern,
  readPrefix,
  TIME_ID,
  write,
  writePattern,
  writePrefix,
  type Answer,
  type AttackCall,
  type Outcome,
  type Rule,
  type Touches,
} from './attack-runner'

/**
 * What each function may touch in storage for a given input (the "target record"), and the
 * checks every answer of a function gets. Used by every attack class.
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/** A subscriber's key: the normalised email's UTF-8 bytes in hex, a "/" every 200 characters. */
export function subscriberKey(email: string): string {
  return (
    Buffer.from(normalizeEmail(email), 'utf8')
      .toString('hex')
      .match(/.{1,200}/g) ?? []
  ).join('/')
}

/** Bodies of the posts an id or slug names (read from the data as it is after the call). */
async function postBodies(match: { id?: string; slug?: string }): Promise<Rule[]> {
  const list = await posts.list().catch(() => [])
  const found = list.filter((post) => (match.id !== undefined ? post.id === match.id : post.slug === match.slug))
  const ids = new Set(found.map((post) => post.id))
  if (match.id !== undefined) ids.add(match.id)
  return [...ids].map((id) => readPrefix('posts', `body/${id}/`))
}

const idOf = (answer: Answer, field: string): string | undefined => {
  try {
    const body = JSON.parse(answer.text) as Record<string, { id?: unknown } | undefined>
    const id = body[field]?.id
    return typeof id === 'string' ? id : undefined
  } catch {
    return undefined
  }
}

const NEW_BODY = writePattern('posts', /^body\/[\w-]{16}\/[\w-]{16}$/)
/** A history entry (netlify/lib/data/activity.ts): every admin write that worked adds one. */
/** An address that unsubscribed, as its keyed hash (netlify/lib/storage/keys.ts unsubscribedAddress). */
const UNSUBSCRIBED_ADDRESS = /^[\w-]{32}$/
const HISTORY = writePattern('activity', new RegExp(`^${TIME_ID}~[a-z]+~[\\w-]{1,64}$`))
/** A post's kept versions: a save adds one and lets the oldest go; a delete takes them all. */
const versionsOf = (id: string): Rule[] => [writePrefix('posts', `version/${id}/`), list('posts', `version/${id}/`)]
const NEW_VERSIONS: Rule[] = [
  writePattern('posts', new RegExp(`^version\\/[\\w-]{16}\\/${TIME_ID}$`)),
  list('posts', /^version\/[\w-]{16}\/$/),
]
/** Where a library file may be used: every resource, post (bodies included) and text (netlify/lib/data/media-usage.ts). */
const MEDIA_USES: Rule[] = [
  ...documentRead('resources'),
  ...documentRead('posts'),
  ...documentRead('content'),
  readPattern('posts', /^body\/[\w-]{1,64}\/[\w-]{1,64}$/),
]
const OUTBOX = writePattern('outbox', new RegExp(`^${TIME_ID}$`))
/** A newsletter's record, and the runs of those being sent (netlify/lib/data/newsletters.ts). */
const NEWSLETTER_KEY = /^newsletter\/[\w-]{1,64}$/
const NEWSLETTER_RUNS: Rule[] = [readPattern('newsletters', /^run\/[\w-]{1,64}$/), list('newsletters', /^run\/[\w-]{1,64}$/)]
/** Once-a-day welcome markers (netlify/lib/storage/keys.ts welcomeMarker), where the code keeps them. */
const WELCOME: Rule[] = [
  writePattern('welcome-emails', /^welcome\/[\w-]{32}\/[\w-]{1,64}$/),
  list('welcome-emails', /^welcome\/[\w-]{32}\/?$/),
]

/** The function's storage footprint for an input. */
export const touch = {
  blogPage: (slug: string) => async (): Promise<Touches> => ({
    always: [...documentRead('posts'), ...documentRead('content'), ...(await postBodies({ slug }))],
  }),
  blogPosts: (slug: string | null) => async (): Promise<Touches> => ({
    always: [...documentRead('posts'), ...(slug === null ? [] : await postBodies({ slug }))],
  }),
  rss: (): Touches => ({ always: [...documentRead('posts'), ...documentRead('content')] }),
  /** The pages rendered with the stored texts and their list (netlify/lib/pages/data-page.ts). */
  aboutPage: (): Touches => ({ always: documentRead('content') }),
  /** Home, Services, Book Now and the 404 page show the texts only. */
  textsPage: (): Touches => ({ always: documentRead('content') }),
  /** Book Now is drawn with the services booked online too. */
  bookNowPage: (): Touches => ({ always: [...documentRead('content'), ...documentRead('availability')] }),
  resourcesPage: (): Touches => ({ always: [...documentRead('content'), ...documentRead('resources')] }),
  blogListPage: (): Touches => ({ always: [...documentRead('content'), ...documentRead('posts')] }),
  sitemap: (): Touches => ({ always: documentRead('posts') }),
  content: (): Touches => ({ always: documentRead('content') }),
  resources: (): Touches => ({ always: documentRead('resources') }),
  nothing: (): Touches => ({}),
  resourceDownload: (id: string): Touches => ({
    always: documentRead('resources'),
    onSuccess: isFaithfulKey(id) && !id.includes('/') ? [writePattern('downloads', new RegExp(`^${TIME_ID}~${escapeRegExp(id)}$`))] : [],
  }),
  adminPostGet: (id: string) => async (): Promise<Touches> => ({
    always: [...AUTH, ...documentRead('posts'), ...(await postBodies({ id }))],
  }),
  adminPostDelete: (id: string): Touches => ({
    always: [...AUTH, ...documentRead('posts')],
    onSuccess: [...documentWrite('posts'), writePrefix('posts', `body/${id}/`), ...versionsOf(id), HISTORY],
  }),
  adminPostsGet: (): Touches => ({ always: [...AUTH, ...documentRead('posts')] }),
  adminPostsCreate:
    () =>
    (answer: Answer): Touches => {
      const id = idOf(answer, 'blogPost')
      return {
        always: [...AUTH, ...documentRead('posts'), ...documentRead('content')],
        transient: [NEW_BODY],
        onSuccess: [...documentWrite('posts'), ...(id ? [writePrefix('posts', `body/${id}/`), ...versionsOf(id)] : NEW_VERSIONS), HISTORY],
      }
    },
  adminPostsUpdate: (id: string): Touches => ({
    // The post as it was is read first, for the history's before/after.
    always: [...AUTH, ...documentRead('posts'), ...documentRead('content'), readPrefix('posts', `body/${id}/`)],
    transient: [writePrefix('posts', `body/${id}/`)],
    onSuccess: [...documentWrite('posts'), writePrefix('posts', `body/${id}/`), ...versionsOf(id), HISTORY],
  }),
  adminPostVersions: (id: string) => async (): Promise<Touches> => ({
    always: [
      ...AUTH,
      ...documentRead('posts'),
      ...(await postBodies({ id })),
      list('posts', `version/${id}/`),
      readPrefix('posts', `version/${id}/`),
    ],
  }),
  adminPostVersion: (id: string, versionId: string): Touches => ({
    always: [...AUTH, read('posts', `version/${id}/${versionId}`)],
  }),
  adminActivity: (): Touches => ({ always: [...AUTH, list('activity', null), readPattern('activity', new RegExp(`^${TIME_ID}~`))] }),
  adminResourcesGet: (): Touches => ({ always: [...AUTH, ...documentRead('resources'), list('downloads', null)] }),
  adminResourcesWrite: (): Touches => ({
    always: [...AUTH, ...documentRead('resources')],
    onSuccess: [...documentWrite('resources'), HISTORY],
  }),
  adminContentGet: (): Touches => ({ always: [...AUTH, ...documentRead('content')] }),
  adminContentWrite: (): Touches => ({ always: [...AUTH, ...documentRead('content')], onSuccess: [...documentWrite('content'), HISTORY] }),
  adminBooking: (id: string): Touches => ({
    always: [...AUTH, read('bookings', id), list('bookings', id)],
    onSuccess: [write('bookings', id), HISTORY],
  }),
  adminBookings: (): Touches => ({ always: [...AUTH, list('bookings', null), readPattern('bookings', new RegExp(`^${TIME_ID}$`))] }),
  adminUsersGet: (): Touches => ({ always: [...AUTH] }),
  adminPostPreview: (): Touches => ({ always: [...AUTH] }),
  adminPostPreviewGet: (slug: string) => async (): Promise<Touches> => ({
    always: [...AUTH, ...documentRead('posts'), ...(await postBodies({ slug }))],
  }),
  /** A new password is judged against the site's name too (netlify/lib/auth/session/password-strength.ts). */
  adminUsersWrite: (): Touches => ({ always: [...AUTH, ...documentRead('content')], onSuccess: [...documentWrite('users'), HISTORY] }),
  adminStats: (): Touches => ({
    always: [...AUTH, ...documentRead('posts'), ...documentRead('content'), ...documentRead('resources')],
  }),
  /** Starting an export: in tests the background function runs within the call (tests/support/export-worker.ts). */
  adminSubscriberExportStart: (): Touches => ({
    always: [...AUTH, ...RATE_LIMITS],
    onSuccess: [
      writePattern('subscriber-exports', /^(?:job|file)\/[\w-]{16}$/),
      list('subscribers', null),
      readPattern('subscribers', /^[0-9a-f/]+$/),
      HISTORY,
    ],
  }),
  /** A job and its file, only under an id of the id alphabet. */
  adminSubscriberExportRead: (): Touches => ({
    always: [...AUTH, readPattern('subscriber-exports', /^(?:job|file)\/[\w-]{1,64}$/)],
  }),
  /**
   * Each new address is one create-only write (read back when it already exists); one to be asked
   * to confirm also leaves its week's marker, and is sent the confirmation email when email is set up.
   */
  adminSubscribersImport: (): Touches => ({
    always: [...AUTH, ...RATE_LIMITS],
    onSuccess: [
      writePattern('subscribers', /^[0-9a-f/]+$/),
      writePattern('pending-subscribers', /^\d{4}-\d{2}-\d{2}\/[0-9a-f/]+$/),
      // Who unsubscribed (keyed hashes), which no import brings back.
      list('unsubscribed-addresses', null),
      OUTBOX,
      ...WELCOME,
      ...documentRead('content'),
      HISTORY,
    ],
  }),
  /**
   * An erasure names one address: its signup markers (found by listing the days' markers), its
   * remembered unsubscribe (a keyed hash), its record and the history entry, which names nobody.
   */
  adminSubscriberErase: (email: string): Touches => {
    const key = subscriberKey(email)
    return {
      always: [...AUTH],
      onSuccess: [
        list('pending-subscribers', null),
        writePattern('pending-subscribers', new RegExp(`^\\d{4}-\\d{2}-\\d{2}/${escapeRegExp(key)}$`)),
        writePattern('unsubscribed-addresses', UNSUBSCRIBED_ADDRESS),
        write('subscribers', key),
        list('subscribers', key),
        HISTORY,
      ],
    }
  },
  /** Clearing a stop reads and rewrites one record (by its ETag, a list of its own key locally). */
  adminSubscriberClearStop: (email: string): Touches => {
    const key = subscriberKey(email)
    return {
      always: [...AUTH, read('subscribers', key), list('subscribers', key)],
      onSuccess: [write('subscribers', key), HISTORY],
    }
  },
  adminLogout: (): Touches => ({ always: [...AUTH], onSuccess: [writePattern('revoked-tokens', /^[\w-]{16}$/)] }),
  /** Sign out everywhere: her user record (the session version), the token's revocation, the history. */
  adminAccountSignOut: (): Touches => ({
    always: [...AUTH],
    onSuccess: [...documentWrite('users'), writePattern('revoked-tokens', /^[\w-]{16}$/), HISTORY],
  }),
  /**
   * "Forgot your password?": the network's limit, then (after the answer) the users, the site's
   * name, the named accounts' reset records and their emails. Nothing else, whatever is named.
   */
  passwordResetRequest: (): Touches => ({
    always: [...RATE_LIMITS],
    onSuccess: [
      ...documentRead('users'),
      ...documentRead('content'),
      writePattern('password-resets', /^[\w-]{1,64}$/),
      list('password-resets', /^[\w-]{1,64}$/),
      OUTBOX,
    ],
  }),
  /** A reset link names one user: only her record and her reset record are read, and written when it is used. */
  passwordReset: (userId: string): Touches => ({
    always: [...documentRead('users'), read('password-resets', userId), list('password-resets', userId), ...documentRead('content')],
    onSuccess: [write('password-resets', userId), ...documentWrite('users'), ...RATE_LIMITS, HISTORY],
  }),
  adminLogin: (): Touches => ({ always: [...RATE_LIMITS, ...documentRead('users')], onSuccess: documentWrite('users') }),
  subscribe: (email: string): Touches => {
    const key = subscriberKey(email.trim())
    return {
      always: [
        ...RATE_LIMITS,
        read('subscribers', key),
        ...WELCOME.map((rule) => ({ ...rule, kinds: rule.kinds.filter((kind) => kind !== 'write') })),
      ],
      onSuccess: [
        write('subscribers', key),
        list('subscribers', key),
        // The unconfirmed signup's marker, under its day (netlify/lib/storage/keys.ts pendingSubscriber).
        writePattern('pending-subscribers', new RegExp(`^\\d{4}-\\d{2}-\\d{2}/${escapeRegExp(key)}$`)),
        OUTBOX,
        ...WELCOME,
        // The site's name, above the confirmation email.
        ...documentRead('content'),
      ],
    }
  },
  /** A signed token names one address: only its record is read, and written when it confirms. */
  subscriberConfirm: (email: string): Touches => {
    const key = subscriberKey(email)
    return {
      always: [read('subscribers', key), list('subscribers', key)],
      // Confirmed by their own word: an earlier unsubscribe (its keyed hash) is forgotten.
      onSuccess: [
        write('subscribers', key),
        writePattern('unsubscribed-addresses', UNSUBSCRIBED_ADDRESS),
        OUTBOX,
        ...WELCOME,
        ...documentRead('content'),
      ],
    }
  },
  subscribersGet: (search: string): Touches => {
    const prefix = subscriberKey(search)
    return {
      always: [
        ...AUTH,
        prefix ? list('subscribers', prefix) : list('subscribers', null),
        prefix ? readPrefix('subscribers', prefix) : readPattern('subscribers', /^[0-9a-f/]+$/),
      ],
    }
  },
  /** The record is read with its ETag (a list of its own key on the local server) and deleted only if unchanged. */
  unsubscribe: (email: string): Touches => ({
    always: [read('subscribers', subscriberKey(email)), list('subscribers', subscriberKey(email))],
    // The dated entry a newsletter's report counts (netlify/lib/data/unsubscribes.ts): it names nobody.
    onSuccess: [
      write('subscribers', subscriberKey(email)),
      writePattern('unsubscribes', new RegExp(`^${TIME_ID}$`)),
      list('unsubscribes', new RegExp(`^${TIME_ID}$`)),
      // Its recent signup markers go (no repair brings it back), and its keyed hash is remembered (no import does).
      writePattern('pending-subscribers', new RegExp(`^\\d{4}-\\d{2}-\\d{2}/${escapeRegExp(subscriberKey(email))}$`)),
      writePattern('unsubscribed-addresses', UNSUBSCRIBED_ADDRESS),
    ],
  }),
  /** Every newsletter, and the run of each one being sent (its live counts). */
  adminNewslettersGet: (): Touches => ({
    always: [...AUTH, list('newsletters', 'newsletter/'), readPattern('newsletters', NEWSLETTER_KEY), ...NEWSLETTER_RUNS],
  }),
  /** A new draft, typed or copied from a published post (its record and body are read). */
  adminNewslettersCreate: (): Touches => ({
    always: [...AUTH, ...documentRead('posts'), readPattern('posts', /^body\/[\w-]{1,64}\/[\w-]{1,64}$/)],
    onSuccess: [
      writePattern('newsletters', new RegExp(`^newsletter\\/${TIME_ID}$`)),
      list('newsletters', new RegExp(`^newsletter\\/${TIME_ID}$`)),
      HISTORY,
    ],
  }),
  /** One newsletter by id (its run and the unsubscribes since its send when it has one); a save or delete writes it. */
  adminNewsletter: (id: string): Touches => ({
    always: [
      ...AUTH,
      read('newsletters', `newsletter/${id}`),
      list('newsletters', `newsletter/${id}`),
      ...NEWSLETTER_RUNS,
      list('unsubscribes', null),
    ],
    onSuccess: [write('newsletters', `newsletter/${id}`), HISTORY],
  }),
  /** A test to the signed-in user: the newsletter, the footer's texts, the test limit, the email. */
  adminNewsletterTest: (id: string): Touches => ({
    always: [
      ...AUTH,
      ...RATE_LIMITS,
      read('newsletters', `newsletter/${id}`),
      list('newsletters', `newsletter/${id}`),
      ...documentRead('content'),
    ],
    onSuccess: [write('newsletters', `newsletter/${id}`), OUTBOX],
  }),
  /**
   * Send, schedule or cancel: the newsletter, the footer's texts and the first subscribers (is
   * anyone confirmed?); sending now also starts the worker (run and batches of this newsletter).
   */
  adminNewsletterSend: (id: string): Touches => ({
    always: [
      ...AUTH,
      read('newsletters', `newsletter/${id}`),
      list('newsletters', `newsletter/${id}`),
      ...documentRead('content'),
      list('subscribers', null),
      readPattern('subscribers', /^[0-9a-f/]+$/),
    ],
    onSuccess: [
      write('newsletters', `newsletter/${id}`),
      writePrefix('newsletters', `run/${id}`),
      writePrefix('newsletters', `batch/${id}/`),
      OUTBOX,
      HISTORY,
    ],
  }),
  /** The email as it would go out: the footer's texts only, nothing stored. */
  adminNewsletterPreview: (): Touches => ({ always: [...AUTH, ...documentRead('content')] }),
  /**
   * SendGrid's events: a signed batch reads (and may stop) the subscribers it names, and only
   * those; a refused batch touches nothing.
   */
  sendgridEvents: (emails: string[]): Touches => ({
    onSuccess: emails.flatMap((email) => [write('subscribers', subscriberKey(email)), list('subscribers', subscriberKey(email))]),
  }),
  /** A library file: its record, then (when it is there) its parts in turn. */
  mediaFile: (id: string): Touches => ({ always: [read('media', `file/${id}`), readPrefix('media', `part/${id}/`)] }),
  adminMediaStart: (): Touches => ({
    always: [...AUTH],
    onSuccess: [writePattern('media', /^file\/[\w-]{16}$/), list('media', /^file\/[\w-]{16}$/)],
  }),
  adminMediaList: (): Touches => ({
    always: [...AUTH, list('media', 'file/'), readPattern('media', /^file\/[\w-]{1,64}$/), ...MEDIA_USES],
  }),
  adminMediaPart: (id: string): Touches => ({
    // A part is written once: a write that finds it stored reads it back (the same bytes are a retry).
    always: [...AUTH, read('media', `file/${id}`), readPrefix('media', `part/${id}/`)],
    onSuccess: [writePrefix('media', `part/${id}/`)],
  }),
  adminMediaComplete: (id: string): Touches => ({
    always: [
      ...AUTH,
      read('media', `file/${id}`),
      list('media', `file/${id}`),
      list('media', `part/${id}/`),
      readPrefix('media', `part/${id}/`),
    ],
    onSuccess: [write('media', `file/${id}`), HISTORY],
  }),
  adminMediaDelete: (id: string): Touches => ({
    always: [...AUTH, read('media', `file/${id}`), ...MEDIA_USES],
    onSuccess: [write('media', `file/${id}`), writePrefix('media', `part/${id}/`), list('media', `part/${id}/`), HISTORY],
  }),
  /**
   * Online booking (netlify/lib/data/sessions.ts, availability.ts, calendar-feed.ts): one document
   * each. What can be booked is her availability and the Services page's titles (the texts); a
   * booking, move or cancellation rewrites the sessions document and emails both people (the
   * site's name above each email).
   */
  bookingServices: (): Touches => ({ always: [...documentRead('availability'), ...documentRead('content')] }),
  bookingSlots: (): Touches => ({ always: [...documentRead('availability'), ...documentRead('content'), ...documentRead('sessions')] }),
  bookingSessions: (): Touches => ({
    always: [...documentRead('availability'), ...documentRead('content'), ...RATE_LIMITS, ...documentRead('sessions')],
    onSuccess: [...documentWrite('sessions'), OUTBOX],
  }),
  /** A link's token names one session: the sessions document, her availability, and the limit before a change. */
  bookingSession: (): Touches => ({
    always: [...RATE_LIMITS, ...documentRead('sessions'), ...documentRead('availability')],
    onSuccess: [...documentWrite('sessions'), OUTBOX, ...documentRead('content')],
  }),
  /** Any token but hers reads the feed's document only. */
  calendarFeed: (): Touches => ({
    always: documentRead('calendar-feed'),
    onSuccess: [...documentRead('sessions'), ...documentRead('content')],
  }),
  adminAvailabilityGet: (): Touches => ({
    always: [...AUTH, ...documentRead('availability'), ...documentRead('content'), ...documentRead('calendar-feed')],
  }),
  adminAvailabilityPut: (): Touches => ({
    always: [...AUTH, ...documentRead('content')],
    onSuccess: [...documentWrite('availability'), HISTORY],
  }),
  adminCalendarFeed: (): Touches => ({ always: [...AUTH], onSuccess: [...documentWrite('calendar-feed'), HISTORY] }),
  adminSessions: (): Touches => ({ always: [...AUTH, ...documentRead('sessions'), ...documentRead('availability')] }),
  adminSession: (): Touches => ({
    always: [...AUTH, ...documentRead('availability'), ...documentRead('sessions')],
    onSuccess: [...documentWrite('sessions'), HISTORY, OUTBOX, ...documentRead('content')],
  }),
  booking: (): Touches => ({
    always: RATE_LIMITS,
    onSuccess: [
      // The one marker per request's content that makes a request sent twice one booking.
      writePattern('booking-submissions', /^submission\/[\w-]{32}$/),
      list('booking-submissions', /^submission\/[\w-]{32}$/),
      writePattern('bookings', new RegExp(`^${TIME_ID}$`)),
      list('bookings', new RegExp(`^${TIME_ID}$`)),
      writePattern('booking-emails-due', new RegExp(`^${TIME_ID}$`)),
      list('booking-emails-due', new RegExp(`^${TIME_ID}$`)),
      OUTBOX,
      // The site's name, above the email (netlify/lib/email/transactional.ts siteNameForEmail).
      ...documentRead('content'),
    ],
  }),
}

// ---------------------------------------------------------------------------------------------
// Checks every answer gets

const JSON_FUNCTIONS = new Set([
  'admin-availability',
  'admin-calendar-feed',
  'admin-session',
  'admin-sessions',
  'booking-services',
  'booking-session',
  'booking-sessions',
  'booking-slots',
  'admin-blog-post',
  'admin-blog-posts',
  'admin-booking',
  'admin-bookings',
  'admin-content',
  'admin-content-item',
  'admin-login',
  'admin-logout',
  'admin-media',
  'admin-media-complete',
  'admin-media-file',
  'admin-media-part',
  'admin-newsletter',
  'admin-newsletter-preview',
  'admin-newsletter-send',
  'admin-newsletter-test',
  'admin-newsletters',
  'admin-post-preview',
  'admin-resource',
  'admin-resources',
  'admin-stats',
  'admin-user',
  'admin-user-password',
  'admin-user-owner',
  'admin-account-password',
  'admin-account-sign-out',
  'admin-users',
  'blog-posts',
  'content',
  'newsletter-send-background',
  'password-reset',
  'password-reset-check',
  'password-reset-request',
  'resource-download',
  'resources',
  'send-booking-email',
  'sendgrid-events',
  'subscriber-confirm',
  'subscribers',
  'unsubscribe',
])

const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length

/** What is wrong with a rendered page's structure: one head, one title. */
export function pageProblems(html: string): string[] {
  const problems: string[] = []
  const heads = count(html, /<\/head>/gi)
  const titles = count(html, /<title[\s>]/gi)
  if (heads !== 1) problems.push(`page has ${heads} </head>`)
  if (titles !== 1) problems.push(`page has ${titles} <title>`)
  return problems
}

export function xmlProblems(xml: string, what: string): string[] {
  const result = XMLValidator.validate(xml)
  return result === true ? [] : [`${what} does not parse: ${result.err.msg} (line ${result.err.line})`]
}

const PAGE_FUNCTIONS = new Set([
  'blog-page',
  'home-page',
  'about-page',
  'services-page',
  'resources-page',
  'blog-list-page',
  'book-now-page',
  'not-found-page',
])

/** The checks every 2xx answer of a function gets, whatever the attack. */
export function answerProblems(fn: string, { answer }: Outcome): string[] {
  if (answer.status < 200 || answer.status >= 300) {
    if (answer.status >= 400 && answer.status < 500 && JSON_FUNCTIONS.has(fn)) {
      try {
        const body = JSON.parse(answer.text) as { success?: unknown }
        if (body.success !== false) return [`error answer without success: false`]
      } catch {
        return [`error answer is not JSON: ${answer.text.slice(0, 80)}`]
      }
    }
    return []
  }
  if (PAGE_FUNCTIONS.has(fn)) return pageProblems(answer.text)
  if (fn === 'rss') return xmlProblems(answer.text, 'RSS')
  if (fn === 'sitemap') return xmlProblems(answer.text, 'sitemap')
  if (JSON_FUNCTIONS.has(fn)) {
    try {
      const body = JSON.parse(answer.text) as { success?: unknown }
      if (body.success !== true) return ['2xx answer without success: true']
    } catch {
      return [`2xx answer is not JSON: ${answer.text.slice(0, 80)}`]
    }
  }
  return []
}

/** An attack call with the checks every answer of its function gets. */
export function attack(call: AttackCall): AttackCall {
  const own = call.check
  return {
    ...call,
    check: async (outcome) => [...answerProblems(call.fn, outcome), ...(own ? await own(outcome) : [])],
  }
}

/** The public reads of what a post shows in: its page, its JSON, the feed, the sitemap, the blog's list. */
export function readBackPost(attackClass: AttackCall['attack'], label: string, slug: string, check?: AttackCall['check']): AttackCall[] {
  return [
    attack({
      attack: attackClass,
      label: `${label} -> GET blog-page /blog/${slug}`,
      fn: 'blog-page',
      method: 'GET',
      url: `/blog/${encodeURIComponent(slug)}`,
      params: { slug },
      touches: touch.blogPage(slug),
      check,
    }),
    attack({
      attack: attackClass,
      label: `${label} -> GET blog-posts ?slug=${slug}`,
      fn: 'blog-posts',
      method: 'GET',
      url: `/api/blog-posts?slug=${encodeURIComponent(slug)}`,
      touches: touch.blogPosts(slug),
    }),
    attack({ attack: attackClass, label: `${label} -> GET rss`, fn: 'rss', method: 'GET', url: '/rss.xml', touches: touch.rss() }),
    attack({
      attack: attackClass,
      label: `${label} -> GET sitemap`,
      fn: 'sitemap',
      method: 'GET',
      url: '/sitemap.xml',
      touches: touch.sitemap(),
    }),
    attack({
      attack: attackClass,
      label: `${label} -> GET blog-list-page /blog`,
      fn: 'blog-list-page',
      method: 'GET',
      url: '/blog',
      touches: touch.blogListPage(),
      check,
    }),
  ]
}

/** Reads a store entry outside the recording (for checks). */
export async function storedText(store: string, key: string): Promise<string | null> {
  return getStore({ name: store, consistency: 'strong' }).get(key, { type: 'text' })
}
