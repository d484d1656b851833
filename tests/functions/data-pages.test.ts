import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { INITIAL_DATA_ID, type InitialData } from '../../domain/initial-data'
import * as aboutPage from '../../netlify/functions/about-page'
import * as blogListPage from '../../netlify/functions/blog-list-page'
import * as resourcesPage from '../../netlify/functions/resources-page'
import { content } from '../../netlify/lib/data/content'
import { useBlobsServer } from '../support/blobs-server'
import { fakeContext, TEST_ORIGIN } from '../support/call'
import { createPost, createResource } from '../support/records'
import { useSendgridMock } from '../support/sendgrid'

/**
 * About, Resources and Blog are rendered on request with the coach's texts and their list, so a
 * visitor (and a crawler, and a phone without the page's code yet) sees them in the HTML itself.
 */

useBlobsServer()
const site = useSendgridMock()

// A built template as scripts/prerender.ts writes it, reduced to what page-render.ts looks for.
const TEMPLATE = '<!doctype html><html><head><title>Page</title></head><body><div id="root"><!--page--></div></body></html>'

type PageModule = { default: (req: Request, context: ReturnType<typeof fakeContext>) => Promise<Response> }

async function open(fn: PageModule, path: string) {
  site.use(http.get(/\/[\w-]+-shell\.html$/, () => HttpResponse.html(TEMPLATE)))
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
