import { http, HttpResponse, type HttpHandler } from 'msw'
import type { PostSummary, RenderedPost } from '../../domain/blog-post'
import type { SiteTexts } from '../../domain/content-item'
import { NEWSLETTER_MESSAGES } from '../../domain/newsletter'
import type { PublicResource } from '../../domain/resource'
import type { ExportStatus } from '../../domain/subscriber-export'
import { reviewRows, type ImportRequest, type ImportResult } from '../../domain/subscriber-import'
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
  resources: (resources: PublicResource[]) => [http.get('/api/resources', () => ok({ resources }))],
  blogPosts: (posts: (PostSummary | RenderedPost)[]) => blogPostsHandlers(posts),
  content: (content: SiteTexts) => [http.get('/api/content', () => ok({ content }))],
}

export const handlers: HttpHandler[] = [
  // Public
  http.get('/api/content', () => ok({ content: {} })),
  ...answer.resources([publicResource(), publicResource({ type: 'guide' })]),
  http.post('/api/resources/:id/download', () => ok()),
  ...blogPostsHandlers([renderedPost(), postSummary()]),
  ...bothPaths('subscribers', '/api/subscribers').flatMap((path) => [
    http.post(path, () => ok({ message: 'Subscribed successfully!' })),
    http.get(path, () => ok({ subscribers: [subscriber(), subscriber({ state: 'pending' })], page: 1, pageSize: 50, hasMore: false })),
  ]),
  http.post('/api/subscribers/confirm', () => ok({ status: 'confirmed', message: 'Thank you! Your subscription is confirmed.' })),
  http.post('/.netlify/functions/send-booking-email', () =>
    ok({ message: "Thanks! Your request has been sent. We'll be in touch shortly." }),
  ),
  http.post('/api/unsubscribe', () => ok({ message: 'You have been unsubscribed.' })),

  // Admin
  ...bothPaths('admin-login', '/api/admin/login').map((path) =>
    http.post(path, () => ok({ token: defaultSession.token, user: defaultSession.user, message: 'Login successful' })),
  ),
  http.post('/api/admin/logout', () => ok()),
  http.get('/api/admin/activity', () => ok({ entries: [], next: null })),
  http.get('/api/admin/stats', () =>
    ok({ stats: { users: 2, contentItems: 3, lastUpdated: null, posts: 2, resources: 2, email: { transport: 'sendgrid', missing: [] } } }),
  ),
  http.get('/api/admin/users', () => ok({ users: [adminUser({ username: 'admin', role: 'admin' }), adminUser()] })),
  http.post('/api/admin/users', () => ok({ message: 'User created successfully' })),
  http.delete('/api/admin/users/:id', () => ok()),
  http.get('/api/admin/content', () => ok({ content: [contentItem()] })),
  http.post('/api/admin/content', () => ok()),
  http.delete('/api/admin/content/:id', () => ok()),
  http.get('/api/admin/blog-posts', () => ok({ blogPosts: [postSummary(), postSummary({ status: 'draft', publishedAt: null })] })),
  http.post('/api/admin/blog-posts', () => ok()),
  http.put('/api/admin/blog-posts', () => ok()),
  http.delete('/api/admin/blog-posts/:id', () => ok()),
  http.get('/api/admin/resources', () => ok({ resources: [resource(), resource({ isActive: false })] })),
  http.post('/api/admin/resources', () => ok()),
  http.put('/api/admin/resources', () => ok()),
  http.delete('/api/admin/resources/:id', () => ok()),
  http.get('/api/admin/media', () => ok({ files: [] })),
  http.post('/api/admin/media', () => ok({ upload: { id: 'upload1', partSize: 4 * 1024 * 1024, parts: 1 } }, { status: 201 })),
  http.put('/api/admin/media/:id/parts/:n', () => ok()),
  http.post('/api/admin/media/:id/complete', () => ok({ message: 'File uploaded' })),
  http.delete('/api/admin/media/:id', () => ok({ message: 'File deleted' })),
  http.get('/api/admin/newsletters', () => ok({ newsletters: [] })),
  http.post('/api/admin/newsletters', () => ok({ message: NEWSLETTER_MESSAGES.created, newsletter: newsletter() }, { status: 201 })),
  http.get('/api/admin/newsletters/:id', ({ params }) => ok({ newsletter: newsletter({ id: String(params.id) }) })),
  http.put('/api/admin/newsletters/:id', ({ params }) =>
    ok({ message: NEWSLETTER_MESSAGES.updated, newsletter: newsletter({ id: String(params.id) }) }),
  ),
  http.delete('/api/admin/newsletters/:id', () => ok({ message: NEWSLETTER_MESSAGES.deleted })),
  http.post('/api/admin/newsletter-preview', async ({ request }) => {
    const { subject, body } = (await request.json()) as { subject: string; body: string }
    return ok({
      subject,
      html: `<!doctype html><html><body><h1>${subject}</h1><p>${body}</p></body></html>`,
      text: `${subject}\n\n${body}`,
    })
  }),
  http.post('/api/admin/newsletters/:id/test', () => ok({ message: NEWSLETTER_MESSAGES.testSent('admin@test.example') })),
  http.post('/api/admin/newsletters/:id/send', ({ params }) =>
    ok({
      message: NEWSLETTER_MESSAGES.started,
      newsletter: newsletter({ id: String(params.id), status: 'sending', startedAt: new Date().toISOString() }),
    }),
  ),
  http.get('/api/admin/bookings', () => ok({ bookings: [] })),
  http.post('/api/admin/subscribers/exports', () =>
    ok({ export: exportJob({ state: 'queued', processed: 0, total: 0 }) }, { status: 202 }),
  ),
  http.get('/api/admin/subscribers/exports/:id', () => ok({ export: exportJob() })),
  http.get(
    '/api/admin/subscribers/exports/:id/file',
    () => new HttpResponse('"email"\r\n"reader@test.example"\r\n', { headers: { 'Content-Type': 'text/csv' } }),
  ),
  http.post('/api/admin/subscribers/import', async ({ request }) => ok(importAnswer((await request.json()) as ImportRequest))),
  http.put('/api/admin/bookings/:id', () => ok()),
]

/** A promise the test settles itself: a handler awaits it to hold a request in flight. */
export function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}
