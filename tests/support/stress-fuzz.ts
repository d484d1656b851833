import fc from 'fast-check'
import * as adminBlogPost from '#functions/admin-blog-post.ts'
import * as adminBlogPosts from '#functions/admin-blog-posts.ts'
import * as adminBooking from '#functions/admin-booking.ts'
import * as adminBookings from '#functions/admin-bookings.ts'
import * as adminContent from '#functions/admin-content.ts'
import * as adminContentItem from '#functions/admin-content-item.ts'
import * as adminLogin from '#functions/admin-login.ts'
import * as adminLogout from '#functions/admin-logout.ts'
import * as adminResource from '#functions/admin-resource.ts'
import * as adminResources from '#functions/admin-resources.ts'
import * as adminStats from '#functions/admin-stats.ts'
import * as adminSubscriberExport from '#functions/admin-subscriber-export.ts'
import * as adminSubscriberExportFile from '#functions/admin-subscriber-export-file.ts'
import * as adminSubscriberExports from '#functions/admin-subscriber-exports.ts'
import * as adminSubscribersImport from '#functions/admin-subscribers-import.ts'
import * as adminNewsletter from '#functions/admin-newsletter.ts'
import * as adminNewsletterPreview from '#functions/admin-newsletter-preview.ts'
import * as adminNewsletterSend from '#functions/admin-newsletter-send.ts'
import * as adminNewsletterTest from '#functions/admin-newsletter-test.ts'
import * as adminNewsletters from '#functions/admin-newsletters.ts'
import * as newsletterSendBackground from '#functions/newsletter-send-background.ts'
import * as subscribersExportBackground from '#functions/subscribers-export-background.ts'
import * as adminUser from '#functions/admin-user.ts'
import * as adminUsers from '#functions/admin-users.ts'
import * as apiNotFound from '#functions/api-not-found.ts'
import * as aboutPage from '#functions/about-page.ts'
import * as bookNowPage from '#functions/book-now-page.ts'
import * as homePage from '#functions/home-page.ts'
import * as notFoundPage from '#functions/not-found-page.ts'
import * as servicesPage from '#functions/services-page.ts'
import * as blogListPage from '#functions/blog-list-page.ts'
import * as blogPage from '#functions/blog-page.ts'
import * as resourcesPage from '#functions/resources-page.ts'
import * as blogPosts from '#functions/blog-posts.ts'
import * as contentFunction from '#functions/content.ts'
import * as resourceDownload from '#functions/resource-download.ts'
import * as resourcesFunction from '#functions/resources.ts'
import * as robots from '#functions/robots.ts'
import * as rss from '#functions/rss.ts'
import * as sendBookingEmail from '#functions/send-booking-email.ts'
import * as sitemap from '#functions/sitemap.ts'
import * as subscriberConfirm from '#functions/subscriber-confirm.ts'
import * as subscribersFunction from '#functions/subscribers.ts'
import * as unsubscribe from '#functions/unsubscribe.ts'
import * as adminAvailability from '#functions/admin-availability.ts'
import * as adminCalendarFeed from '#functions/admin-calendar-feed.ts'
import * as adminSession from '#functions/admin-session.ts'
import * as adminSessions from '#functions/admin-sessions.ts'
import * as bookingServices from '#functions/booking-services.ts'
import * as bookingSession from '#functions/booking-session.ts'
import * as bookingSessions from '#functions/booking-sessions.ts'
import * as bookingSlots from '#functions/booking-slots.ts'
import * as calendarFeed from '#functions/calendar-feed.ts'
import { openAvailability, sessionBody } from './booking'
import type { FunctionModule, RawCall } from './stress-http'

/**
 * The fuzz corpus of tests/stress/fuzz.test.ts: every function file in netlify/functions (but
 * maintenance, which is scheduled, and the dev-* ones), what each answers, what it may write, and
 * fast-check arbitraries for hostile requests to it.
 */

/** The Blobs stores a call may change (rate-limits aside: refused calls count there by design). */
export const DATA_STORES = [
  'posts',
  'resources',
  'downloads',
  'content',
  'users',
  'subscribers',
  'bookings',
  'booking-emails-due',
  'booking-submissions',
  'outbox',
  'revoked-tokens',
  'newsletters',
  'unsubscribes',
  'availability',
  'sessions',
  'calendar-feed',
] as const
export type DataStore = (typeof DATA_STORES)[number]

export type FuzzFixtures = {
  postId: string
  postSlug: string
  resourceId: string
  contentId: string
  bookingId: string
  /** An editor any admin may delete. */
  victimUserId: string
  subscriberEmail: string
  unsubscribeToken: string
  /** The fixture subscriber's confirmation link token. */
  confirmToken: string
  adminUsername: string
  adminPassword: string
  /** A draft newsletter, with a postal address set and a confirmed subscriber: it may be tested and sent. */
  newsletterId: string
  /** A booked session, a free time to move it to, and its emailed reschedule link's token. */
  sessionId: string
  sessionMoveTo: string
  sessionToken: string
}

export type FuzzTarget = {
  file: string
  fn: FunctionModule
  /** The public path, with {id} or {slug} where config.path has a parameter. */
  path: string
  param?: 'id' | 'slug' | 'token'
  methods: string[]
  /** Pages, feeds and files: only the status and, for errors, the JSON shape are checked. */
  kind: 'json' | 'page' | 'text'
  /** A body that would succeed, for mutating. */
  body?: (f: FuzzFixtures) => Record<string, unknown>
  /** Query strings the function reads, valid ones first. */
  queries?: (f: FuzzFixtures) => string[]
  /** Stores a 2xx answer to a method other than GET/HEAD may change. */
  writes: DataStore[]
  /** A public form the browser may post itself: a form-encoded POST is answered with a page. */
  form?: true
}

const post = () => ({
  title: 'A fuzzed post',
  excerpt: 'An excerpt.',
  content: '## Body\n\nText.',
  featuredImage: 'https://img.test.example/a.jpg',
  status: 'draft',
  tags: ['one', 'two'],
})
const resource = () => ({
  title: 'A fuzzed resource',
  description: 'A description.',
  type: 'guide',
  fileUrl: 'https://files.test.example/a.pdf',
  thumbnailUrl: 'https://img.test.example/a.png',
  isActive: true,
})

export const FUZZ_TARGETS: FuzzTarget[] = [
  {
    file: 'admin-blog-post',
    fn: adminBlogPost,
    path: '/api/admin/blog-posts/{id}',
    param: 'id',
    methods: ['GET', 'DELETE'],
    kind: 'json',
    writes: ['posts'],
  },
  {
    file: 'admin-blog-posts',
    fn: adminBlogPosts,
    path: '/api/admin/blog-posts',
    methods: ['GET', 'POST', 'PUT'],
    kind: 'json',
    body: (f) => ({ id: f.postId, ...post() }),
    writes: ['posts'],
  },
  {
    file: 'admin-booking',
    fn: adminBooking,
    path: '/api/admin/bookings/{id}',
    param: 'id',
    methods: ['PUT'],
    kind: 'json',
    body: () => ({ status: 'handled' }),
    writes: ['bookings'],
  },
  { file: 'admin-bookings', fn: adminBookings, path: '/api/admin/bookings', methods: ['GET'], kind: 'json', writes: [] },
  {
    file: 'admin-content',
    fn: adminContent,
    path: '/api/admin/content',
    methods: ['GET', 'POST'],
    kind: 'json',
    body: () => ({ section: 'fuzz', key: 'key', value: 'A value', type: 'text' }),
    writes: ['content'],
  },
  {
    file: 'admin-content-item',
    fn: adminContentItem,
    path: '/api/admin/content/{id}',
    param: 'id',
    methods: ['DELETE'],
    kind: 'json',
    writes: ['content'],
  },
  {
    file: 'admin-login',
    fn: adminLogin,
    path: '/api/admin/login',
    methods: ['POST'],
    kind: 'json',
    body: (f) => ({ username: f.adminUsername, password: f.adminPassword }),
    queries: () => ['', '?username=admin', '?next=%2Fadmin'],
    writes: ['users'],
  },
  { file: 'admin-logout', fn: adminLogout, path: '/api/admin/logout', methods: ['POST'], kind: 'json', writes: ['revoked-tokens'] },
  {
    file: 'admin-resource',
    fn: adminResource,
    path: '/api/admin/resources/{id}',
    param: 'id',
    methods: ['DELETE'],
    kind: 'json',
    writes: ['resources'],
  },
  {
    file: 'admin-resources',
    fn: adminResources,
    path: '/api/admin/resources',
    methods: ['GET', 'POST', 'PUT'],
    kind: 'json',
    body: (f) => ({ id: f.resourceId, ...resource() }),
    writes: ['resources'],
  },
  { file: 'admin-stats', fn: adminStats, path: '/api/admin/stats', methods: ['GET'], kind: 'json', writes: [] },
  // Exports write only their own store (and the history), never the data stores.
  {
    file: 'admin-subscriber-exports',
    fn: adminSubscriberExports,
    path: '/api/admin/subscribers/exports',
    methods: ['POST'],
    kind: 'json',
    writes: [],
  },
  {
    file: 'admin-subscriber-export',
    fn: adminSubscriberExport,
    path: '/api/admin/subscribers/exports/{id}',
    param: 'id',
    methods: ['GET'],
    kind: 'json',
    writes: [],
  },
  {
    file: 'admin-subscriber-export-file',
    fn: adminSubscriberExportFile,
    path: '/api/admin/subscribers/exports/{id}/file',
    param: 'id',
    methods: ['GET'],
    kind: 'text',
    writes: [],
  },
  {
    file: 'admin-subscribers-import',
    fn: adminSubscribersImport,
    path: '/api/admin/subscribers/import',
    methods: ['POST'],
    kind: 'json',
    body: () => ({ importId: 'fuzzed-import', consent: true, rows: [{ row: 2, email: 'fuzzed-import@test.example' }] }),
    // New people are asked to confirm: each gets the confirmation email (locally, the outbox).
    writes: ['subscribers', 'outbox'],
  },
  // Runs a job only with the exports endpoint's signature, which no fuzzed call carries.
  {
    file: 'subscribers-export-background',
    fn: subscribersExportBackground,
    path: '/.netlify/functions/subscribers-export-background',
    methods: ['POST'],
    kind: 'text',
    writes: [],
  },
  // A send runs its worker within the call (tests/support/newsletter-worker.ts), to the outbox.
  {
    file: 'admin-newsletters',
    fn: adminNewsletters,
    path: '/api/admin/newsletters',
    methods: ['GET', 'POST'],
    kind: 'json',
    body: () => ({ subject: 'A fuzzed newsletter', body: '## Hello\n\nA **warm** word.' }),
    writes: ['newsletters'],
  },
  {
    file: 'admin-newsletter',
    fn: adminNewsletter,
    path: '/api/admin/newsletters/{id}',
    param: 'id',
    methods: ['GET', 'PUT', 'DELETE'],
    kind: 'json',
    body: () => ({ subject: 'A fuzzed newsletter', body: 'Saved again.' }),
    writes: ['newsletters'],
  },
  {
    file: 'admin-newsletter-test',
    fn: adminNewsletterTest,
    path: '/api/admin/newsletters/{id}/test',
    param: 'id',
    methods: ['POST'],
    kind: 'json',
    writes: ['newsletters', 'outbox'],
  },
  {
    file: 'admin-newsletter-send',
    fn: adminNewsletterSend,
    path: '/api/admin/newsletters/{id}/send',
    param: 'id',
    methods: ['POST'],
    kind: 'json',
    body: () => ({ action: 'now' }),
    writes: ['newsletters', 'outbox'],
  },
  {
    file: 'admin-newsletter-preview',
    fn: adminNewsletterPreview,
    path: '/api/admin/newsletter-preview',
    methods: ['POST'],
    kind: 'json',
    body: () => ({ subject: 'A fuzzed newsletter', body: 'Hello [there](https://example.com).' }),
    writes: [],
  },
  // Acts only with the worker's secret, which no fuzzed call carries.
  {
    file: 'newsletter-send-background',
    fn: newsletterSendBackground,
    path: '/.netlify/functions/newsletter-send-background',
    methods: ['POST'],
    kind: 'json',
    body: (f) => ({ id: f.newsletterId }),
    writes: [],
  },
  { file: 'admin-user', fn: adminUser, path: '/api/admin/users/{id}', param: 'id', methods: ['DELETE'], kind: 'json', writes: ['users'] },
  {
    file: 'admin-users',
    fn: adminUsers,
    path: '/api/admin/users',
    methods: ['GET', 'POST'],
    kind: 'json',
    body: () => ({ username: 'fuzzed', email: 'fuzzed@test.example', password: 'a long enough password', role: 'editor' }),
    writes: ['users'],
  },
  { file: 'api-not-found', fn: apiNotFound, path: '/api/no-such-thing', methods: [], kind: 'json', writes: [] },
  { file: 'blog-page', fn: blogPage, path: '/blog/{slug}', param: 'slug', methods: ['GET'], kind: 'page', writes: [] },
  { file: 'home-page', fn: homePage, path: '/', methods: ['GET'], kind: 'page', writes: [] },
  { file: 'about-page', fn: aboutPage, path: '/about', methods: ['GET'], kind: 'page', writes: [] },
  { file: 'services-page', fn: servicesPage, path: '/services', methods: ['GET'], kind: 'page', writes: [] },
  { file: 'book-now-page', fn: bookNowPage, path: '/book-now', methods: ['GET'], kind: 'page', writes: [] },
  { file: 'not-found-page', fn: notFoundPage, path: '/no-such-page', methods: ['GET'], kind: 'page', writes: [] },
  { file: 'resources-page', fn: resourcesPage, path: '/resources', methods: ['GET'], kind: 'page', writes: [] },
  {
    file: 'blog-list-page',
    fn: blogListPage,
    path: '/blog',
    methods: ['GET'],
    kind: 'page',
    queries: (f) => ['', '?tag=Budgeting', `?tag=${encodeURIComponent(f.postSlug)}`, '?tag=', '?tag=a&tag=b', '?tag=__proto__'],
    writes: [],
  },
  {
    file: 'blog-posts',
    fn: blogPosts,
    path: '/api/blog-posts',
    methods: ['GET'],
    kind: 'json',
    queries: (f) => [
      `?slug=${f.postSlug}`,
      '',
      '?slug=',
      '?slug=no-such-post',
      '?slug=a&slug=b',
      '?slug=%ZZ',
      '?slug=%E0%A4%A',
      `?slug=${'a'.repeat(101)}`,
      '?slug=Has%20Spaces',
    ],
    writes: [],
  },
  { file: 'content', fn: contentFunction, path: '/api/content', methods: ['GET'], kind: 'json', writes: [] },
  {
    file: 'resource-download',
    fn: resourceDownload,
    path: '/api/resources/{id}/download',
    param: 'id',
    methods: ['POST'],
    kind: 'json',
    writes: ['downloads'],
  },
  { file: 'resources', fn: resourcesFunction, path: '/api/resources', methods: ['GET'], kind: 'json', writes: [] },
  { file: 'robots', fn: robots, path: '/robots.txt', methods: ['GET'], kind: 'text', writes: [] },
  { file: 'rss', fn: rss, path: '/rss.xml', methods: ['GET'], kind: 'text', writes: [] },
  {
    file: 'send-booking-email',
    fn: sendBookingEmail,
    path: '/.netlify/functions/send-booking-email',
    methods: ['POST'],
    kind: 'json',
    body: () => ({
      firstName: 'Fuzz',
      lastName: 'Tester',
      email: 'fuzz@test.example',
      phone: '+1 555 0100',
      company: 'Hope Church',
      country: 'Kenya',
      service: 'Speaking Engagements',
      message: 'Please come and speak.',
    }),
    writes: ['bookings', 'booking-emails-due', 'booking-submissions', 'outbox'],
    form: true,
  },
  { file: 'sitemap', fn: sitemap, path: '/sitemap.xml', methods: ['GET'], kind: 'text', writes: [] },
  {
    file: 'admin-availability',
    fn: adminAvailability,
    path: '/api/admin/availability',
    methods: ['GET', 'PUT'],
    kind: 'json',
    body: () => openAvailability() as unknown as Record<string, unknown>,
    writes: ['availability'],
  },
  {
    file: 'admin-calendar-feed',
    fn: adminCalendarFeed,
    path: '/api/admin/calendar-feed',
    methods: ['POST'],
    kind: 'json',
    writes: ['calendar-feed'],
  },
  { file: 'admin-sessions', fn: adminSessions, path: '/api/admin/sessions', methods: ['GET'], kind: 'json', writes: [] },
  {
    file: 'admin-session',
    fn: adminSession,
    path: '/api/admin/sessions/{id}',
    param: 'id',
    methods: ['POST', 'DELETE'],
    kind: 'json',
    body: (f) => ({ start: f.sessionMoveTo }),
    writes: ['sessions', 'outbox'],
  },
  { file: 'booking-services', fn: bookingServices, path: '/api/booking/services', methods: ['GET'], kind: 'json', writes: [] },
  {
    file: 'booking-slots',
    fn: bookingSlots,
    path: '/api/booking/slots',
    methods: ['GET'],
    kind: 'json',
    queries: () => ['?service=1-1%20Financial%20Coaching', '?service=Investment%20Coaching', '?service=__proto__', '?service=', ''],
    writes: [],
  },
  {
    file: 'booking-sessions',
    fn: bookingSessions,
    path: '/api/booking/sessions',
    methods: ['POST'],
    kind: 'json',
    body: (f) => sessionBody(f.sessionMoveTo, { email: 'fuzz@test.example' }),
    writes: ['sessions', 'outbox'],
  },
  {
    file: 'booking-session',
    fn: bookingSession,
    path: '/api/booking/sessions/{token}',
    param: 'token',
    methods: ['GET', 'POST'],
    kind: 'json',
    body: (f) => ({ start: f.sessionMoveTo }),
    writes: ['sessions', 'outbox'],
  },
  { file: 'calendar-feed', fn: calendarFeed, path: '/api/calendar/{token}', param: 'token', methods: ['GET'], kind: 'text', writes: [] },
  {
    file: 'subscribers',
    fn: subscribersFunction,
    path: '/api/subscribers',
    methods: ['GET', 'POST'],
    kind: 'json',
    body: () => ({ email: 'someone@test.example' }),
    form: true,
    queries: () => [
      '',
      '?page=2',
      '?search=fix',
      '?page=0',
      '?page=-1',
      '?page=1e400',
      '?page=abc',
      '?page=99999',
      `?search=${'%25'.repeat(300)}`,
      '?page=1&page=2',
      '?search=%F0%9F%98%80',
    ],
    writes: ['subscribers', 'outbox'],
  },
  {
    file: 'subscriber-confirm',
    fn: subscriberConfirm,
    path: '/api/subscribers/confirm',
    methods: ['POST'],
    kind: 'json',
    body: (f) => ({ token: f.confirmToken }),
    writes: ['subscribers', 'outbox'],
  },
  {
    file: 'unsubscribe',
    fn: unsubscribe,
    path: '/api/unsubscribe',
    methods: ['POST'],
    kind: 'json',
    queries: (f) => [
      `?email=${encodeURIComponent(f.subscriberEmail)}&token=${f.unsubscribeToken}`,
      '',
      `?email=${encodeURIComponent(f.subscriberEmail)}`,
      `?email=${encodeURIComponent(f.subscriberEmail)}&token=${'A'.repeat(43)}`,
      `?email=%ZZ&token=${f.unsubscribeToken}`,
      `?token=${f.unsubscribeToken}`,
      `?email=${'%F0%9F%98%80'.repeat(80)}%40x.co&token=${f.unsubscribeToken}`,
    ],
    // The dated entry a newsletter's report counts.
    writes: ['subscribers', 'unsubscribes'],
  },
]

// ---------------------------------------------------------------------------------------------
// Hostile values

export const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\uDE00y',
  '\u202Eevil\u202C',
  '\u200B',
  '\u200D',
  '\uFEFF',
  '😀',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈',
  'مرحبا بالعالم',
  'שלום',
  'İstanbul',
  'ß',
  'ﬃ',
  'e\u0301',
  'Ω≈ç√∫',
  '\r\n',
  '\t',
  '\\',
  '"',
  "'",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '//evil.example/x',
  '/files/ok.pdf',
  'https://files.test.example/ok.pdf',
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '${7*7}',
  '{{7*7}}',
  "'; DROP TABLE users; --",
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  'true',
  '1e309',
  '-0',
  'published',
  'draft',
  'ebook',
  'video',
  'json',
  'handled',
  'admin',
  'editor',
  'a'.repeat(201),
  'é'.repeat(3000),
  '😀'.repeat(400),
]

const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code))

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  // Any UTF-16 code unit, lone surrogates included.
  { weight: 2, arbitrary: fc.string({ unit: codeUnit, maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  // Huge: past every field limit, some past the 64 KB body limit.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('x', 'é', '😀', '\u0000', ' ', '<'), fc.integer({ min: 200, max: 80_000 }))
      .map(([unit, length]) => unit.repeat(length)),
  },
)

/** An email the original site's loose pattern (`\S+@\S+\.\S+`) may accept, built from hostile parts. */
export const hostileEmail: fc.Arbitrary<string> = fc
  .tuple(hostileText, hostileText, fc.constantFrom('co', 'example', 'ü', '😀', ''))
  .map(([local, domain, tld]) => `${local.slice(0, 120) || 'x'}@${domain.slice(0, 60) || 'y'}.${tld}`)

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileText },
  { weight: 1, arbitrary: hostileEmail },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2, 0.1) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(hostileText, { maxLength: 12 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileText, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
)

type Mutation = { kind: 'set' | 'drop'; field: number; value: unknown; email?: string } | { kind: 'add'; name: string; value: unknown }

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  // `email`: what an email field gets instead, half of the time (the loose pattern lets a lot through).
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('set' as const),
      field: fc.nat(),
      value: hostileValue,
      email: fc.option(hostileEmail, { nil: undefined }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('drop' as const), field: fc.nat(), value: fc.constant(undefined) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      name: fc.oneof(
        fc.constantFrom('__proto__', 'constructor', 'id', 'slug', 'role', 'passwordHash', 'downloadCount', 'isAdmin', 'website'),
        fc.string({ maxLength: 12 }),
      ),
      value: hostileValue,
    }),
  },
)

function mutate(valid: Record<string, unknown>, mutations: Mutation[]): Record<string, unknown> {
  const body: Record<string, unknown> = { ...valid }
  const fields = Object.keys(valid)
  for (const change of mutations) {
    if (change.kind === 'add')
      Object.defineProperty(body, change.name, { value: change.value, enumerable: true, writable: true, configurable: true })
    else if (fields.length > 0) {
      const field = fields[change.field % fields.length]!
      if (change.kind === 'drop') delete body[field]
      else body[field] = /email/i.test(field) && change.email !== undefined ? change.email : change.value
    }
  }
  return body
}

/** How a body is built: exactly the JSON text sent. */
type BodyRecipe =
  | { kind: 'none' }
  | { kind: 'valid' }
  | { kind: 'mutated'; mutations: Mutation[] }
  | { kind: 'truncated'; mutations: Mutation[]; cut: number }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'oversized'; size: number }
  | { kind: 'deep'; depth: number }

const bodyRecipe: fc.Arbitrary<BodyRecipe> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'valid' as const }) },
  {
    weight: 8,
    arbitrary: fc.record({ kind: fc.constant('mutated' as const), mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('truncated' as const), mutations: fc.array(mutation, { maxLength: 1 }), cut: fc.nat() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('json' as const), value: fc.jsonValue({ maxDepth: 4 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('text' as const),
      text: fc.oneof(
        hostileText,
        fc.constantFrom(
          '{',
          '}',
          '{"a":',
          '[',
          'nul',
          '{"a":1,}',
          "{'a':1}",
          '\uFEFF{}',
          '{"a":"\\ud800"}',
          '{"a":"\\u0000"}',
          'List-Unsubscribe=One-Click',
        ),
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('oversized' as const), size: fc.integer({ min: 64 * 1024 + 1, max: 300 * 1024 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deep' as const), depth: fc.integer({ min: 100, max: 30_000 }) }) },
)

function realizeBody(recipe: BodyRecipe, valid: Record<string, unknown>): string | undefined {
  switch (recipe.kind) {
    case 'none':
      return undefined
    case 'valid':
      return JSON.stringify(valid)
    case 'mutated':
      return JSON.stringify(mutate(valid, recipe.mutations))
    case 'truncated': {
      const text = JSON.stringify(mutate(valid, recipe.mutations))
      return text.slice(0, recipe.cut % Math.max(1, text.length))
    }
    case 'json':
      return JSON.stringify(recipe.value)
    case 'text':
      return recipe.text
    case 'oversized': {
      const padded = JSON.stringify({ ...valid, padding: 'x'.repeat(recipe.size) })
      return padded
    }
    case 'deep':
      return recipe.depth % 2
        ? '['.repeat(recipe.depth) + ']'.repeat(recipe.depth)
        : `${'{"a":'.repeat(recipe.depth)}1${'}'.repeat(recipe.depth)}`
  }
}

export const AUTH_KINDS = [
  'admin',
  'editor',
  'none',
  'garbage',
  'expired',
  'alg-none',
  'revoked',
  'basic',
  'lowercase-scheme',
  'two-tokens',
] as const
export type AuthKind = (typeof AUTH_KINDS)[number]

const PARAM_POOL = [
  '',
  ' ',
  '..',
  '../index',
  'x'.repeat(65),
  'a/b',
  'abc%2F..',
  'index',
  'body',
  '__proto__',
  '-',
  '_',
  'ÄÖÜ',
  '😀',
  '\u0000',
  'a b',
  '%00',
]

type ParamRecipe =
  | { kind: 'valid' }
  | { kind: 'missing' }
  | { kind: 'empty-object' }
  | { kind: 'value'; value: string }
  | { kind: 'wrong-name'; value: string }
  | { kind: 'extra'; name: string }

const paramRecipe: fc.Arbitrary<ParamRecipe> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: 'valid' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'missing' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'empty-object' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('value' as const),
      value: fc.oneof(
        fc.constantFrom(...PARAM_POOL),
        hostileText.map((text) => text.slice(0, 200)),
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('wrong-name' as const), value: fc.constantFrom(...PARAM_POOL) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('extra' as const), name: fc.constantFrom('splat', 'slug', 'id', '0', 'extra') }) },
)

/** Everything drawn for one request; `realize` turns it into a call with the run's fixtures and tokens. */
export type FuzzRecipe = {
  target: number
  /** OWN: one of the function's own methods (picked by ownMethod), else this one. */
  method: string
  ownMethod: number
  auth: AuthKind
  param: ParamRecipe
  pathSuffix: string
  query: { kind: 'none' } | { kind: 'known'; index: number } | { kind: 'raw'; text: string }
  contentType: string | null
  contentLength: string | null
  body: BodyRecipe
  ip: number
}

export const fuzzRecipe: fc.Arbitrary<FuzzRecipe> = fc.record({
  target: fc.nat({ max: FUZZ_TARGETS.length - 1 }),
  // The function's own methods most of the time, any method otherwise.
  method: fc.oneof(
    { weight: 5, arbitrary: fc.constant('OWN') },
    {
      weight: 2,
      arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'get', 'delete', 'PROPFIND', 'X-FUZZ'),
    },
  ),
  ownMethod: fc.nat(),
  // Mostly a valid admin, so that bodies and parameters get past the sign-in check and are what is tested.
  auth: fc.oneof(
    { weight: 10, arbitrary: fc.constant('admin' as const) },
    { weight: 2, arbitrary: fc.constant('editor' as const) },
    { weight: 4, arbitrary: fc.constantFrom(...AUTH_KINDS) },
  ),
  param: paramRecipe,
  pathSuffix: fc.oneof(
    { weight: 6, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: fc.constantFrom('/', '/extra', '/extra/segments/here', '//', '/..', '/%2e%2e', '/😀', '?') },
  ),
  query: fc.oneof(
    { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('known' as const), index: fc.nat() }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        text: fc.oneof(
          fc.constantFrom(
            '?',
            '?&&',
            '?=',
            '?a',
            '?%',
            '?%ZZ=%ZZ',
            '?slug=%00',
            '?page=1&page=x',
            '?search=%FF%FE',
            '?__proto__[x]=1',
            '?email=&token=',
          ),
          hostileText.map((text) => `?slug=${text.slice(0, 300)}`),
          hostileText.map((text) => `?search=${text.slice(0, 300)}&page=${text.slice(0, 10)}`),
        ),
      }),
    },
  ),
  // Mostly JSON as declared: any other type is refused (415) before the body is read, so it
  // tests one check while declared JSON reaches the parsers and the schemas behind them.
  contentType: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        null,
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=utf-16',
      ),
    },
  ),
  contentLength: fc.oneof(
    { weight: 8, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom('0', '5', '99999999', '-1', 'abc', '1e6') },
  ),
  body: bodyRecipe,
  ip: fc.nat({ max: 40 }),
})

export type Tokens = Record<AuthKind, string | null> & { freshAdmin: () => Promise<string>; freshEditor: () => Promise<string> }

export type RealizedCall = { target: FuzzTarget; method: string; call: RawCall; readOnly: boolean; describe: string }

function paramsFor(
  target: FuzzTarget,
  recipe: ParamRecipe,
  fixtures: FuzzFixtures,
): { params: Record<string, string> | null; value: string } {
  const name = target.param ?? 'id'
  const valid = target.param === 'slug' ? fixtures.postSlug : validId(target, fixtures)
  switch (recipe.kind) {
    case 'valid':
      return { params: target.param ? { [name]: valid } : {}, value: valid }
    case 'missing':
      return { params: null, value: '' }
    case 'empty-object':
      return { params: {}, value: '' }
    case 'value':
      return { params: { [name]: recipe.value }, value: recipe.value }
    case 'wrong-name':
      return { params: { [name === 'id' ? 'slug' : 'id']: recipe.value }, value: recipe.value }
    case 'extra':
      return { params: { [name]: valid, [recipe.name]: 'extra/segment' }, value: valid }
  }
}

function validId(target: FuzzTarget, f: FuzzFixtures): string {
  if (target.file === 'admin-session') return f.sessionId
  if (target.file === 'booking-session') return f.sessionToken
  if (target.file.includes('newsletter')) return f.newsletterId
  if (target.file.includes('blog-post')) return f.postId
  if (target.file.includes('resource')) return f.resourceId
  if (target.file.includes('content')) return f.contentId
  if (target.file.includes('booking')) return f.bookingId
  if (target.file.includes('user')) return f.victimUserId
  return 'x'
}

const IP_POOL = (n: number) => `203.0.113.${n + 1}`
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

export async function realize(recipe: FuzzRecipe, fixtures: FuzzFixtures, tokens: Tokens): Promise<RealizedCall> {
  const target = FUZZ_TARGETS[recipe.target]!
  const method = recipe.method === 'OWN' ? (target.methods[recipe.ownMethod % Math.max(1, target.methods.length)] ?? 'GET') : recipe.method
  const { params, value } = paramsFor(target, recipe.param, fixtures)

  // The path as a client would have sent it; the handler reads only the query.
  const segment = encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'))
  const base = target.path.replace('{id}', segment).replace('{slug}', segment).replace('{token}', segment)
  const queries = target.queries?.(fixtures) ?? []
  const query =
    recipe.query.kind === 'none'
      ? ''
      : recipe.query.kind === 'known'
        ? (queries[recipe.query.index % Math.max(1, queries.length)] ?? '')
        : recipe.query.text
  const url = `${base}${recipe.pathSuffix}${query}`

  const headers: Record<string, string> = {}
  // A fresh session for logout, so the run's own tokens stay valid.
  let token = tokens[recipe.auth]
  if (target.file === 'admin-logout' && recipe.auth === 'admin') token = await tokens.freshAdmin()
  if (target.file === 'admin-logout' && recipe.auth === 'editor') token = await tokens.freshEditor()
  if (token !== null) headers.authorization = token
  if (recipe.contentType) headers['content-type'] = recipe.contentType
  if (recipe.contentLength) headers['content-length'] = recipe.contentLength

  const readOnly = ['GET', 'HEAD'].includes(method.toUpperCase())
  const body = readOnly ? undefined : realizeBody(recipe.body, target.body?.(fixtures) ?? {})
  const call: RawCall = { method, url, headers, body, params, ip: IP_POOL(recipe.ip) }
  const describe = `${method} ${target.file} ${url.slice(0, 120)} params=${JSON.stringify(params)?.slice(0, 80)} auth=${recipe.auth} body=${body === undefined ? '-' : JSON.stringify(body.slice(0, 160))}${body && body.length > 160 ? `…(${body.length})` : ''}`
  return { target, method, call, readOnly, describe }
}
