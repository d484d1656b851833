import { http, HttpResponse, type HttpHandler } from 'msw'
import * as account from '#domain/api/account.ts'
import * as booking from '#domain/api/booking.ts'
import type { AnswerOf, EndpointContract, Method, MethodContract } from '#domain/api/contract.ts'
import * as library from '#domain/api/library.ts'
import * as mail from '#domain/api/mail.ts'
import * as posts from '#domain/api/posts.ts'
import * as site from '#domain/api/site.ts'
import type { PostSummary, RenderedPost } from '#domain/blog-post.ts'
import type { SiteTexts } from '#domain/content-item.ts'
import { NEWSLETTER_MESSAGES } from '#domain/newsletter.ts'
import type { PublicResource } from '#domain/resource.ts'
import type { ExportStatus } from '#domain/subscriber-export.ts'
import { reviewRows, type ImportRequest, type ImportResult } from '#domain/subscriber-import.ts'
import { SUBSCRIBER_ADMIN_MESSAGES } from '#domain/subscriber.ts'
import { adminUser, contentItem, newsletter, postSummary, publicResource, renderedPost, resource, session, subscriber } from './factories'

/**
 * Default answers for every call the site makes, shaped like the functions' own (netlify/functions).
 * A test changes one with `server.use(...)`, usually through `answer` below; `resetHandlers` after
 * each test brings these back.
 */
export const ok = (body: object = {}, init?: ResponseInit) => HttpResponse.json({ success: true, ...body }, init)
export const fail = (status: number, message?: string) =>
  HttpResponse.json(message === undefined ? { success: false } : { success: false, message }, { status })

/** A call served both under /api and, on the hosting domain, under the functions prefix. */
const bothPaths = (name: string, apiPath: string) => [apiPath, `/.netlify/functions/${name}`]

const METHOD_HANDLERS = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const

/**
 * The mock of an endpoint by its contract (domain/api/): at each address it answers on (both, for
 * one the host-domain rule serves twice), with JSON whose fields are typed from the contract's
 * answer, as `{ success: true, ... }` with the contract's status.
 */
export function mock<C extends EndpointContract, M extends keyof C['methods'] & Method>(
  contract: C,
  method: M,
  resolve: (info: {
    request: Request
    params: Record<string, string | readonly string[] | undefined>
  }) =>
    | Partial<AnswerOf<NonNullable<C['methods'][M]>>>
    | Response
    | Promise<Partial<AnswerOf<NonNullable<C['methods'][M]>>> | Response> = () => ({}),
): HttpHandler[] {
  const { endpoint } = contract
  const addresses =
    endpoint.served === 'function-only'
      ? [`/.netlify/functions/${endpoint.function}`]
      : endpoint.served === 'rewrite'
        ? bothPaths(endpoint.function, endpoint.path)
        : [endpoint.path]
  const status = (contract.methods[method] as MethodContract).status
  return addresses.map((address) =>
    METHOD_HANDLERS[method](address, async (info) => {
      const answer = await resolve(info)
      return answer instanceof Response ? answer : ok(answer, status ? { status } : undefined)
    }),
  )
}

const defaultSession = session()

function blogPostsHandlers(posts: (PostSummary | RenderedPost)[]): HttpHandler[] {
  return bothPaths('blog-posts', '/api/blog-posts').map((path) =>
    http.get(path, ({ request }) => {
      const slug = new URL(request.url).searchParams.get('slug')
      if (slug === null) return ok({ blogPosts: posts.map(toSummary) })
      const post = posts.find((p) => p.slug === slug)
      return post ? ok({ blogPost: toRendered(post) }) : fail(404, 'Blog post not found')
    }),
  )
}

function toSummary(post: PostSummary | RenderedPost): PostSummary {
  if (!('html' in post)) return post
  const { content: _content, html: _html, ...summary } = post
  return summary
}

function toRendered(post: PostSummary | RenderedPost): RenderedPost {
  return 'html' in post ? post : { ...post, content: post.excerpt, html: `<p>${post.excerpt}</p>` }
}

/** An export job as the status endpoint answers it. */
export function exportJob(overrides: Partial<ExportStatus> = {}): ExportStatus {
  const at = '2026-01-05T10:00:00.000Z'
  return {
    id: 'export1',
    state: 'done',
    created_at: at,
    updated_at: at,
    expires_at: '2026-01-06T10:00:00.000Z',
    processed: 2,
    total: 2,
    bytes: 120,
    ...overrides,
  }
}

/** Addresses the import handler treats as already on the list. */
export const EXISTING_SUBSCRIBERS = ['already@test.example']

/** The import endpoint's answer: the shared rules, and the addresses above as existing. */
function importAnswer(body: ImportRequest) {
  const results = reviewRows(body.rows).map(({ row, email, reason }): ImportResult => {
    if (reason) return { row, outcome: 'refused', reason }
    return EXISTING_SUBSCRIBERS.includes(email) ? { row, outcome: 'exists', reason: 'already subscribed' } : { row, outcome: 'added' }
  })
  const count = (outcome: ImportResult['outcome']) => results.filter((result) => result.outcome === outcome).length
  const summary = { added: count('added'), exists: count('exists'), refused: count('refused') }
  // An import that asks people to confirm says how many were emailed (here: all of them).
  return body.dryRun || body.mode === 'confirmed' ? { results, summary } : { results, summary, emailed: summary.added }
}

/** One-line overrides for the public calls: `server.use(...answer.resources([...]))`. */
export const answer = {
  resources: (resources: PublicResource[]) => mock(site.resources, 'GET', () => ({ resources })),
  blogPosts: (posts: (PostSummary | RenderedPost)[]) => blogPostsHandlers(posts),
  content: (content: SiteTexts) => mock(site.content, 'GET', () => ({ content })),
}

export const handlers: HttpHandler[] = [
  // Public
  ...mock(site.content, 'GET', () => ({ content: {} })),
  ...answer.resources([publicResource(), publicResource({ type: 'guide' })]),
  ...mock(site.resourceDownload, 'POST'),
  ...blogPostsHandlers([renderedPost(), postSummary()]),
  ...mock(site.subscribers, 'POST', () => ({ message: 'Subscribed successfully!' })),
  ...mock(site.subscribers, 'GET', () => ({
    subscribers: [subscriber(), subscriber({ state: 'pending' })],
    page: 1,
    pageSize: 50,
    hasMore: false,
  })),
  ...mock(site.subscriberConfirm, 'POST', () => ({ status: 'confirmed' as const, message: 'Thank you! Your subscription is confirmed.' })),
  ...mock(site.booking, 'POST', () => ({ message: "Thanks! Your request has been sent. We'll be in touch shortly." })),
  // None bookable online unless a test says so: the page is then the request form alone.
  ...mock(booking.bookingServices, 'GET', () => ({ services: [], timeZone: 'America/New_York' })),
  ...mock(site.unsubscribe, 'POST', () => ({ message: 'You have been unsubscribed.' })),

  // Admin
  ...mock(account.adminLogin, 'POST', () => ({ token: defaultSession.token, user: defaultSession.user, message: 'Login successful' })),
  ...mock(account.adminLogout, 'POST'),
  ...mock(posts.adminActivity, 'GET', () => ({ entries: [], next: null })),
  ...mock(posts.adminStats, 'GET', () => ({
    stats: { users: 2, contentItems: 3, lastUpdated: null, posts: 2, resources: 2, email: { transport: 'sendgrid' as const, missing: [] } },
  })),
  ...mock(account.adminUsers, 'GET', () => ({ users: [adminUser({ username: 'admin', role: 'admin' }), adminUser()] })),
  ...mock(account.adminUsers, 'POST', () => ({ message: 'User created successfully' })),
  ...mock(account.adminUser, 'DELETE'),
  ...mock(library.adminContent, 'GET', () => ({ content: [contentItem()] })),
  ...mock(library.adminContent, 'POST'),
  ...mock(library.adminContentItem, 'DELETE'),
  ...mock(posts.adminBlogPosts, 'GET', () => ({ blogPosts: [postSummary(), postSummary({ status: 'draft', publishedAt: null })] })),
  ...mock(posts.adminBlogPosts, 'POST'),
  ...mock(posts.adminBlogPosts, 'PUT'),
  ...mock(posts.adminBlogPost, 'DELETE'),
  ...mock(library.adminResources, 'GET', () => ({ resources: [resource(), resource({ isActive: false })] })),
  ...mock(library.adminResources, 'POST'),
  ...mock(library.adminResources, 'PUT'),
  ...mock(library.adminResource, 'DELETE'),
  ...mock(library.adminMedia, 'GET', () => ({ files: [] })),
  ...mock(library.adminMedia, 'POST', () => ({ upload: { id: 'upload1', partSize: 4 * 1024 * 1024, parts: 1 } })),
  ...mock(library.adminMediaPart, 'PUT'),
  ...mock(library.adminMediaComplete, 'POST', () => ({ message: 'File uploaded' })),
  ...mock(library.adminMediaFile, 'DELETE', () => ({ message: 'File deleted' })),
  ...mock(mail.adminNewsletters, 'GET', () => ({ newsletters: [] })),
  ...mock(mail.adminNewsletters, 'POST', () => ({ message: NEWSLETTER_MESSAGES.created, newsletter: newsletter() })),
  ...mock(mail.adminNewsletter, 'GET', ({ params }) => ({ newsletter: newsletter({ id: String(params.id) }) })),
  ...mock(mail.adminNewsletter, 'PUT', ({ params }) => ({
    message: NEWSLETTER_MESSAGES.updated,
    newsletter: newsletter({ id: String(params.id) }),
  })),
  ...mock(mail.adminNewsletter, 'DELETE', () => ({ message: NEWSLETTER_MESSAGES.deleted })),
  ...mock(mail.adminNewsletterPreview, 'POST', async ({ request }) => {
    const { subject, body } = (await request.json()) as { subject: string; body: string }
    return {
      subject,
      html: `<!doctype html><html><body><h1>${subject}</h1><p>${body}</p></body></html>`,
      text: `${subject}\n\n${body}`,
    }
  }),
  ...mock(mail.adminNewsletterTest, 'POST', () => ({ message: NEWSLETTER_MESSAGES.testSent('admin@test.example') })),
  ...mock(mail.adminNewsletterSend, 'POST', ({ params }) => ({
    message: NEWSLETTER_MESSAGES.started,
    newsletter: newsletter({ id: String(params.id), status: 'sending', startedAt: new Date().toISOString() }),
  })),
  ...mock(mail.adminBookings, 'GET', () => ({ bookings: [] })),
  ...mock(mail.adminSubscriberExports, 'POST', () => ({ export: exportJob({ state: 'queued', processed: 0, total: 0 }) })),
  ...mock(mail.adminSubscriberExport, 'GET', () => ({ export: exportJob() })),
  ...mock(
    mail.adminSubscriberExportFile,
    'GET',
    () => new HttpResponse('"email"\r\n"reader@test.example"\r\n', { headers: { 'Content-Type': 'text/csv' } }),
  ),
  ...mock(mail.adminSubscribersImport, 'POST', async ({ request }) => importAnswer((await request.json()) as ImportRequest)),
  ...mock(mail.adminBooking, 'PUT'),
  ...mock(mail.adminSubscriberErase, 'POST', async ({ request }) => {
    const { email } = (await request.json()) as { email: string }
    return { erased: true, message: SUBSCRIBER_ADMIN_MESSAGES.erased(email) }
  }),
  ...mock(mail.adminSubscriberClearStop, 'POST', async ({ request }) => {
    const { email } = (await request.json()) as { email: string }
    return { subscriber: subscriber({ email, state: 'confirmed' }), message: SUBSCRIBER_ADMIN_MESSAGES.cleared(email) }
  }),
]

/** A promise the test settles itself: a handler awaits it to hold a request in flight. */
export function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}
