import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import * as adminBlogPost from '../../netlify/functions/admin-blog-post'
import * as adminBlogPosts from '../../netlify/functions/admin-blog-posts'
import * as adminBooking from '../../netlify/functions/admin-booking'
import * as adminContent from '../../netlify/functions/admin-content'
import * as adminContentItem from '../../netlify/functions/admin-content-item'
import * as adminResource from '../../netlify/functions/admin-resource'
import * as adminResources from '../../netlify/functions/admin-resources'
import * as adminUsers from '../../netlify/functions/admin-users'
import * as aboutPage from '../../netlify/functions/about-page'
import * as blogListPage from '../../netlify/functions/blog-list-page'
import * as blogPage from '../../netlify/functions/blog-page'
import * as resourcesPage from '../../netlify/functions/resources-page'
import * as blogPosts from '../../netlify/functions/blog-posts'
import * as content from '../../netlify/functions/content'
import * as publishScheduled from '../../netlify/functions/publish-scheduled'
import * as resources from '../../netlify/functions/resources'
import * as rss from '../../netlify/functions/rss'
import * as sitemap from '../../netlify/functions/sitemap'
import { bookings } from '../../netlify/lib/data/bookings'
import { posts } from '../../netlify/lib/data/posts'
import { createAdmin } from '../support/auth'
import { useBlobsServer } from '../support/blobs-server'
import { call, fakeContext, TEST_ORIGIN } from '../support/call'
import { expectConsoleError } from '../support/console-guard'
import { bookingInput, postInput } from '../support/factories'
import { createPost, createResource } from '../support/records'
import { useSendgridMock } from '../support/sendgrid'
import * as z from 'zod/mini'
import { BookingRequestSchema } from '../../domain/booking'

/**
 * Public answers are kept by Netlify's CDN under cache tags and purged by tag on each write that
 * changes them (netlify/lib/cdn.ts). The purge API is outside: msw stands in for it and records
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
  const SHELL = '<!doctype html><html><head></head><body><div id="root"><!--page--></div></body></html>'
  site.use(
    http.post(PURGE_URL, async ({ request }) => {
      expect(request.headers.get('authorization')).toBe('Bearer test-purge-token')
      const body = (await request.json()) as { cache_tags: string[]; site_id: string }
      expect(body.site_id).toBe('test-site')
      purged.push(body.cache_tags)
      return new HttpResponse(null, { status: 202 })
    }),
    http.get(`${TEST_ORIGIN}/post-shell.html`, () => HttpResponse.html(SHELL)),
    http.get(`${TEST_ORIGIN}/shell.html`, () => HttpResponse.html(SHELL)),
    http.get(/\/(about|resources|blog)-shell\.html$/, () => HttpResponse.html(SHELL)),
  )
})

const get = (
  fn: { default: (req: Request, context: never) => Promise<Response> },
  path: string,
  params: Record<string, string> = {},
  headers = {},
) => fn.default(new Request(`${TEST_ORIGIN}${path}`, { headers }), fakeContext({ params }) as never)

describe('every public answer is kept by the CDN under the tags of what it shows', () => {
  it.each([
    ['GET /api/blog-posts', blogPosts, '/api/blog-posts', {}, 'posts'],
    ['GET /api/blog-posts?slug=', blogPosts, '/api/blog-posts?slug=SLUG', {}, 'posts'],
    ['GET /blog/{slug}', blogPage, '/blog/SLUG', { slug: 'SLUG' }, 'posts,content'],
    ['GET /about', aboutPage, '/about', {}, 'content'],
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

    const missing = await get(blogPosts, '/api/blog-posts?slug=no-such-post')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('netlify-cdn-cache-control')).toBeNull()
  })
})

describe('each write purges the tags of what it changed, and nothing else', () => {
  it('posts, texts and resources purge their own tag; users and bookings purge nothing', async () => {
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
