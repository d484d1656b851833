import { isDeepStrictEqual } from 'node:util'
import { decodeJwt } from 'jose'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { BookingRequestSchema } from '#domain/booking.ts'
import * as adminBlogPost from '#functions/admin-blog-post.ts'
import * as adminBlogPosts from '#functions/admin-blog-posts.ts'
import * as adminBooking from '#functions/admin-booking.ts'
import * as adminContent from '#functions/admin-content.ts'
import * as adminContentItem from '#functions/admin-content-item.ts'
import * as adminLogin from '#functions/admin-login.ts'
import * as adminLogout from '#functions/admin-logout.ts'
import * as adminResource from '#functions/admin-resource.ts'
import * as adminResources from '#functions/admin-resources.ts'
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
import * as sendgridEvents from '#functions/sendgrid-events.ts'
import * as sitemap from '#functions/sitemap.ts'
import * as subscriberConfirm from '#functions/subscriber-confirm.ts'
import * as subscribersFunction from '#functions/subscribers.ts'
import * as newsletterSendBackground from '#functions/newsletter-send-background.ts'
import * as unsubscribe from '#functions/unsubscribe.ts'
import * as bookingServices from '#functions/booking-services.ts'
import * as bookingSlots from '#functions/booking-slots.ts'
import * as bookingSessions from '#functions/booking-sessions.ts'
import * as bookingSession from '#functions/booking-session.ts'
import * as calendarFeed from '#functions/calendar-feed.ts'
import { sessionLinkToken } from '#lib/booking/session-links.ts'
import { sessions } from '#lib/data/sessions.ts'
import { sessionBody } from '#tests/support/booking.ts'
import { openStore, StorageUnavailableError } from '#lib/storage/blobs.ts'
import { deliverBookingEmail, retryBookingEmails } from '#lib/email/booking-email.ts'
import { bookings } from '#lib/data/bookings.ts'
import { content } from '#lib/data/content.ts'
import { posts } from '#lib/data/posts.ts'
import { resources } from '#lib/data/resources.ts'
import { revokedTokens } from '#lib/data/revoked-tokens.ts'
import { SIGNUP_GRACE_MS, subscribers } from '#lib/data/subscribers.ts'
import { users } from '#lib/data/users.ts'
import { timeOrderedId } from '#lib/storage/ids.ts'
import { unsubscribeToken } from '#lib/subscribers/unsubscribe.ts'
import { WORKER_SECRET_HEADER, workerSecret } from '#lib/newsletter/sender.ts'
import { confirmToken } from '#lib/subscribers/confirm.ts'
import {
  ADMIN_ENDPOINTS,
  createAdmin,
  createEditor,
  createFixtures,
  newSession,
  snapshotData,
  TEST_PASSWORD,
  type Fixtures,
  type SignedInUser,
} from '#tests/support/auth.ts'
import { LOCAL_RUNTIME } from '#tests/support/call.ts'
import { startBlobsServer, type RunningBlobsServer } from '#tests/support/blobs-server.ts'
import { expectConsoleError } from '#tests/support/console-guard.ts'
import { bookingInput, postInput, resourceInput } from '#tests/support/factories.ts'
import { createPost, createResource } from '#tests/support/records.ts'
import { pointBlobsAt, startBlobsProxy, type BlobsProxy, type Fault } from '#tests/support/stress-blobs-proxy.ts'
import { DEFAULT_BUILT_PAGES, useBuiltPages } from '#tests/support/built-pages.ts'
import { errorShapeProblem, invoke, type FunctionModule, type RawAnswer, type RawCall } from '#tests/support/stress-http.ts'
import { PAGE_TEMPLATE } from '#tests/support/stress-mail.ts'
import { nextIp, reportStress, STRESS_FULL } from '#tests/support/stress-scale.ts'
import { sendgridEvent, webhookSigner } from '#tests/support/sendgrid-webhook.ts'

/**
 * Blobs failing under the functions (docs/decisions.md, Tested under pressure): every Blobs request
 * goes through a proxy (stress-blobs-proxy.ts) that can answer 500, drop the connection, never
 * answer, or lose the answer of a write it passed on. The functions must answer a clean 503 JSON
 * and, once the service is back, the data modules must show each write either whole or not at all.
 */
let blobs: RunningBlobsServer
let proxy: BlobsProxy
let admin: SignedInUser
let fixtures: Fixtures
/** A confirmation link's token (signing is async, the calls below are made synchronously). */
let confirmLinkToken = ''
/** A live link of the fixture session (signed with its sequence, which the outage must leave as it is). */
let sessionLink = ''

beforeAll(async () => {
  blobs = await startBlobsServer()
  proxy = await startBlobsProxy(blobs.url)
  pointBlobsAt(proxy.url)
  admin = await createAdmin()
  fixtures = await createFixtures()
  confirmLinkToken = await confirmToken('someone@test.example')
  sessionLink = await sessionLinkToken((await sessions.get(fixtures.sessionId))!, 'reschedule')
})

// Every page a function answers with is this one shell (without an outlet, as Vite's is): with
// storage down, the page functions answer it as it is.
beforeEach(() => useBuiltPages(Object.fromEntries(Object.keys(DEFAULT_BUILT_PAGES).map((file) => [file, PAGE_TEMPLATE]))))

afterEach(() => {
  proxy?.healthy()
  vi.useRealTimers()
})

afterAll(async () => {
  await proxy?.stop()
  await blobs?.stop()
})

let tagSequence = 0
const uniqueTag = () => `f${process.pid}x${++tagSequence}`
const elapsed = (since: number) => performance.now() - since
const json = (value: unknown) => JSON.stringify(value)
const withAdmin = (call: RawCall): RawCall => ({ ...call, headers: { authorization: admin.authorization, ...call.headers } })
const jsonBody = (value: unknown) => ({ body: json(value), headers: { 'content-type': 'application/json' } })
// SendGrid's signed events: this file's functions are given the test key (the file is its own process).
const sendgrid = webhookSigner()
process.env.SENDGRID_WEBHOOK_PUBLIC_KEY = sendgrid.publicKey
const signedEvents = (events: unknown[]) => {
  const body = json(events)
  return { body, headers: sendgrid.headers(body) }
}

// ---------------------------------------------------------------------------------------------
// Every function (maintenance and dev-* aside) with a request that would succeed.

/** `page`: answers HTML for visitors, so an outage answers the page itself (503), which then shows its error state. */
type FunctionCall = { name: string; fn: FunctionModule; request: () => RawCall; usesBlobs: boolean; page?: boolean }

const FUNCTION_CALLS: FunctionCall[] = [
  ...ADMIN_ENDPOINTS.map((endpoint): FunctionCall => ({
    name: endpoint.name,
    fn: endpoint.fn,
    usesBlobs: true,
    request: () => {
      const options = endpoint.options(fixtures)
      return withAdmin({
        method: options.method,
        url: options.path,
        params: options.params,
        ...(options.body === undefined ? {} : jsonBody(options.body)),
      })
    },
  })),
  {
    name: 'POST /api/admin/login',
    fn: adminLogin,
    usesBlobs: true,
    request: () => ({
      method: 'POST',
      url: '/api/admin/login',
      ip: nextIp(),
      ...jsonBody({ username: admin.user.username, password: TEST_PASSWORD }),
    }),
  },
  { name: 'GET /api/blog-posts', fn: blogPosts, usesBlobs: true, request: () => ({ url: '/api/blog-posts' }) },
  { name: 'GET /api/blog-posts?slug=', fn: blogPosts, usesBlobs: true, request: () => ({ url: '/api/blog-posts?slug=a-post' }) },
  {
    name: 'GET /blog/{slug}',
    fn: blogPage,
    usesBlobs: true,
    page: true,
    request: () => ({ url: '/blog/a-post', params: { slug: 'a-post' } }),
  },
  { name: 'GET /', fn: homePage, usesBlobs: true, page: true, request: () => ({ url: '/' }) },
  { name: 'GET /about', fn: aboutPage, usesBlobs: true, page: true, request: () => ({ url: '/about' }) },
  { name: 'GET /services', fn: servicesPage, usesBlobs: true, page: true, request: () => ({ url: '/services' }) },
  { name: 'GET /book-now', fn: bookNowPage, usesBlobs: true, page: true, request: () => ({ url: '/book-now' }) },
  { name: 'GET /{unknown}', fn: notFoundPage, usesBlobs: true, page: true, request: () => ({ url: '/no-such-page' }) },
  { name: 'GET /resources', fn: resourcesPage, usesBlobs: true, page: true, request: () => ({ url: '/resources' }) },
  { name: 'GET /blog', fn: blogListPage, usesBlobs: true, page: true, request: () => ({ url: '/blog?tag=Budgeting' }) },
  { name: 'GET /rss.xml', fn: rss, usesBlobs: true, request: () => ({ url: '/rss.xml' }) },
  { name: 'GET /sitemap.xml', fn: sitemap, usesBlobs: true, request: () => ({ url: '/sitemap.xml' }) },
  { name: 'GET /api/content', fn: contentFunction, usesBlobs: true, request: () => ({ url: '/api/content' }) },
  { name: 'GET /api/resources', fn: resourcesFunction, usesBlobs: true, request: () => ({ url: '/api/resources' }) },
  {
    name: 'POST /api/resources/{id}/download',
    fn: resourceDownload,
    usesBlobs: true,
    request: () => ({ method: 'POST', url: `/api/resources/${fixtures.resourceId}/download`, params: { id: fixtures.resourceId } }),
  },
  {
    name: 'POST /api/subscribers',
    fn: subscribersFunction,
    usesBlobs: true,
    request: () => ({ method: 'POST', url: '/api/subscribers', ip: nextIp(), ...jsonBody({ email: `new-${uniqueTag()}@test.example` }) }),
  },
  {
    name: 'POST send-booking-email',
    fn: sendBookingEmail,
    usesBlobs: true,
    request: () => ({ method: 'POST', url: '/.netlify/functions/send-booking-email', ip: nextIp(), ...jsonBody(bookingInput()) }),
  },
  {
    name: 'POST /api/sendgrid/events',
    fn: sendgridEvents,
    usesBlobs: true,
    // A bounce for a subscriber the fixtures hold: an outage is a 503 (with Retry-After), which SendGrid retries.
    request: () => ({
      method: 'POST',
      url: '/api/sendgrid/events',
      ...signedEvents([sendgridEvent('bounce', 'someone@test.example', { type: 'bounce', reason: '550 gone' })]),
    }),
  },
  {
    name: 'POST /api/unsubscribe',
    fn: unsubscribe,
    usesBlobs: true,
    request: () => ({
      method: 'POST',
      url: `/api/unsubscribe?email=someone%40test.example&token=${unsubscribeToken('someone@test.example')}`,
    }),
  },
  {
    name: 'POST /api/subscribers/confirm',
    fn: subscriberConfirm,
    usesBlobs: true,
    request: () => ({ method: 'POST', url: '/api/subscribers/confirm', ...jsonBody({ token: confirmLinkToken }) }),
  },
  {
    // The send worker, called as the site calls it (with its secret): a 503 leaves the send to the scheduler's next resume.
    name: 'POST newsletter-send-background',
    fn: newsletterSendBackground,
    usesBlobs: true,
    request: () => ({
      method: 'POST',
      url: '/.netlify/functions/newsletter-send-background',
      body: json({ id: fixtures.newsletterId }),
      headers: { 'content-type': 'application/json', [WORKER_SECRET_HEADER]: workerSecret() },
    }),
  },
  { name: 'GET /api/booking/services', fn: bookingServices, usesBlobs: true, request: () => ({ url: '/api/booking/services' }) },
  {
    name: 'GET /api/booking/slots',
    fn: bookingSlots,
    usesBlobs: true,
    request: () => ({ url: '/api/booking/slots?service=1-1%20Financial%20Coaching' }),
  },
  {
    name: 'POST /api/booking/sessions',
    fn: bookingSessions,
    usesBlobs: true,
    request: () => ({ method: 'POST', url: '/api/booking/sessions', ip: nextIp(), ...jsonBody(sessionBody(fixtures.sessionMoveTo)) }),
  },
  {
    name: 'GET /api/booking/sessions/{token}',
    fn: bookingSession,
    usesBlobs: true,
    request: () => ({ url: `/api/booking/sessions/${sessionLink}`, params: { token: sessionLink } }),
  },
  {
    name: 'POST /api/booking/sessions/{token}',
    fn: bookingSession,
    usesBlobs: true,
    request: () => ({
      method: 'POST',
      url: `/api/booking/sessions/${sessionLink}`,
      params: { token: sessionLink },
      ip: nextIp(),
      ...jsonBody({ start: fixtures.sessionMoveTo }),
    }),
  },
  {
    // A token of the feed's shape: its document must be read to refuse it.
    name: 'GET /api/calendar/{token}',
    fn: calendarFeed,
    usesBlobs: true,
    request: () => ({ url: `/api/calendar/${'A'.repeat(43)}.ics`, params: { token: `${'A'.repeat(43)}.ics` } }),
  },
  { name: 'GET /robots.txt', fn: robots, usesBlobs: false, request: () => ({ url: '/robots.txt' }) },
  { name: 'GET /api/nothing-here', fn: apiNotFound, usesBlobs: false, request: () => ({ url: '/api/nothing-here' }) },
]

// `signup failed`: a signup's record is made after its answer; maintenance makes it if that fails.
const STORAGE_LOGS = /storage unavailable|email failed|could not claim|could not record|signup failed/

function outageProblem(call: FunctionCall, answer: RawAnswer): string | null {
  if (!call.usesBlobs) return answer.status >= 500 ? `${call.name}: ${answer.status} without Blobs` : null
  if (answer.status !== 503) return `${call.name}: ${answer.status} ${answer.text.slice(0, 100)}`
  if (call.page) {
    if (answer.text !== PAGE_TEMPLATE) return `${call.name}: not the page: ${answer.text.slice(0, 100)}`
  } else {
    const shape = errorShapeProblem(answer)
    if (shape) return `${call.name}: ${shape}`
  }
  if (!answer.headers.get('retry-after')) return `${call.name}: no Retry-After`
  return null
}

const OUTAGES: [Fault, string, boolean][] = [
  ['error', 'answers 500', true],
  ['reset', 'drops the connection', true],
  // Each Blobs request waits 8 s (blobs.ts), and the client tries 6 times: about 48 s. Full size only.
  ['hang', 'never answers', STRESS_FULL],
]

describe('Blobs down: every function answers a clean 503 (JSON; the post page: the page itself) and changes nothing', () => {
  it.each(OUTAGES)('Blobs %s (%s)', { timeout: 180_000 }, async (fault, _name, run) => {
    if (!run) return
    const started = performance.now()
    expectConsoleError(/storage unavailable/)
    const before = await snapshotData()

    proxy.setRule(() => fault)
    const answers = await Promise.all(FUNCTION_CALLS.map(async (call) => ({ call, answer: await invoke(call.fn, call.request()), ms: 0 })))
    proxy.healthy()

    const problems = answers.map(({ call, answer }) => outageProblem(call, answer)).filter((problem) => problem !== null)
    const after = await snapshotData()
    reportStress({
      suite: `faults: Blobs ${fault} (every function)`,
      calls: answers.length,
      errors5xx: answers.filter(({ call, answer }) => answer.status >= 500 && !(call.usesBlobs && answer.status === 503)).length,
      lostWrites: isDeepStrictEqual(before, after) ? 0 : 1,
      duplicates: 0,
      ms: elapsed(started),
      note: `${answers.filter(({ answer }) => answer.status === 503).length} clean 503s`,
    })
    expect(problems).toEqual([])
    expect(after).toEqual(before)
  })
})

// ---------------------------------------------------------------------------------------------
// Writes hit by a fault at each of their Blobs requests in turn.

type Answer = { status: number; text: string }

type WriteOp = {
  name: string
  /** Makes what the write works on, with Blobs healthy; returns the op's own state. */
  prepare(): Promise<Record<string, unknown>>
  act(state: Record<string, unknown>): Promise<Answer>
  /** What the data modules show of the op's records (plain data). */
  observe(state: Record<string, unknown>): Promise<unknown>
  /** Whether the observation is the write applied whole, once. */
  applied(state: Record<string, unknown>, seen: unknown): boolean
  /** Extra checks once Blobs is back (retries that must finish the work); problems found. */
  settle?(state: Record<string, unknown>): Promise<string[]>
}

const fromFunction = async (fn: FunctionModule, call: RawCall): Promise<Answer> => {
  const { status, text } = await invoke(fn, call)
  return { status, text }
}

/** A library call (scheduled work) as an answer: 200 when it returned, 503 when storage failed. */
const fromLibrary = async (work: () => Promise<unknown>): Promise<Answer> => {
  try {
    await work()
    return { status: 200, text: '' }
  } catch (error) {
    if (error instanceof StorageUnavailableError) return { status: 503, text: String(error) }
    throw error
  }
}

const editable = (post: { title: string; excerpt: string; content?: string; status: string; tags: string[] } | null) =>
  post && { title: post.title, excerpt: post.excerpt, content: post.content, status: post.status, tags: post.tags }
const resourceFields = (r: {
  id: string
  title: string
  description: string
  type: string
  fileUrl: string
  isActive: boolean
  downloadCount: number
}) => ({
  id: r.id,
  title: r.title,
  description: r.description,
  type: r.type,
  fileUrl: r.fileUrl,
  isActive: r.isActive,
  downloadCount: r.downloadCount,
})
const exactCount = async (id: string) => (await resources.listWithExactCounts()).find((r) => r.id === id)?.downloadCount
/** Emails in the outbox about one booking. Reads only the entries since the booking (outbox keys are time-ordered). */
async function bookingEmailsFor(id: string): Promise<number> {
  const booking = await bookings.get(id)
  const since = timeOrderedId(new Date(Date.parse(booking?.createdAt ?? '1970-01-01T00:00:00Z') - 1000)).slice(0, 18)
  const store = openStore('outbox')
  const keys = (await store.keys()).filter((key) => key >= since)
  const texts = await Promise.all(keys.map((key) => store.get(key)))
  return texts.filter((text) => text?.includes(`(booking ${id})`)).length
}
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000)

/**
 * Runs the scheduled retry now, and again once every claim has expired (as the 5-minute schedule
 * would), then reads how the booking ended: how many emails went out, and its email status.
 */
async function settleBooking(id: string) {
  await retryBookingEmails(LOCAL_RUNTIME)
  const stuck = (await bookings.get(id))?.emailStatus === 'sending'
  vi.useFakeTimers({ toFake: ['Date'], now: later(3) })
  try {
    await retryBookingEmails(LOCAL_RUNTIME)
  } finally {
    vi.useRealTimers()
  }
  return { stuck, emails: await bookingEmailsFor(id), status: (await bookings.get(id))?.emailStatus }
}

/** Duplicate emails from a claim left held when the outcome could not be recorded: counted, pinned by an it.fails below. */
const atLeastOnceDuplicates = { count: 0 }

async function bookingSettled(id: string): Promise<string[]> {
  const { stuck, emails, status } = await settleBooking(id)
  if (status !== 'sent') return [`booking ${id} ended ${status}`]
  if (emails === 0) return [`booking ${id} never emailed`]
  if (emails > 1 && stuck) atLeastOnceDuplicates.count += emails - 1
  else if (emails > 1) return [`booking ${id} emailed ${emails} times`]
  return []
}

const WRITE_OPS: WriteOp[] = [
  {
    name: 'create post',
    prepare: async () => ({ input: postInput({ title: `Fault post ${uniqueTag()}`, status: 'published' }) }),
    act: (s) => fromFunction(adminBlogPosts, withAdmin({ method: 'POST', url: '/api/admin/blog-posts', ...jsonBody(s.input) })),
    observe: async (s) => {
      const title = (s.input as { title: string }).title
      const listed = (await posts.list()).filter((post) => post.title === title)
      return Promise.all(
        listed.map(async (post) => ({ id: post.id, slug: post.slug, body: (await posts.find({ id: post.id }))?.content ?? null })),
      )
    },
    applied: (s, seen) => Array.isArray(seen) && seen.length === 1 && seen[0].body === (s.input as { content: string }).content,
  },
  {
    name: 'update post',
    prepare: async () => ({ id: (await createPost()).id, input: postInput({ title: `Updated ${uniqueTag()}` }) }),
    act: (s) =>
      fromFunction(
        adminBlogPosts,
        withAdmin({ method: 'PUT', url: '/api/admin/blog-posts', ...jsonBody({ id: s.id, ...(s.input as object) }) }),
      ),
    observe: async (s) => ({
      listed: (await posts.list()).filter((post) => post.id === s.id).length,
      post: editable(await posts.find({ id: s.id as string })),
    }),
    applied: (s, seen) => isDeepStrictEqual(seen, { listed: 1, post: editable(s.input as never) }),
  },
  {
    name: 'delete post',
    prepare: async () => ({ id: (await createPost()).id }),
    act: (s) =>
      fromFunction(adminBlogPost, withAdmin({ method: 'DELETE', url: `/api/admin/blog-posts/${s.id}`, params: { id: s.id as string } })),
    observe: async (s) => ({
      listed: (await posts.list()).filter((post) => post.id === s.id).length,
      post: editable(await posts.find({ id: s.id as string })),
    }),
    applied: (_s, seen) => isDeepStrictEqual(seen, { listed: 0, post: null }),
  },
  {
    name: 'create resource',
    prepare: async () => ({ input: resourceInput({ title: `Fault resource ${uniqueTag()}` }) }),
    act: (s) => fromFunction(adminResources, withAdmin({ method: 'POST', url: '/api/admin/resources', ...jsonBody(s.input) })),
    observe: async (s) =>
      (await resources.listWithExactCounts()).filter((r) => r.title === (s.input as { title: string }).title).map(resourceFields),
    applied: (_s, seen) => Array.isArray(seen) && seen.length === 1,
  },
  {
    name: 'update resource',
    prepare: async () => ({
      id: (await createResource()).id,
      input: resourceInput({ title: `Updated ${uniqueTag()}`, type: 'video', isActive: false }),
    }),
    act: (s) =>
      fromFunction(
        adminResources,
        withAdmin({ method: 'PUT', url: '/api/admin/resources', ...jsonBody({ id: s.id, ...(s.input as object) }) }),
      ),
    observe: async (s) => (await resources.listWithExactCounts()).filter((r) => r.id === s.id).map(resourceFields),
    applied: (s, seen) =>
      Array.isArray(seen) && seen.length === 1 && seen[0].title === (s.input as { title: string }).title && seen[0].isActive === false,
  },
  {
    name: 'delete resource',
    prepare: async () => ({ id: (await createResource()).id }),
    act: (s) =>
      fromFunction(adminResource, withAdmin({ method: 'DELETE', url: `/api/admin/resources/${s.id}`, params: { id: s.id as string } })),
    observe: async (s) => (await resources.listWithExactCounts()).filter((r) => r.id === s.id).map(resourceFields),
    applied: (_s, seen) => Array.isArray(seen) && seen.length === 0,
  },
  {
    name: 'save content',
    prepare: async () => ({ input: { section: 'fault', key: uniqueTag(), value: 'A saved value', type: 'text' } }),
    act: (s) => fromFunction(adminContent, withAdmin({ method: 'POST', url: '/api/admin/content', ...jsonBody(s.input) })),
    observe: async (s) =>
      (await content.list())
        .filter((item) => item.section === 'fault' && item.key === (s.input as { key: string }).key)
        .map(({ section, key, value, type }) => ({ section, key, value, type })),
    applied: (s, seen) => isDeepStrictEqual(seen, [s.input]),
  },
  {
    name: 'delete content',
    prepare: async () => ({ id: (await content.save({ section: 'fault', key: uniqueTag(), value: 'Doomed', type: 'text' }, 'setup')).id }),
    act: (s) =>
      fromFunction(adminContentItem, withAdmin({ method: 'DELETE', url: `/api/admin/content/${s.id}`, params: { id: s.id as string } })),
    observe: async (s) => (await content.list()).filter((item) => item.id === s.id).map(({ id, value }) => ({ id, value })),
    applied: (_s, seen) => isDeepStrictEqual(seen, []),
  },
  {
    name: 'create user',
    prepare: async () => ({ username: `made-${uniqueTag()}` }),
    act: (s) =>
      fromFunction(
        adminUsers,
        withAdmin({
          method: 'POST',
          url: '/api/admin/users',
          ...jsonBody({ username: s.username, email: `${s.username}@test.example`, password: 'a long enough password', role: 'editor' }),
        }),
      ),
    observe: async (s) =>
      (await users.list()).filter((user) => user.username === s.username).map(({ username, role }) => ({ username, role })),
    applied: (s, seen) => isDeepStrictEqual(seen, [{ username: s.username, role: 'editor' }]),
  },
  {
    name: 'delete user',
    prepare: async () => ({ id: (await createEditor()).user.id }),
    act: (s) => fromFunction(adminUser, withAdmin({ method: 'DELETE', url: `/api/admin/users/${s.id}`, params: { id: s.id as string } })),
    observe: async (s) => (await users.list()).filter((user) => user.id === s.id).map(({ id }) => id),
    applied: (_s, seen) => isDeepStrictEqual(seen, []),
  },
  {
    name: 'subscribe',
    prepare: async () => ({ email: `fault-${uniqueTag()}@test.example` }),
    act: (s) =>
      fromFunction(subscribersFunction, {
        method: 'POST',
        url: '/api/subscribers',
        ip: nextIp(),
        ...jsonBody({ email: ` ${String(s.email).toUpperCase()} ` }),
      }),
    observe: async (s) => {
      // The record is made after the answer; should that fail, the scheduled maintenance makes it.
      await subscribers.repairSignups(new Date(Date.now() + SIGNUP_GRACE_MS))
      return (await subscribers.all()).filter((subscriber) => subscriber.email === s.email).map(({ email }) => email)
    },
    applied: (s, seen) => isDeepStrictEqual(seen, [s.email]),
  },
  {
    name: 'unsubscribe',
    prepare: async () => {
      const email = `leaving-${uniqueTag()}@test.example`
      await subscribers.add(email)
      return { email }
    },
    act: (s) =>
      fromFunction(unsubscribe, {
        method: 'POST',
        url: `/api/unsubscribe?email=${encodeURIComponent(String(s.email))}&token=${unsubscribeToken(String(s.email))}`,
      }),
    observe: async (s) => (await subscribers.all()).filter((subscriber) => subscriber.email === s.email).map(({ email }) => email),
    applied: (_s, seen) => isDeepStrictEqual(seen, []),
  },
  {
    name: 'download',
    prepare: async () => ({ id: (await createResource()).id }),
    act: (s) => fromFunction(resourceDownload, { method: 'POST', url: `/api/resources/${s.id}/download`, params: { id: s.id as string } }),
    observe: (s) => exactCount(s.id as string),
    applied: (_s, seen) => seen === 1,
  },
  {
    name: 'fold downloads',
    prepare: async () => {
      const { id } = await createResource()
      for (let i = 0; i < 3; i++) await resources.recordDownload(id)
      return { id }
    },
    act: () => fromLibrary(() => resources.foldDownloads(later(10))),
    observe: (s) => exactCount(s.id as string),
    // Folding moves counts, it never changes them: 3 before, during and after.
    applied: (_s, seen) => seen === 3,
    settle: async (s) => {
      await resources.foldDownloads(later(10))
      const stored = (await resources.get(s.id as string))?.downloadCount
      const exact = await exactCount(s.id as string)
      return stored === 3 && exact === 3 ? [] : [`fold: stored ${stored}, exact ${exact}`]
    },
  },
  {
    name: 'booking',
    prepare: async () => ({ input: bookingInput({ lastName: `Fault ${uniqueTag()}` }) }),
    act: (s) =>
      fromFunction(sendBookingEmail, { method: 'POST', url: '/.netlify/functions/send-booking-email', ip: nextIp(), ...jsonBody(s.input) }),
    observe: async (s) =>
      (await bookings.list()).filter((b) => b.lastName === (s.input as { lastName: string }).lastName).map((b) => b.lastName),
    applied: (s, seen) => isDeepStrictEqual(seen, [(s.input as { lastName: string }).lastName]),
    settle: async (s) => {
      const [stored] = (await bookings.list()).filter((b) => b.lastName === (s.input as { lastName: string }).lastName)
      return stored ? bookingSettled(stored.id) : []
    },
  },
  {
    name: 'booking email retry',
    prepare: async () => ({ id: (await bookings.add(z.parse(BookingRequestSchema, bookingInput()))).id }),
    act: () => fromLibrary(() => retryBookingEmails(LOCAL_RUNTIME)),
    observe: async (s) => (await bookings.get(s.id as string)) !== null,
    applied: (_s, seen) => seen === true,
    settle: (s) => bookingSettled(s.id as string),
  },
  {
    name: 'booking status',
    prepare: async () => ({ id: (await bookings.add(z.parse(BookingRequestSchema, bookingInput()))).id }),
    act: (s) =>
      fromFunction(
        adminBooking,
        withAdmin({
          method: 'PUT',
          url: `/api/admin/bookings/${s.id}`,
          params: { id: s.id as string },
          ...jsonBody({ status: 'handled' }),
        }),
      ),
    observe: async (s) => (await bookings.get(s.id as string))?.status,
    applied: (_s, seen) => seen === 'handled',
    settle: (s) => bookingSettled(s.id as string),
  },
  {
    name: 'logout',
    prepare: async () => {
      const authorization = await newSession(admin.user)
      return { authorization, jti: decodeJwt(authorization.slice('Bearer '.length)).jti }
    },
    act: (s) =>
      fromFunction(adminLogout, { method: 'POST', url: '/api/admin/logout', headers: { authorization: s.authorization as string } }),
    observe: (s) => revokedTokens.isRevoked(s.jti as string),
    applied: (_s, seen) => seen === true,
  },
]

type SweepMode = 'from' | 'one' | 'lost'

type SweepResult = { calls: number; serverErrors: number; problems: string[]; known: string[]; ambiguous: number; ms: number }

/**
 * Bugs found by these sweeps and not yet fixed, each pinned by an it.fails below: a problem
 * matching one is counted (and shown by `npm run stress`) instead of failing the sweep, so the
 * sweep still guards the rest. Empty now: the 5xx-read-as-exists and re-applied-change bugs are
 * fixed (netlify/lib/storage/blobs.ts conditionalWrite) and their tests below pass.
 */
const KNOWN_BUGS: { name: string; modes: SweepMode[]; ops: string[]; pattern: RegExp }[] = []

function knownBug(op: WriteOp, mode: SweepMode, problem: string): string | undefined {
  return KNOWN_BUGS.find((bug) => bug.modes.includes(mode) && bug.ops.includes(op.name) && bug.pattern.test(problem))?.name
}

/**
 * For each k: `from`, Blobs fails from the op's k-th request on; `one`, the k-th request fails
 * with all its retries and everything else passes; `lost`, the k-th request is applied but its
 * answer is lost (once). Then Blobs is healthy again and the op's records are read back.
 */
async function sweep(op: WriteOp, fault: Fault, mode: SweepMode): Promise<SweepResult> {
  const started = performance.now()
  const result: SweepResult = { calls: 0, serverErrors: 0, problems: [], known: [], ambiguous: 0, ms: 0 }
  const problem = (text: string) => {
    const bug = knownBug(op, mode, text)
    if (bug) result.known.push(`${bug}: ${text}`)
    else result.problems.push(text)
  }

  // A healthy run first: how many Blobs requests the op makes, and that it works at all.
  const healthyState = await op.prepare()
  const first = proxy.count
  const healthy = await op.act(healthyState)
  const requests = proxy.count - first
  if (healthy.status >= 300 || !op.applied(healthyState, await op.observe(healthyState))) {
    result.problems.push(`${op.name}: healthy run answered ${healthy.status} ${healthy.text.slice(0, 100)}`)
    return result
  }

  for (let k = 1; k <= requests; k++) {
    const state = await op.prepare()
    const before = await op.observe(state)
    const start = proxy.count
    if (mode === 'from') proxy.failFrom(k, fault)
    else if (mode === 'lost') proxy.setRule(({ n }) => (n - start === k ? 'commit-then-error' : 'pass'))
    else {
      let failing: string | undefined
      proxy.setRule(({ n, method, store, key }) => {
        const signature = `${method} ${store}/${key}`
        if (n - start === k) failing = signature
        return signature === failing ? fault : 'pass'
      })
    }
    let answer: Answer
    try {
      answer = await op.act(state)
    } finally {
      proxy.healthy()
    }
    result.calls++
    const where = `${op.name}, ${mode} ${fault} at request ${k}/${requests}`
    let seen: unknown
    try {
      seen = await op.observe(state)
    } catch (error) {
      problem(`${where}: data unreadable afterwards: ${String(error)}`)
      continue
    }
    const applied = op.applied(state, seen)
    const untouched = isDeepStrictEqual(seen, before)
    if (answer.status >= 500 && answer.status !== 503) result.serverErrors++
    if (answer.status >= 200 && answer.status < 300) {
      if (!applied) problem(`${where}: answered ${answer.status} but shows ${json(seen)}`)
    } else if (answer.status === 503) {
      if (applied && !untouched) result.ambiguous++
      // Only a lost answer may leave a write applied behind a 503 (the caller cannot know); never half of one.
      if (mode === 'lost' ? !untouched && !applied : !untouched)
        problem(`${where}: answered 503 but changed ${json(before)} to ${json(seen)}`)
    } else {
      problem(`${where}: answered ${answer.status} ${answer.text.slice(0, 120)} (shows ${json(seen)})`)
    }
    if (op.settle) for (const found of await op.settle(state)) problem(`${where}: ${found}`)
  }
  result.ms = elapsed(started)
  return result
}

function report(suite: string, results: SweepResult[], note = '') {
  const known = results.flatMap((r) => r.known)
  reportStress({
    suite,
    calls: results.reduce((sum, r) => sum + r.calls, 0),
    errors5xx: results.reduce((sum, r) => sum + r.serverErrors, 0),
    lostWrites: results.reduce((sum, r) => sum + r.problems.length, 0) + known.length,
    duplicates: atLeastOnceDuplicates.count,
    ms: results.reduce((sum, r) => sum + r.ms, 0),
    note: `${known.length} known-bug cases, ${results.reduce((sum, r) => sum + r.ambiguous, 0)} applied-but-503${note}`,
  })
}

// The small size runs the first sweep only (each sweep is a few hundred calls); the it.fails below pin what the others found.
const SWEEPS: [SweepMode, Fault, string, boolean][] = [
  ['from', 'error', 'Blobs answers 500 from each request of each write on', true],
  ['from', 'reset', 'Blobs drops connections from each request of each write on', STRESS_FULL],
  // A failed conditional write is retried by the CAS loop (40 times, with backoff): slow.
  ['one', 'error', 'one request of each write fails (with its retries), in turn', STRESS_FULL],
  ['lost', 'commit-then-error', 'the answer to each request of each write is lost once, in turn', STRESS_FULL],
]

describe('Blobs failing in the middle of a write: the write is whole or absent, and the answer says which', () => {
  it.each(SWEEPS)('%s %s: %s', { timeout: 300_000 }, async (mode, fault, _name, run) => {
    if (!run) return
    // The lost-answer sweep may log nothing (a retried request then passes): it may not come.
    if (mode !== 'lost') expectConsoleError(STORAGE_LOGS)
    else vi.mocked(console.error).mockImplementation(() => {})
    atLeastOnceDuplicates.count = 0
    const results: SweepResult[] = []
    for (const op of WRITE_OPS) results.push(await sweep(op, fault, mode))
    report(`faults: ${mode} ${fault} sweep`, results, `, ${atLeastOnceDuplicates.count} at-least-once resends`)
    const known = results.flatMap((r) => r.known)
    if (known.length > 0) console.log(`known bugs hit (${known.length}):\n${known.join('\n')}`)
    expect(results.flatMap((r) => r.problems)).toEqual([])
    expect(results.reduce((sum, r) => sum + r.serverErrors, 0)).toBe(0)
    await expect(snapshotData()).resolves.toBeDefined()
  })
})

// ---------------------------------------------------------------------------------------------
// The bugs the sweeps found, one request each.

/** Blobs answers 500 (six times: the client retries) to every request matching `fails`. */
const failWhere = (fails: (request: { method: string; store: string; key: string }) => boolean) =>
  proxy.setRule((request) => (fails(request) ? 'error' : 'pass'))

/** The first request matching `lose` is applied, and its answer lost (the client retries it). */
function loseAnswerOf(lose: (request: { method: string; store: string; key: string }) => boolean) {
  let lost = false
  proxy.setRule((request) => {
    if (lost || !lose(request)) return 'pass'
    lost = true
    return 'commit-then-error'
  })
}

describe('known bugs found by the fault sweeps', () => {
  // Each case fails on its assertion alone: the logs its fault causes are not the point here.
  beforeEach(() => {
    vi.mocked(console.error).mockImplementation(() => {})
  })

  it('a booking answered with success is stored (Blobs 500 on the booking write)', async () => {
    const input = bookingInput({ lastName: `Lost ${uniqueTag()}` })
    failWhere(({ method, store }) => method === 'PUT' && store === 'bookings')

    const answer = await invoke(sendBookingEmail, {
      method: 'POST',
      url: '/.netlify/functions/send-booking-email',
      ip: nextIp(),
      ...jsonBody(input),
    })
    proxy.healthy()

    const stored = (await bookings.list()).filter((booking) => booking.lastName === input.lastName)
    expect({ status: answer.status, stored: stored.length }).toEqual(
      answer.status === 200 ? { status: 200, stored: 1 } : { status: 503, stored: 0 },
    )
  })

  it('a subscribe answered with success is stored (Blobs 500 on the subscriber write)', async () => {
    const email = `lost-${uniqueTag()}@test.example`
    failWhere(({ method, store }) => method === 'PUT' && store === 'subscribers')

    const answer = await invoke(subscribersFunction, { method: 'POST', url: '/api/subscribers', ip: nextIp(), ...jsonBody({ email }) })
    proxy.healthy()
    // The record is made after the answer; should that fail, the scheduled maintenance makes it.
    await subscribers.repairSignups(new Date(Date.now() + SIGNUP_GRACE_MS))

    const stored = (await subscribers.all()).filter((subscriber) => subscriber.email === email)
    expect({ status: answer.status, stored: stored.length }).toEqual(
      answer.status === 200 ? { status: 200, stored: 1 } : { status: 503, stored: 0 },
    )
  })

  it('a download answered with success is counted (Blobs 500 on the event write)', async () => {
    const { id } = await createResource()
    failWhere(({ method, store }) => method === 'PUT' && store === 'downloads')

    const answer = await invoke(resourceDownload, { method: 'POST', url: `/api/resources/${id}/download`, params: { id } })
    proxy.healthy()

    expect({ status: answer.status, count: await exactCount(id) }).toEqual(
      answer.status === 200 ? { status: 200, count: 1 } : { status: 503, count: 0 },
    )
  })

  it('a post update answered with success keeps a readable body (Blobs 500 on the body write)', async () => {
    const original = await posts.find({ id: (await createPost()).id })
    const id = original!.id
    const next = postInput({ title: `Bodiless ${uniqueTag()}` })
    failWhere(({ method, store, key }) => method === 'PUT' && store === 'posts' && key.startsWith('body'))

    const answer = await invoke(adminBlogPosts, withAdmin({ method: 'PUT', url: '/api/admin/blog-posts', ...jsonBody({ id, ...next }) }))
    proxy.healthy()

    // Either answer is fine, as long as it is true: 200 with the new body, or 503 with the old post whole.
    const post = await posts.find({ id })
    expect(post).not.toBeNull()
    expect(post?.content).toBe(answer.status === 200 ? next.content : original?.content)
  })

  it('a resource created once is stored once when the answer to its write is lost', async () => {
    const input = resourceInput({ title: `Twice ${uniqueTag()}` })
    loseAnswerOf(({ method, store, key }) => method === 'PUT' && store === 'resources' && key === 'index')

    const answer = await invoke(adminResources, withAdmin({ method: 'POST', url: '/api/admin/resources', ...jsonBody(input) }))
    proxy.healthy()

    expect(answer.status).toBe(201)
    expect((await resources.list()).filter((resource) => resource.title === input.title)).toHaveLength(1)
  })

  it('a post update whose answer is lost keeps the new body', async () => {
    const { id } = await createPost()
    const next = postInput({ title: `Kept ${uniqueTag()}` })
    loseAnswerOf(({ method, store, key }) => method === 'PUT' && store === 'posts' && key === 'index')

    const answer = await invoke(adminBlogPosts, withAdmin({ method: 'PUT', url: '/api/admin/blog-posts', ...jsonBody({ id, ...next }) }))
    proxy.healthy()

    expect(answer.status).toBe(200)
    expect((await posts.find({ id }))?.content).toBe(next.content)
  })

  it('a delete whose answer is lost answers success', async () => {
    const { id } = await createResource()
    loseAnswerOf(({ method, store, key }) => method === 'PUT' && store === 'resources' && key === 'index')

    const answer = await invoke(adminResource, withAdmin({ method: 'DELETE', url: `/api/admin/resources/${id}`, params: { id } }))
    proxy.healthy()

    expect(await resources.get(id)).toBeUndefined()
    expect(answer.status).toBe(200)
  })

  it('a user created once whose answer is lost answers success', async () => {
    const username = `once-${uniqueTag()}`
    loseAnswerOf(({ method, store, key }) => method === 'PUT' && store === 'users' && key === 'index')

    const answer = await invoke(
      adminUsers,
      withAdmin({
        method: 'POST',
        url: '/api/admin/users',
        ...jsonBody({ username, email: `${username}@test.example`, password: 'a long enough password', role: 'editor' }),
      }),
    )
    proxy.healthy()

    expect((await users.list()).filter((user) => user.username === username)).toHaveLength(1)
    expect(answer.status).toBe(201)
  })

  // LIMIT netlify/lib/email/booking-email.ts: sent, then the outcome could not be recorded: the claim expires and the retry sends the email again (at-least-once).
  it.fails('a booking email whose outcome could not be recorded is not sent again', async () => {
    const booking = await bookings.add(z.parse(BookingRequestSchema, bookingInput()))
    // The claim is written and the email lands in the outbox; every later write to the booking (markEmail) fails.
    let claimed = false
    proxy.setRule(({ method, store, key }) => {
      if (method !== 'PUT' || store !== 'bookings' || key !== booking.id) return 'pass'
      if (claimed) return 'error'
      claimed = true
      return 'pass'
    })
    const sent = await deliverBookingEmail(booking, LOCAL_RUNTIME)
    proxy.healthy()

    const { stuck, emails, status } = await settleBooking(booking.id)
    expect({ sent, stuck, status }).toEqual({ sent: true, stuck: true, status: 'sent' })
    expect(emails).toBe(1)
  })
})
