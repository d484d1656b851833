import { describe, expect, it } from 'vitest'
import * as blogPosts from '#functions/blog-posts.ts'
import * as content from '#functions/content.ts'
import * as resourcesFn from '#functions/resources.ts'
import * as rss from '#functions/rss.ts'
import * as sitemap from '#functions/sitemap.ts'
import { content as contentStore } from '#lib/data/content.ts'
import { posts } from '#lib/data/posts.ts'
import { resources } from '#lib/data/resources.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { fakeContext, TEST_ORIGIN } from '#tests/support/call.ts'
import { postInput, resourceInput } from '#tests/support/factories.ts'

useBlobsServer()

/**
 * Public GETs are revalidated on every use (an admin edit shows at once) and answer a
 * bodyless 304 while the caller's copy is current, so a repeat visit costs a round trip only.
 */

type Handler = { default: (req: Request, context: never) => Promise<Response> }

const get = (fn: Handler, path: string, headers: Record<string, string> = {}) =>
  fn.default(new Request(new URL(path, TEST_ORIGIN), { headers }), fakeContext() as never)

let seeded: { slug: string; resourceId: string }
async function seed() {
  const post = await posts.create(postInput({ title: 'Cached post', status: 'published' }), 'Grace Adeyemi')
  const resource = await resources.create(resourceInput({ title: 'Cached guide' }), 'admin')
  await contentStore.save({ section: 'home', key: 'heroTitle', value: 'Before', type: 'text' }, 'admin')
  seeded = { slug: post.slug, resourceId: resource.id }
}

const CALLS: { name: string; fn: Handler; path: () => string; change: () => Promise<unknown> }[] = [
  {
    name: 'GET /api/blog-posts',
    fn: blogPosts,
    path: () => '/api/blog-posts',
    change: () => posts.create(postInput({ title: 'Another post', status: 'published' }), 'Grace Adeyemi'),
  },
  {
    name: 'GET /api/blog-posts?slug=',
    fn: blogPosts,
    path: () => `/api/blog-posts?slug=${seeded.slug}`,
    change: async () => {
      const post = (await posts.find({ slug: seeded.slug }))!
      await posts.update(post.id, { ...postInput({ title: post.title, status: 'published' }), content: 'A new body' })
    },
  },
  {
    name: 'GET /api/resources',
    fn: resourcesFn,
    path: () => '/api/resources',
    change: () => resources.update(seeded.resourceId, resourceInput({ title: 'Renamed guide' })),
  },
  {
    name: 'GET /api/content',
    fn: content,
    path: () => '/api/content',
    change: () => contentStore.save({ section: 'home', key: 'heroTitle', value: 'After', type: 'text' }, 'admin'),
  },
  {
    name: 'GET /rss.xml',
    fn: rss,
    path: () => '/rss.xml',
    change: () => posts.create(postInput({ title: 'Feed news', status: 'published' }), 'Grace Adeyemi'),
  },
  {
    name: 'GET /sitemap.xml',
    fn: sitemap,
    path: () => '/sitemap.xml',
    change: () => posts.create(postInput({ title: 'Map news', status: 'published' }), 'Grace Adeyemi'),
  },
]

describe.each(CALLS)('$name', ({ fn, path, change }) => {
  it('carries an ETag and must be revalidated; a current copy gets 304 without a body; a change gets 200 with a new ETag', async () => {
    await seed()
    const first = await get(fn, path())
    expect(first.status).toBe(200)
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[\w-]{20,}"$/)
    expect(first.headers.get('cache-control')).toMatch(/max-age=0/)
    expect(first.headers.get('cache-control')).toMatch(/must-revalidate/)
    const body = await first.text()
    expect(body.length).toBeGreaterThan(0)

    const again = await get(fn, path(), { 'If-None-Match': etag })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(etag)
    expect(again.headers.get('x-content-type-options')).toBe('nosniff')

    // A CDN that compressed the answer may send the tag back weakened, in a list.
    expect((await get(fn, path(), { 'If-None-Match': `"other", W/${etag}` })).status).toBe(304)
    expect((await get(fn, path(), { 'If-None-Match': '"stale"' })).status).toBe(200)

    await change()
    const changed = await get(fn, path(), { 'If-None-Match': etag })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
    expect(await changed.text()).not.toBe(body)
  })
})
