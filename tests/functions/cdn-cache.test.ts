import { readdirSync, readFileSync } from 'node:fs'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import * as adminAvailability from '#functions/admin-availability.ts'
import * as adminBlogPost from '#functions/admin-blog-post.ts'
import * as adminBlogPosts from '#functions/admin-blog-posts.ts'
import * as adminBooking from '#functions/admin-booking.ts'
import * as adminContent from '#functions/admin-content.ts'
import * as adminContentItem from '#functions/admin-content-item.ts'
import * as adminResource from '#functions/admin-resource.ts'
import * as adminResources from '#functions/admin-resources.ts'
import * as adminUsers from '#functions/admin-users.ts'
import * as aboutPage from '#functions/about-page.ts'
import * as bookNowPage from '#functions/book-now-page.ts'
import * as bookingSlots from '#functions/booking-slots.ts'
import * as homePage from '#functions/home-page.ts'
import * as servicesPage from '#functions/services-page.ts'
import * as blogListPage from '#functions/blog-list-page.ts'
import * as blogPage from '#functions/blog-page.ts'
import * as mediaFile from '#functions/media-file.ts'
import * as resourcesPage from '#functions/resources-page.ts'
import * as robots from '#functions/robots.ts'
import * as blogPosts from '#functions/blog-posts.ts'
import * as content from '#functions/content.ts'
import * as publishScheduled from '#functions/publish-scheduled.ts'
import * as resources from '#functions/resources.ts'
import * as rss from '#functions/rss.ts'
import * as sitemap from '#functions/sitemap.ts'
import { bookings } from '#lib/data/bookings.ts'
import { posts } from '#lib/data/posts.ts'
import { createAdmin } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call, fakeContext, TEST_ORIGIN } from '#tests/support/call.ts'
import { expectConsoleError } from '#tests/support/console-guard.ts'
import { bookingInput, postInput } from '#tests/support/factories.ts'
import { pngBytes, uploadFile } from '#tests/support/media.ts'
import { createPost, createResource } from '#tests/support/records.ts'
import { useSendgridMock } from '#tests/support/sendgrid.ts'
import * as z from 'zod/mini'
import { BookingRequestSchema } from '#domain/booking.ts'
import { DEFAULT_AVAILABILITY } from '#domain/availability.ts'

/**
 * Public answers are kept by Netlify's CDN under cache tags and purged by tag on each write that
 * changes them (netlify/lib/http/cdn.ts). The purge API is outside: msw stands in for it and records
 * what each write asked to purge.
 */
useBlobsServer()
const site = useSendgridMock()

const PURGE_URL = 'https://api.netlify.com/api/v1/purge'
let purged: string[][] = []
beforeEach(() => {
  purged = []
  vi.stubEnv('NETLIFY_PURGE_API_TOKEN', 'test-purge-token')
  vi.stubEnv('SITE_ID', 'test-site')
  site.use(
    http.post(PURGE_URL, async ({ request }) => {
      expect(request.headers.get('authorization')).toBe('Bearer test-purge-token')
      const body = (await request.json()) as { cache_tags: string[]; site_id: string }
      expect(body.site_id).toBe('test-site')
      purged.push(body.cache_tags)
      return new HttpResponse(null, { status: 202 })
    }),
  )
})

type Handler = { default: (req: Request, context: never) => Promise<Response> }

const get = (fn: Handler, path: string, params: Record<string, string> = {}, headers = {}) =>
  fn.default(new Request(`${TEST_ORIGIN}${path}`, { headers }), fakeContext({ params }) as never)

describe('every public answer is kept by the CDN under the tags of what it shows', () => {
  it.each([
    ['GET /api/blog-posts', blogPosts, '/api/blog-posts', {}, 'posts'],
    ['GET /blog/{slug}', blogPage, '/blog/SLUG', { slug: 'SLUG' }, 'posts,content'],
    ['GET /', homePage, '/', {}, 'content'],
    ['GET /about', aboutPage, '/about', {}, 'content'],
    ['GET /services', servicesPage, '/services', {}, 'content'],
    ['GET /book-now', bookNowPage, '/book-now', {}, 'content,availability'],
    ['GET /book-now?service=', bookNowPage, '/book-now?service=Speaking%20Engagements', {}, 'content,availability'],
    ['GET /resources', resourcesPage, '/resources', {}, 'content,resources'],
    ['GET /blog', blogListPage, '/blog', {}, 'content,posts'],
    ['GET /rss.xml', rss, '/rss.xml', {}, 'posts,content'],
    ['GET /sitemap.xml', sitemap, '/sitemap.xml', {}, 'posts'],
    ['GET /api/content', content, '/api/content', {}, 'content'],
    ['GET /api/resources', resources, '/api/resources', {}, 'resources'],
  ] as const)('%s', async (_name, fn, rawPath, rawParams, tags) => {
    const post = await createPost({ status: 'published' })
    await createResource()
    const path = rawPath.replace('SLUG', post.slug)
    const params = Object.fromEntries(Object.entries(rawParams).map(([k, v]) => [k, v.replace('SLUG', post.slug)]))

    const response = await get(fn, path, params)
    expect(response.status).toBe(200)
    expect(response.headers.get('netlify-cache-tag')).toBe(tags)
    expect(response.headers.get('netlify-cdn-cache-control')).toBe('s-maxage=86400,durable')
    // Browsers ask again each time, with the ETag: an unchanged answer is a bodyless 304.
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    const etag = response.headers.get('etag')!
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await get(fn, path, params, { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.headers.get('netlify-cache-tag')).toBe(tags)
    expect(again.headers.get('netlify-vary')).toBe(response.headers.get('netlify-vary'))
  })

  it('one post as JSON is kept by the browser that asked only, never by the CDN', async () => {
    // Reached through a rewrite, whose query may reach the function spelled otherwise than the CDN
    // keys it (`?sl%75g=`): a kept post could otherwise stand in the place of the list.
    const post = await createPost({ status: 'published' })
    const response = await get(blogPosts, `/api/blog-posts?slug=${post.slug}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, max-age=0, must-revalidate')
    expect(response.headers.get('netlify-cdn-cache-control')).toBeNull()
    expect(response.headers.get('netlify-vary')).toBeNull()
    const again = await get(blogPosts, `/api/blog-posts?slug=${post.slug}`, {}, { 'if-none-match': response.headers.get('etag')! })
    expect(again.status).toBe(304)
  })

  it('a slug that cannot be one is a 404 at once, however it is spelled: never a redirect', async () => {
    // A rewrite that writes a space as `+` and a redirect that writes it as `%20` would send it round for ever.
    for (const path of ['/api/blog-posts?slug=%20saving-first', '/api/blog-posts?slug=a+b', '/api/blog-posts?SLUG=A%20B']) {
      const answer = await get(blogPosts, path)
      expect(answer.status, path).toBe(404)
      expect(answer.headers.get('cache-control'), path).toBe('no-store')
    }
  })

  it('the list is made at its own address only: a spelling the rewrite decoded is sent there, kept by nobody', async () => {
    for (const path of ['/api/%62log-posts', '/api/blog-post%73', '/api/blog-posts%2f']) {
      const answer = await get(blogPosts, path)
      expect(answer.status, path).toBe(308)
      expect(answer.headers.get('location'), path).toBe('/api/blog-posts')
      expect(answer.headers.get('cache-control'), path).toBe('no-store')
    }
    expect((await get(blogPosts, '/.netlify/functions/blog-posts')).status).toBe(200)
  })

  it('If-None-Match: * is no match: a caller who holds nothing gets the answer, never a 304', async () => {
    const answer = await get(content, '/api/content', {}, { 'if-none-match': '*' })
    expect(answer.status).toBe(200)
  })

  it('robots.txt, built from nothing stored, is kept a day with no tag', async () => {
    const response = await get(robots, '/robots.txt')
    expect(response.headers.get('netlify-cdn-cache-control')).toBe('s-maxage=86400,durable')
    expect(response.headers.get('netlify-cache-tag')).toBeNull()
    expect(response.headers.get('netlify-vary')).toBe('query=')
  })

  it('a former address redirects under the posts tag; missing posts and outages are not kept', async () => {
    const admin = await createAdmin()
    const post = await createPost({ status: 'published' })
    await call(adminBlogPosts, {
      method: 'PUT',
      path: '/api/admin/blog-posts',
      headers: { authorization: admin.authorization },
      body: { ...postInput(), status: 'published', id: post.id, slug: 'moved-here' },
    })
    const moved = await get(blogPage, `/blog/${post.slug}`, { slug: post.slug })
    expect(moved.status).toBe(301)
    expect(moved.headers.get('netlify-cache-tag')).toBe('posts')
    expect(moved.headers.get('netlify-vary')).toBe('query=')

    const missing = await get(blogPosts, '/api/blog-posts?slug=no-such-post')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('netlify-cdn-cache-control')).toBeNull()
  })
})

/**
 * The cache key (netlify/lib/http/cdn.ts): the CDN keys a kept answer by the query parameters its
 * Netlify-Vary header lists, and by the whole query string when there is none. So every kept
 * answer must list exactly what its function reads: a parameter it reads but does not list would
 * let one copy stand for another answer; one it lists but does not read, or a missing header,
 * makes a copy per tracking link.
 */
describe('the cache key: every kept answer names exactly the query parameters it reads', () => {
  type Kept = {
    name: string
    fn: Handler
    /** The answer's own address (path and query) and what Netlify fills from its config.path. */
    request: () => Promise<{ path: string; params?: Record<string, string> }>
    query: string[]
    /** For each parameter listed: another value, which must give another answer. */
    other?: () => Promise<{ path: string; params?: Record<string, string> }>
  }

  let fixture: { slug: string; otherSlug: string; movedFrom: string; mediaPath: string; mediaId: string }
  beforeEach(async () => {
    const admin = await createAdmin()
    const post = await createPost({ status: 'published', tags: ['Budgeting'] })
    const other = await createPost({ status: 'published', tags: ['Giving'] })
    const moving = await createPost({ status: 'published' })
    await call(adminBlogPosts, {
      method: 'PUT',
      path: '/api/admin/blog-posts',
      headers: { authorization: admin.authorization },
      body: { ...postInput(), status: 'published', id: moving.id, slug: 'moved-elsewhere' },
    })
    await createResource()
    const { id } = await uploadFile(admin.authorization, 'Budget Sheet.png', pngBytes(20, 10))
    fixture = { slug: post.slug, otherSlug: other.slug, movedFrom: moving.slug, mediaId: id!, mediaPath: `/media/${id}/Budget-Sheet.png` }
  })

  const KEPT: Kept[] = [
    { name: 'GET /api/blog-posts', fn: blogPosts, request: async () => ({ path: '/api/blog-posts' }), query: ['slug'] },
    {
      name: 'GET /blog/{slug}',
      fn: blogPage,
      request: async () => ({ path: `/blog/${fixture.slug}`, params: { slug: fixture.slug } }),
      query: [],
    },
    {
      name: 'GET /blog/{former slug}',
      fn: blogPage,
      request: async () => ({ path: `/blog/${fixture.movedFrom}`, params: { slug: fixture.movedFrom } }),
      query: [],
    },
    { name: 'GET /', fn: homePage, request: async () => ({ path: '/' }), query: [] },
    { name: 'GET /about', fn: aboutPage, request: async () => ({ path: '/about' }), query: [] },
    { name: 'GET /services', fn: servicesPage, request: async () => ({ path: '/services' }), query: [] },
    {
      name: 'GET /book-now?service=',
      fn: bookNowPage,
      request: async () => ({ path: '/book-now?service=Speaking%20Engagements' }),
      query: ['service'],
      other: async () => ({ path: '/book-now?service=1-1%20Financial%20Coaching' }),
    },
    { name: 'GET /resources', fn: resourcesPage, request: async () => ({ path: '/resources' }), query: [] },
    {
      name: 'GET /blog',
      fn: blogListPage,
      request: async () => ({ path: '/blog' }),
      query: ['tag'],
      other: async () => ({ path: '/blog?tag=Giving' }),
    },
    {
      name: 'GET /blog?tag=',
      fn: blogListPage,
      request: async () => ({ path: '/blog?tag=Budgeting' }),
      query: ['tag'],
      other: async () => ({ path: '/blog?tag=Giving' }),
    },
    { name: 'GET /rss.xml', fn: rss, request: async () => ({ path: '/rss.xml' }), query: [] },
    { name: 'GET /sitemap.xml', fn: sitemap, request: async () => ({ path: '/sitemap.xml' }), query: [] },
    { name: 'GET /robots.txt', fn: robots, request: async () => ({ path: '/robots.txt' }), query: [] },
    { name: 'GET /api/content', fn: content, request: async () => ({ path: '/api/content' }), query: [] },
    { name: 'GET /api/resources', fn: resources, request: async () => ({ path: '/api/resources' }), query: [] },
    {
      // A minute at most, one copy per service (tests/functions/booking-sessions.test.ts).
      name: 'GET /api/booking/slots',
      fn: bookingSlots,
      request: async () => ({ path: '/api/booking/slots?service=1-1%20Financial%20Coaching' }),
      query: ['service'],
      other: async () => ({ path: '/api/booking/slots?service=Speaking%20Engagements' }),
    },
    {
      name: 'GET /media/{id}/{name}',
      fn: mediaFile,
      request: async () => ({ path: fixture.mediaPath, params: { id: fixture.mediaId, name: 'Budget-Sheet.png' } }),
      query: [],
    },
  ]

  /** Tracking parameters, and ones nobody uses: none may change the answer. */
  const TRACKING = 'utm_source=newsletter&utm_medium=email&utm_campaign=spring&fbclid=IwAR0x&gclid=Cj0K&made_up=1'

  const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`
  const bodyOf = async (response: Response) => `${response.status} ${response.headers.get('location') ?? ''} ${await response.text()}`

  it.each(KEPT.map((kept) => [kept.name, kept] as const))('%s', async (_name, kept) => {
    const { path, params } = await kept.request()
    // What the function asks URLSearchParams for, about this request's own query.
    const asked = new Set<string>()
    const { has } = URLSearchParams.prototype
    const spies = (['get', 'getAll', 'has'] as const).map((method) => {
      const original = URLSearchParams.prototype[method] as (this: URLSearchParams, name: string) => unknown
      return vi.spyOn(URLSearchParams.prototype, method).mockImplementation(function (this: URLSearchParams, name: string) {
        if (has.call(this, 'made_up')) asked.add(name)
        return original.call(this, name)
      } as never)
    })
    let tracked: Response
    try {
      tracked = await get(kept.fn, withQuery(path, TRACKING), params)
    } finally {
      spies.forEach((spy) => spy.mockRestore())
    }
    const plain = await get(kept.fn, path, params)

    expect(plain.headers.get('netlify-cdn-cache-control'), 'kept by the CDN').toMatch(/s-maxage=\d+/)
    expect(plain.headers.get('netlify-vary')).toBe(`query=${kept.query.join('|')}`)
    expect(tracked.headers.get('netlify-vary')).toBe(`query=${kept.query.join('|')}`)
    // Read through URLSearchParams: never a parameter it does not list.
    expect([...asked].filter((name) => !kept.query.includes(name))).toEqual([])
    // Read any other way (the raw query string): the tracked address would answer otherwise.
    expect(await bodyOf(tracked)).toBe(await bodyOf(plain))
    // Each listed parameter really is read: another value is another answer.
    if (kept.query.length > 0 && kept.other) {
      const other = await kept.other()
      expect(await bodyOf(await get(kept.fn, other.path, other.params))).not.toBe(await bodyOf(await get(kept.fn, path, params)))
    }
  })

  /**
   * Which functions the CDN keeps answers of, read from their source: every one must be in the
   * table above, and nothing but netlify/lib/http/cdn.ts may write the CDN's caching headers itself.
   */
  it('covers every function whose answer the CDN keeps', () => {
    const dir = new URL('../../netlify/functions/', import.meta.url)
    const kept = readdirSync(dir)
      .filter((file) => file.endsWith('.ts'))
      .filter((file) =>
        /\b(?:publicJson|xmlResponse|revalidated|cdnCacheHeaders|mediaCacheHeaders|briefCdnHeaders|renderDataPage)\(/.test(
          readFileSync(new URL(file, dir), 'utf8'),
        ),
      )
      .map((file) => `/${file.replace(/\.ts$/, '')}`)
    const covered = new Set(KEPT.map((entry) => entry.fn))
    const modules: Record<string, Handler> = {
      '/about-page': aboutPage,
      '/book-now-page': bookNowPage,
      '/booking-slots': bookingSlots,
      '/home-page': homePage,
      '/services-page': servicesPage,
      '/blog-list-page': blogListPage,
      '/blog-page': blogPage,
      '/blog-posts': blogPosts,
      '/content': content,
      '/media-file': mediaFile,
      '/resources': resources,
      '/resources-page': resourcesPage,
      '/robots': robots,
      '/rss': rss,
      '/sitemap': sitemap,
    }
    expect(kept.toSorted()).toEqual(Object.keys(modules).toSorted())
    for (const name of kept) expect(covered.has(modules[name]!), name).toBe(true)

    const writers = [...readdirSync(new URL('../../netlify/', import.meta.url), { recursive: true })]
      .map(String)
      .filter((file) => file.endsWith('.ts') && file !== 'lib/http/cdn.ts')
      .filter((file) =>
        /s-maxage|netlify-cdn-cache-control|netlify-vary|@netlify\/cache/i.test(
          readFileSync(new URL(`../../netlify/${file}`, import.meta.url), 'utf8'),
        ),
      )
    expect(writers).toEqual([])
  })
})

describe('the cache key: a kept answer is made under one spelling of its address', () => {
  it('sends any other spelling of a post, or of its slug in the API, to the one address, uncached', async () => {
    const post = await createPost({ title: 'Saving first', status: 'published' })
    expect(post.slug).toBe('saving-first')
    for (const path of [
      '/api/blog-posts?slug=s%61ving-first',
      '/api/blog-posts?SLUG=saving-first',
      '/api/blog-posts?slug=saving-first&slug=other',
    ]) {
      const answer = await get(blogPosts, path)
      expect(answer.status, path).toBe(308)
      expect(answer.headers.get('location')).toBe('/api/blog-posts?slug=saving-first')
      expect(answer.headers.get('cache-control')).toBe('no-store')
      expect(answer.headers.get('netlify-cdn-cache-control')).toBeNull()
    }
    // Where the platform hands the function the decoded slug, the path it was written as still counts.
    const spelled = await get(blogPage, '/blog/s%61ving-first', { slug: 'saving-first' })
    expect(spelled.status).toBe(308)
    expect(spelled.headers.get('location')).toBe('/blog/saving-first')
    expect(spelled.headers.get('netlify-cdn-cache-control')).toBeNull()
    expect((await get(blogPage, '/blog/saving-first', { slug: 'saving-first' })).status).toBe(200)
  })
})

describe('the cache key: a kept answer is made under one spelling of its path', () => {
  it('sends a trailing or doubled slash, or capitals, to the plain path, uncached; an empty topic to the whole blog', async () => {
    const post = await createPost({ title: 'Saving first', status: 'published', tags: ['Saving'] })
    const cases: [Handler, string, Record<string, string>, string][] = [
      [aboutPage, '/about/', {}, '/about'],
      [aboutPage, '/ABOUT', {}, '/about'],
      [homePage, '//', {}, '/'],
      [servicesPage, '/Services', {}, '/services'],
      [bookNowPage, '/book-now/?service=Speaking%20Engagements', {}, '/book-now?service=Speaking%20Engagements'],
      [bookNowPage, '/book-now?service=Speaking+Engagements', {}, '/book-now?service=Speaking%20Engagements'],
      [resourcesPage, '/resources/', {}, '/resources'],
      [blogListPage, '/blog/', {}, '/blog'],
      [blogListPage, '/BLOG?tag=Saving', {}, '/blog?tag=Saving'],
      [blogListPage, '/blog?tag=', {}, '/blog'],
      [blogPage, `/blog/${post.slug}/`, { slug: post.slug }, `/blog/${post.slug}`],
      [blogPage, `/blog/${post.slug}//`, { slug: post.slug }, `/blog/${post.slug}`],
      [rss, '/rss.xml/', {}, '/rss.xml'],
      [sitemap, '/sitemap.xml/', {}, '/sitemap.xml'],
      [robots, '/robots.txt/', {}, '/robots.txt'],
      [content, '/api/content/', {}, '/api/content'],
      [content, '/API/content', {}, '/api/content'],
      [blogPosts, '/api/blog-posts/', {}, '/api/blog-posts'],
      [blogPosts, '/api/blog-posts?slug=', {}, '/api/blog-posts'],
    ]
    for (const [fn, path, params, location] of cases) {
      const answer = await get(fn, path, params)
      expect(answer.status, path).toBe(308)
      expect(answer.headers.get('location'), path).toBe(location)
      expect(answer.headers.get('cache-control'), path).toBe('no-store')
      expect(answer.headers.get('netlify-cdn-cache-control'), path).toBeNull()
    }
  })
})

describe('each write purges the tags of what it changed, and nothing else', () => {
  it('posts, texts, resources and her availability purge their own tag; users and bookings purge nothing', async () => {
    const admin = await createAdmin()
    const as = { authorization: admin.authorization }
    const post = await call<{ success: boolean; blogPost: { id: string } }>(adminBlogPosts, {
      method: 'POST',
      path: '/api/admin/blog-posts',
      headers: as,
      body: postInput(),
    })
    const postId = post.body.blogPost.id
    await call(adminBlogPosts, { method: 'PUT', path: '/api/admin/blog-posts', headers: as, body: { ...postInput(), id: postId } })
    await call(adminBlogPost, { method: 'DELETE', path: `/api/admin/blog-posts/${postId}`, params: { id: postId }, headers: as })
    expect(purged).toEqual([['posts'], ['posts'], ['posts']])

    purged = []
    const item = await call<{ success: boolean; item: { id: string } }>(adminContent, {
      method: 'POST',
      path: '/api/admin/content',
      headers: as,
      body: { section: 'site', key: 'name', value: 'Grace Notes' },
    })
    await call(adminContentItem, {
      method: 'DELETE',
      path: `/api/admin/content/${item.body.item.id}`,
      params: { id: item.body.item.id },
      headers: as,
    })
    expect(purged).toEqual([['content'], ['content']])

    purged = []
    const body = { title: 'Sheet', description: 'A sheet.', type: 'template', fileUrl: 'https://files.test.example/a.pdf', isActive: true }
    const resource = await call<{ success: boolean; resource: { id: string } }>(adminResources, {
      method: 'POST',
      path: '/api/admin/resources',
      headers: as,
      body,
    })
    const resourceId = resource.body.resource.id
    await call(adminResources, {
      method: 'PUT',
      path: '/api/admin/resources',
      headers: as,
      body: { ...body, id: resourceId, isActive: false },
    })
    await call(adminResource, { method: 'DELETE', path: `/api/admin/resources/${resourceId}`, params: { id: resourceId }, headers: as })
    expect(purged).toEqual([['resources'], ['resources'], ['resources']])

    purged = []
    await call(adminAvailability, { method: 'PUT', path: '/api/admin/availability', headers: as, body: DEFAULT_AVAILABILITY })
    expect(purged).toEqual([['availability']])

    purged = []
    await call(adminUsers, {
      method: 'POST',
      path: '/api/admin/users',
      headers: as,
      body: { username: 'ruth', email: 'ruth@test.example', password: 'a long enough password', role: 'editor' },
    })
    const booking = await bookings.add(z.parse(BookingRequestSchema, bookingInput()))
    await call(adminBooking, {
      method: 'PUT',
      path: `/api/admin/bookings/${booking.id}`,
      params: { id: booking.id },
      headers: as,
      body: { status: 'handled' },
    })
    expect(purged).toEqual([])
  })

  it('scheduled publishing purges the posts when it publishes, and not when nothing was due', async () => {
    const publishAt = new Date(Date.now() + 60_000).toISOString()
    await posts.create({ ...postInput(), featuredImage: undefined, status: 'scheduled', publishAt }, 'Coach')
    // Saving it purged (every write of a post does); from here on, only the job's own purges count.
    expect(purged).toEqual([['posts']])
    purged.length = 0
    await publishScheduled.default()
    expect(purged).toEqual([])
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(publishAt) + 1_000 })
    try {
      await publishScheduled.default()
    } finally {
      vi.useRealTimers()
    }
    expect(purged).toEqual([['posts']])
  })

  it('a failed purge is logged, and the write still says it worked', async () => {
    site.use(http.post(PURGE_URL, () => HttpResponse.json({ message: 'down' }, { status: 500 })))
    expectConsoleError(/could not purge the CDN cache: posts/)
    const admin = await createAdmin()
    const { status } = await call(adminBlogPosts, {
      method: 'POST',
      path: '/api/admin/blog-posts',
      headers: { authorization: admin.authorization },
      body: postInput(),
    })
    expect(status).toBe(201)
  })

  it('without a purge token (local runs) nothing is sent', async () => {
    vi.stubEnv('NETLIFY_PURGE_API_TOKEN', '')
    const admin = await createAdmin()
    await call(adminBlogPosts, {
      method: 'POST',
      path: '/api/admin/blog-posts',
      headers: { authorization: admin.authorization },
      body: postInput(),
    })
    expect(purged).toEqual([])
  })
})
