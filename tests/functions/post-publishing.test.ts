import { afterEach, describe, expect, it, vi } from 'vitest'
import { POST_SCHEDULE_MESSAGES, type PostSummary, type RenderedPost } from '#domain/blog-post.ts'
import * as adminBlogPosts from '#functions/admin-blog-posts.ts'
import * as adminPostPreview from '#functions/admin-post-preview.ts'
import * as blogPage from '#functions/blog-page.ts'
import * as blogPosts from '#functions/blog-posts.ts'
import * as publishScheduled from '#functions/publish-scheduled.ts'
import * as rss from '#functions/rss.ts'
import * as sitemap from '#functions/sitemap.ts'
import { posts } from '#lib/data/posts.ts'
import { createEditor } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call, fakeContext, TEST_ORIGIN } from '#tests/support/call.ts'
import { useSendgridMock } from '#tests/support/sendgrid.ts'

useBlobsServer()
// The post page renders into the stand-in built pages (tests/support/built-pages.ts).
useSendgridMock()
afterEach(() => vi.useRealTimers())

type PostBody = { success: boolean; message?: string; blogPost: PostSummary }
type RenderedBody = { success: boolean; message?: string; blogPost: RenderedPost }
type ListBody = { success: boolean; blogPosts: PostSummary[] }

const post = (overrides: Record<string, unknown> = {}) => ({
  title: 'Giving First',
  excerpt: 'Why the first dollar goes to giving.',
  content: '## Start here\n\nGive, save, then live.',
  status: 'draft',
  tags: ['giving'],
  ...overrides,
})
const save = (authorization: string, body: Record<string, unknown>) =>
  call<PostBody>(adminBlogPosts, { method: body.id ? 'PUT' : 'POST', path: '/api/admin/blog-posts', body, headers: { authorization } })
const page = (slug: string) => blogPage.default(new Request(`${TEST_ORIGIN}/blog/${slug}`), fakeContext({ params: { slug } }))
const publicPost = (slug: string) => call<RenderedBody>(blogPosts, { path: `/api/blog-posts?slug=${slug}` })
const publicSlugs = async () => (await call<ListBody>(blogPosts, { path: '/api/blog-posts' })).body.blogPosts.map((p) => p.slug)
const feeds = async () => {
  const [feed, map] = await Promise.all(
    [rss, sitemap].map((fn, i) => fn.default(new Request(`${TEST_ORIGIN}/${['rss', 'sitemap'][i]}.xml`), fakeContext())),
  )
  return `${await feed!.text()}\n${await map!.text()}`
}
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()

describe('the address (slug)', () => {
  it('can be chosen on create, and must be free and well-formed', async () => {
    const { authorization } = await createEditor()
    const created = await save(authorization, post({ slug: 'My-First-Budget ' }))
    expect(created.status).toBe(201)
    expect(created.body.blogPost.slug).toBe('my-first-budget')

    const taken = await save(authorization, post({ title: 'Another', slug: 'my-first-budget' }))
    expect(taken.status).toBe(409)
    expect(taken.body.message).toBe(POST_SCHEDULE_MESSAGES.slugTaken)

    for (const slug of ['a--b', '-a', 'über', 'a/b', '../index', '__proto__']) {
      const refused = await save(authorization, post({ slug }))
      expect(refused.status, slug).toBe(400)
      expect(refused.body.message, slug).toBe(POST_SCHEDULE_MESSAGES.slugInvalid)
    }
  })

  it('edited on a published post, leaves the old address redirecting to the new one for good', async () => {
    const { authorization } = await createEditor()
    const created = (await save(authorization, post({ status: 'published' }))).body.blogPost
    expect(created.slug).toBe('giving-first')

    const edited = await save(authorization, { ...post({ status: 'published', slug: 'give-first' }), id: created.id })
    expect(edited.body.blogPost.slug).toBe('give-first')

    const moved = await page('giving-first')
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toBe('/blog/give-first')
    expect((await page('give-first')).status).toBe(200)
    // The app's own call at the old address gets the post, with the slug it has now.
    const viaApi = await publicPost('giving-first')
    expect(viaApi.status).toBe(200)
    expect(viaApi.body.blogPost.slug).toBe('give-first')
    expect(await publicSlugs()).toEqual(['give-first'])
  })

  it('a former address taken by another post leads to that post, no longer redirecting', async () => {
    const { authorization } = await createEditor()
    const first = (await save(authorization, post({ status: 'published' }))).body.blogPost
    await save(authorization, { ...post({ status: 'published', slug: 'give-first' }), id: first.id })

    const second = await save(authorization, post({ title: 'Newer', status: 'published', slug: 'giving-first' }))
    expect(second.status).toBe(201)

    expect((await page('giving-first')).status).toBe(200)
    expect((await publicPost('giving-first')).body.blogPost.title).toBe('Newer')
  })

  it('an untouched draft still follows its title; a published post keeps its address unless edited', async () => {
    const { authorization } = await createEditor()
    const draft = (await save(authorization, post())).body.blogPost
    const retitled = await save(authorization, { ...post({ title: 'Give Gladly' }), id: draft.id })
    expect(retitled.body.blogPost.slug).toBe('give-gladly')

    await save(authorization, { ...post({ title: 'Give Gladly', status: 'published' }), id: draft.id })
    const again = await save(authorization, { ...post({ title: 'Something Else', status: 'published' }), id: draft.id })
    expect(again.body.blogPost.slug).toBe('give-gladly')
  })
})

describe('drafts at their own address', () => {
  it('visitors get "not found"; a signed-in editor gets the draft, rendered as its page will be', async () => {
    const { authorization } = await createEditor()
    const draft = (await save(authorization, post({ content: '# Soon\n\n**bold**\n\n<script>alert(1)</script>' }))).body.blogPost

    expect((await page(draft.slug)).status).toBe(404)
    expect((await publicPost(draft.slug)).status).toBe(404)

    const preview = (headers: Record<string, string>) =>
      call<RenderedBody>(adminPostPreview, { path: `/api/admin/post-preview?slug=${draft.slug}`, headers })
    expect((await preview({})).status).toBe(401)
    const { status, body } = await preview({ authorization })
    expect(status).toBe(200)
    expect(body.blogPost).toMatchObject({ id: draft.id, status: 'draft' })
    expect(body.blogPost.html).toContain('<strong>bold</strong>')
    expect(body.blogPost.html).not.toContain('<script')

    const unknown = await call(adminPostPreview, { path: '/api/admin/post-preview?slug=no-such-post', headers: { authorization } })
    expect(unknown.status).toBe(404)
  })
})

describe('scheduled publishing', () => {
  it('needs a time, in the future', async () => {
    const { authorization } = await createEditor()
    const missing = await save(authorization, post({ status: 'scheduled' }))
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe(POST_SCHEDULE_MESSAGES.publishAtRequired)

    const past = await save(authorization, post({ status: 'scheduled', publishAt: inMinutes(-1) }))
    expect(past.status).toBe(400)
    expect(past.body.message).toBe(POST_SCHEDULE_MESSAGES.publishAtPast)

    const garbled = await save(authorization, post({ status: 'scheduled', publishAt: 'next tuesday' }))
    expect(garbled.body.message).toBe(POST_SCHEDULE_MESSAGES.publishAtInvalid)
  })

  it('is absent everywhere until the publishing job runs after its time, then present everywhere', async () => {
    const { authorization } = await createEditor()
    const publishAt = inMinutes(1)
    const scheduled = (await save(authorization, post({ status: 'scheduled', publishAt }))).body.blogPost
    expect(scheduled).toMatchObject({ status: 'scheduled', publishAt, publishedAt: null })

    const absent = async () => {
      expect(await publicSlugs()).toEqual([])
      expect((await publicPost(scheduled.slug)).status).toBe(404)
      expect((await page(scheduled.slug)).status).toBe(404)
      expect(await feeds()).not.toContain(scheduled.slug)
    }
    await absent()

    // The job before the time publishes nothing.
    expect((await publishScheduled.default()).status).toBe(204)
    await absent()

    // A minute later (the clock only: the Blobs client keeps its real timers).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(publishAt) + 1_000 })
    await absent()
    expect((await publishScheduled.default()).status).toBe(204)

    expect(await publicSlugs()).toEqual([scheduled.slug])
    expect((await page(scheduled.slug)).status).toBe(200)
    expect(await feeds()).toContain(`/blog/${scheduled.slug}`)
    // Dated with the time it was scheduled for, no longer waiting.
    const stored = await posts.find({ id: scheduled.id })
    expect(stored).toMatchObject({ status: 'published', publishedAt: publishAt })
    expect(stored?.publishAt).toBeUndefined()
  })

  it('back to draft before its time, it is never published', async () => {
    const { authorization } = await createEditor()
    const scheduled = (await save(authorization, post({ status: 'scheduled', publishAt: inMinutes(5) }))).body.blogPost
    await save(authorization, { ...post(), id: scheduled.id })

    expect(await posts.publishDue(new Date(Date.now() + 10 * 60_000))).toEqual([])
    expect((await posts.find({ id: scheduled.id }))?.status).toBe('draft')
  })
})
