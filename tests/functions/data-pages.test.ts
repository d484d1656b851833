import { describe, expect, it } from 'vitest'
import { BLOG_MESSAGES, TAG_MAX_LENGTH } from '#domain/blog-post.ts'
import { INITIAL_DATA_ID, type InitialData } from '#domain/initial-data.ts'
import * as aboutPage from '#functions/about-page.ts'
import * as blogListPage from '#functions/blog-list-page.ts'
import * as resourcesPage from '#functions/resources-page.ts'
import { content } from '#lib/data/content.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { fakeContext, TEST_ORIGIN } from '#tests/support/call.ts'
import { createPost, createResource } from '#tests/support/records.ts'
import { useSendgridMock } from '#tests/support/sendgrid.ts'

/**
 * About, Resources and Blog are rendered on request with the coach's texts and their list, so a
 * visitor (and a crawler, and a phone without the page's code yet) sees them in the HTML itself.
 */

useBlobsServer()
useSendgridMock()

type PageModule = { default: (req: Request, context: ReturnType<typeof fakeContext>) => Promise<Response> }

async function open(fn: PageModule, path: string) {
  const response = await fn.default(new Request(`${TEST_ORIGIN}${path}`), fakeContext({ runtime: 'deployed' }))
  const html = await response.text()
  const block = new RegExp(`<script type="application/json" id="${INITIAL_DATA_ID}">(.*?)</script>`).exec(html)?.[1]
  const data = block ? (JSON.parse(block) as InitialData) : undefined
  // The page without its data block: what a visitor reads before any code runs.
  const page = html.replace(/<script type="application\/json"[\s\S]*?<\/script>/, '')
  return { status: response.status, headers: response.headers, page, data }
}

describe('GET /blog', () => {
  it('draws the published posts, newest first, and no draft', async () => {
    await createPost({ title: 'Older budgeting post', status: 'published', tags: ['Budgeting'] })
    await createPost({ title: 'Newer giving post', status: 'published', tags: ['Giving'] })
    await createPost({ title: 'Secret draft', status: 'draft' })
    const { status, page, data, headers } = await open(blogListPage, '/blog')
    expect(status).toBe(200)
    expect(page.indexOf('Newer giving post')).toBeGreaterThan(-1)
    expect(page.indexOf('Newer giving post')).toBeLessThan(page.indexOf('Older budgeting post'))
    expect(page).not.toContain('Secret draft')
    expect(page).not.toContain('Loading posts')
    expect(data?.path).toBe('/blog')
    expect(data?.posts?.map((post) => post.title)).toEqual(['Newer giving post', 'Older budgeting post'])
    // Kept by the CDN until a post or a text changes, one copy per topic.
    expect(headers.get('netlify-cache-tag')).toContain('posts')
    expect(headers.get('netlify-cache-tag')).toContain('content')
    expect(headers.get('netlify-vary')).toBe('query=tag')
    expect(headers.get('content-security-policy')).not.toContain('unsafe-inline')
  })

  it('draws only the chosen topic', async () => {
    await createPost({ title: 'About budgets', status: 'published', tags: ['Budgeting'] })
    await createPost({ title: 'About giving', status: 'published', tags: ['Giving'] })
    const { page } = await open(blogListPage, '/blog?tag=Giving')
    expect(page).toContain('About giving')
    expect(page).not.toContain('About budgets')
  })

  it('answers a topic no published post has with a 404 no cache keeps, showing the empty state', async () => {
    await createPost({ title: 'About budgets', status: 'published', tags: ['Budgeting'] })
    await createPost({ title: 'A draft on giving', status: 'draft', tags: ['Giving'] })
    expect((await open(blogListPage, '/blog?tag=Budgeting')).page).toContain('About budgets</a>')
    for (const tag of ['Nonexistent', 'Giving', 'budgeting']) {
      const { status, page, headers, data } = await open(blogListPage, `/blog?tag=${encodeURIComponent(tag)}`)
      expect(status, tag).toBe(404)
      expect(headers.get('cache-control')).toBe('no-store')
      expect(headers.get('netlify-cdn-cache-control')).toBeNull()
      expect(headers.get('etag')).toBeNull()
      expect(page).toContain(BLOG_MESSAGES.emptyForTag(tag).replaceAll('"', '&quot;'))
      expect(page).not.toContain('About budgets</a>')
      // The page's code gets the list and draws the same empty state.
      expect(data?.posts?.map((post) => post.title)).toEqual(['About budgets'])
    }
  })

  it('never repeats text longer than a tag can be', async () => {
    await createPost({ status: 'published', tags: ['Budgeting'] })
    const words = 'Our site has moved: call 555-0100 to claim your refund today'
    expect(words.length).toBeGreaterThan(TAG_MAX_LENGTH)
    const { status, page } = await open(blogListPage, `/blog?tag=${encodeURIComponent(words)}`)
    expect(status).toBe(404)
    expect(page).not.toContain('555-0100')
    expect(page).toContain(BLOG_MESSAGES.emptyForTag(words))
  })

  it('sends any other spelling of a topic to its one address, uncached', async () => {
    await createPost({ title: 'Faith and money', status: 'published', tags: ['Money & Faith'] })
    const own = '/blog?tag=Money%20%26%20Faith'
    expect((await open(blogListPage, own)).status).toBe(200)
    for (const other of [
      '/blog?tag=Money+%26+Faith',
      '/blog?tag=Money%20%26%20Fa%69th',
      '/blog?TAG=Money%20%26%20Faith',
      '/blog?t%61g=Money%20%26%20Faith',
      '/blog?tag=Money%20%26%20Faith&tag=Anything',
    ]) {
      const { status, headers } = await open(blogListPage, other)
      expect(status, other).toBe(308)
      expect(headers.get('location')).toBe(own)
      expect(headers.get('cache-control')).toBe('no-store')
      expect(headers.get('netlify-cdn-cache-control')).toBeNull()
    }
    // Parameters nobody reads are left as they were.
    expect((await open(blogListPage, '/blog?utm_source=mail&tag=Money+%26+Faith')).headers.get('location')).toBe(`${own}&utm_source=mail`)
  })

  it('draws a title full of markup as text, and keeps it from closing the data block', async () => {
    const title = '</script><script>alert(1)</script><img src=x onerror=alert(2)>'
    await createPost({ title, status: 'published' })
    const { page, data } = await open(blogListPage, '/blog')
    expect(page).not.toMatch(/<script>alert|<img src=x/)
    expect(page).toContain('&lt;/script&gt;&lt;script&gt;alert(1)')
    expect(data?.posts?.[0]?.title).toBe(title)
  })
})

describe('GET /resources', () => {
  it('draws the active resources only', async () => {
    await createResource({ title: 'Budget worksheet', isActive: true })
    await createResource({ title: 'Hidden guide', isActive: false })
    const { page, data, headers } = await open(resourcesPage, '/resources')
    expect(page).toContain('Budget worksheet')
    expect(page).not.toContain('Hidden guide')
    expect(data?.resources?.map((resource) => resource.title)).toEqual(['Budget worksheet'])
    expect(headers.get('netlify-cache-tag')).toContain('resources')
  })
})

describe('GET /about', () => {
  it("draws the coach's own words and portrait, not the built-in ones", async () => {
    await content.save({ section: 'about', key: 'title', value: 'Meet Grace, in her words', type: 'text' }, 'admin')
    await content.save({ section: 'about', key: 'portrait', value: '/media/abc123/grace.webp', type: 'image' }, 'admin')
    const { page, data } = await open(aboutPage, '/about')
    expect(page).toContain('Meet Grace, in her words')
    expect(page).not.toContain('About Grace</h1>')
    expect(page).toMatch(/<img[^>]+src="\/\.netlify\/images\?url=%2Fmedia%2Fabc123%2Fgrace\.webp/)
    expect(data?.texts?.about?.title).toBe('Meet Grace, in her words')
  })
})
