import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import type { BlogPost, PostSummary } from '#domain/blog-post.ts'
import type { ContentItem } from '#domain/content-item.ts'
import { IMAGE_ALT_MAX } from '#domain/fields.ts'
import { INITIAL_DATA_ID } from '#domain/initial-data.ts'
import type { PublicResource, Resource } from '#domain/resource.ts'
import { postPath } from '#domain/route-map.ts'
import * as aboutPage from '#functions/about-page.ts'
import * as adminBlogPost from '#functions/admin-blog-post.ts'
import * as adminBlogPosts from '#functions/admin-blog-posts.ts'
import * as adminContent from '#functions/admin-content.ts'
import * as adminResources from '#functions/admin-resources.ts'
import * as blogPage from '#functions/blog-page.ts'
import * as blogPosts from '#functions/blog-posts.ts'
import * as resourcesFunction from '#functions/resources.ts'
import * as resourcesPage from '#functions/resources-page.ts'
import { posts } from '#lib/data/posts.ts'
import { createEditor } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call, fakeContext, TEST_ORIGIN } from '#tests/support/call.ts'
import { pageActiveContent } from '#tests/support/page-active-content.ts'
import { useSendgridMock } from '#tests/support/sendgrid.ts'

/**
 * What a picture shows, in the coach's words (its alt text): a post's featured image, a
 * resource's thumbnail and her portrait each keep one, checked by the same rule (one line, at
 * most IMAGE_ALT_MAX characters), and the public pages render it as the picture's alt, escaped.
 */

useBlobsServer()
useSendgridMock()

/** Text that would be markup, an attribute's end or a script if it were not escaped. */
const HOSTILE = `Grace "smiling" <script>alert(1)</script><img src=x onerror=alert(2)> & 'friends'`

const post = (overrides: Record<string, unknown> = {}) => ({
  title: 'Giving First',
  excerpt: 'Why the first dollar goes to giving.',
  content: 'Give, save, then live.',
  featuredImage: '/media/pic1/giving.webp',
  status: 'published',
  tags: [],
  ...overrides,
})
const resource = (overrides: Record<string, unknown> = {}) => ({
  title: 'Budget Workbook',
  description: 'A workbook.',
  type: 'ebook',
  fileUrl: '/media/file1/workbook.pdf',
  thumbnailUrl: '/media/pic2/workbook.webp',
  ...overrides,
})

type PostBody = { success: boolean; message?: string; blogPost: PostSummary }
type ResourceBody = { success: boolean; message?: string; resource: Resource }

const savePost = (authorization: string, body: unknown, method = 'POST') =>
  call<PostBody>(adminBlogPosts, { method, path: '/api/admin/blog-posts', body, headers: { authorization } })
const saveResource = (authorization: string, body: unknown, method = 'POST') =>
  call<ResourceBody>(adminResources, { method, path: '/api/admin/resources', body, headers: { authorization } })
const saveText = (authorization: string, body: unknown) =>
  call<{ success: boolean; message?: string; item: ContentItem }>(adminContent, {
    method: 'POST',
    path: '/api/admin/content',
    body,
    headers: { authorization },
  })

/** A page function's answer, parsed as a browser parses it. */
type PageModule = { default: (req: Request, context: ReturnType<typeof fakeContext>) => Promise<Response> }
async function page(fn: PageModule, path: string, params: Record<string, string> = {}) {
  const response = await fn.default(new Request(`${TEST_ORIGIN}${path}`), fakeContext({ params, runtime: 'deployed' }))
  expect(response.status).toBe(200)
  return new JSDOM(await response.text(), { url: `${TEST_ORIGIN}${path}` }).window.document
}

/** The one rule every description follows, from whichever door it comes in. */
const LIMITS: [string, unknown, number, string | undefined][] = [
  ['at the limit', 'a'.repeat(IMAGE_ALT_MAX), 200, undefined],
  ['past the limit', 'a'.repeat(IMAGE_ALT_MAX + 1), 400, `Picture description must be at most ${IMAGE_ALT_MAX} characters`],
  ['on two lines', 'A seedling\nin soil', 400, 'Picture description must be plain text on one line'],
  ['with a direction override', 'receipt \u202Egpj.exe', 400, 'Picture description must be plain text on one line'],
]

describe('a post’s picture description', () => {
  it.each(LIMITS)('is refused only when past the rule: %s', async (_case, featuredImageAlt, status, message) => {
    const { authorization } = await createEditor()
    const answer = await savePost(authorization, post({ featuredImageAlt }))
    expect(answer.status).toBe(status === 200 ? 201 : status)
    if (message) expect(answer.body.message).toBe(message)
    else expect(answer.body.blogPost.featuredImageAlt).toBe(featuredImageAlt)
  })

  it('refuses a description that is not text, and takes built-in names as plain words', async () => {
    const { authorization } = await createEditor()
    for (const featuredImageAlt of [42, ['a'], { toString: 'x' }]) {
      const answer = await savePost(authorization, post({ featuredImageAlt }))
      expect(answer.status).toBe(400)
      expect(answer.body.message).toBe('Picture description must be text')
    }
    for (const word of ['__proto__', 'constructor', 'toString']) {
      const answer = await savePost(authorization, post({ title: `Post ${word}`, featuredImageAlt: word }))
      expect(answer.body.blogPost.featuredImageAlt).toBe(word)
    }
    // A `__proto__` key in the body (JSON.parse makes it an own property) sets nothing.
    const sneaky = `{"title":"Sneaky","excerpt":"E","content":"C","status":"draft","__proto__":{"featuredImageAlt":"planted"}}`
    const answer = await savePost(authorization, sneaky)
    expect(answer.status).toBe(201)
    expect(answer.body.blogPost.featuredImageAlt).toBeUndefined()
    expect(({} as Record<string, unknown>).featuredImageAlt).toBeUndefined()
  })

  it('is kept trimmed, shown to visitors, kept in the post’s versions, and emptied by an edit that leaves it out', async () => {
    const { authorization } = await createEditor()
    const created = (await savePost(authorization, post({ featuredImageAlt: '  Two hands holding a seedling  ' }))).body.blogPost
    expect(created.featuredImageAlt).toBe('Two hands holding a seedling')
    const published = await call<{ success: boolean; blogPost: BlogPost }>(blogPosts, { path: `/api/blog-posts?slug=${created.slug}` })
    expect(published.body.blogPost.featuredImageAlt).toBe('Two hands holding a seedling')
    const listed = await call<{ success: boolean; blogPosts: PostSummary[] }>(blogPosts, { path: '/api/blog-posts' })
    expect(listed.body.blogPosts[0]?.featuredImageAlt).toBe('Two hands holding a seedling')

    const edited = await savePost(authorization, { ...post({ featuredImage: '' }), id: created.id, featuredImageAlt: '' }, 'PUT')
    expect(edited.status).toBe(200)
    expect(edited.body.blogPost.featuredImageAlt).toBeUndefined()
    const versions = await posts.versions(created.id)
    const first = versions.at(-1)
    expect(first && (await posts.version(created.id, first.id))?.featuredImageAlt).toBe('Two hands holding a seedling')
    // Checked by id: an unknown one answers as before.
    const unknown = await call(adminBlogPost, { path: '/api/admin/blog-posts/__proto__', params: { id: '__proto__' }, headers: { authorization } })
    expect(unknown.status).toBe(404)
  })

  it('is the featured image’s alt on the post page and in its link preview, escaped', async () => {
    const { authorization } = await createEditor()
    const { slug } = (await savePost(authorization, post({ featuredImageAlt: HOSTILE }))).body.blogPost
    const article = await page(blogPage, postPath(slug), { slug })
    const featured = [...article.querySelectorAll('img')].find((img) => img.getAttribute('srcset')?.includes('giving.webp'))
    expect(featured?.getAttribute('alt')).toBe(HOSTILE)
    // And in the head, for a link preview read aloud.
    expect(article.querySelector('meta[property="og:image:alt"]')?.getAttribute('content')).toBe(HOSTILE)
    expect(article.querySelector('meta[name="twitter:image:alt"]')?.getAttribute('content')).toBe(HOSTILE)
    expect(pageActiveContent(article, INITIAL_DATA_ID)).toEqual([])
  })
})

describe('a resource’s picture description', () => {
  it.each(LIMITS)('is refused only when past the rule: %s', async (_case, thumbnailAlt, status, message) => {
    const { authorization } = await createEditor()
    const answer = await saveResource(authorization, resource({ thumbnailAlt }))
    expect(answer.status).toBe(status === 200 ? 201 : status)
    if (message) expect(answer.body.message).toBe(message)
    else expect(answer.body.resource.thumbnailAlt).toBe(thumbnailAlt)
  })

  it('is given to visitors, emptied by an edit that leaves it out, and is the card picture’s alt, escaped', async () => {
    const { authorization } = await createEditor()
    const created = (await saveResource(authorization, resource({ thumbnailAlt: HOSTILE }))).body.resource
    const listed = await call<{ success: boolean; resources: PublicResource[] }>(resourcesFunction, { path: '/api/resources' })
    expect(listed.body.resources[0]?.thumbnailAlt).toBe(HOSTILE)

    const resources = await page(resourcesPage, '/resources')
    const card = [...resources.querySelectorAll('img')].find((img) => img.getAttribute('srcset')?.includes('workbook.webp'))
    expect(card?.getAttribute('alt')).toBe(HOSTILE)
    expect(pageActiveContent(resources, INITIAL_DATA_ID)).toEqual([])

    const edited = await saveResource(authorization, { ...resource(), id: created.id }, 'PUT')
    expect(edited.body.resource.thumbnailAlt).toBeUndefined()
  })
})

describe('the portrait’s description', () => {
  it.each(LIMITS)('is refused only when past the rule: %s', async (_case, value, status, message) => {
    const { authorization } = await createEditor()
    const answer = await saveText(authorization, { section: 'about', key: 'portraitAlt', value, type: 'text' })
    expect(answer.status).toBe(status)
    if (message) expect(answer.body.message).toBe(message)
  })

  it('is the portrait’s alt on About, escaped; without one, the portrait is named by her name', async () => {
    const { authorization } = await createEditor()
    await saveText(authorization, { section: 'about', key: 'portrait', value: '/media/pic3/grace.webp', type: 'image' })
    const named = await page(aboutPage, '/about')
    expect(named.querySelector('img[srcset*="grace.webp"]')?.getAttribute('alt')).toBe('Grace Adeyemi')

    await saveText(authorization, { section: 'about', key: 'portraitAlt', value: HOSTILE, type: 'text' })
    const about = await page(aboutPage, '/about')
    expect(about.querySelector('img[srcset*="grace.webp"]')?.getAttribute('alt')).toBe(HOSTILE)
    expect(pageActiveContent(about, INITIAL_DATA_ID)).toEqual([])
  })
})
