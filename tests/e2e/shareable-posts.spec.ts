import type { APIRequestContext } from '@playwright/test'
import { DEMO_POSTS } from '#lib/demo/content.ts'
import { expect, test } from '#tests/e2e/support/fixtures.ts'

/**
 * docs/decisions.md, Shareable posts: /rss.xml and /sitemap.xml list published posts, and each post page carries its
 * own title, description and Open Graph image in the HTML crawlers receive (read here without
 * running any JavaScript).
 */

const published = DEMO_POSTS.filter((post) => post.status === 'published')
const draft = DEMO_POSTS.find((post) => post.status === 'draft')!
const DRAFT_SLUG = 'getting-out-of-debt-one-step-at-a-time'
const FEATURED_SLUG = 'your-emergency-fund-peace-of-mind-for-the-unexpected'
const featured = published.find((post) => post.title.startsWith('Your Emergency Fund'))!

/** The post's featured picture as stored: the demo seed gives it one from the media library. */
async function featuredImageOf(request: APIRequestContext, slug: string): Promise<string> {
  const answer = (await (await request.get(`/api/blog-posts?slug=${slug}`)).json()) as { blogPost: { featuredImage?: string } }
  expect(answer.blogPost.featuredImage).toMatch(/^\/media\//)
  return answer.blogPost.featuredImage!
}

/** The value of a <meta> tag in raw HTML, by name or property, whatever the attribute order. */
function meta(html: string, key: string): string | undefined {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    if (new RegExp(`(name|property)="${key}"`).test(tag)) return /content="([^"]*)"/.exec(tag)?.[1]
  }
  return undefined
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

async function rawHtml(request: APIRequestContext, path: string) {
  const response = await request.get(path)
  return { status: response.status(), html: await response.text() }
}

test('a post page carries its own title, description and Open Graph tags before any script runs', async ({ request }) => {
  const post = featured
  const featuredImage = await featuredImageOf(request, FEATURED_SLUG)
  const { status, html } = await rawHtml(request, `/blog/${FEATURED_SLUG}`)
  expect(status).toBe(200)
  expect(decode(/<title>([^<]*)<\/title>/.exec(html)![1]!)).toContain(post.title)
  expect(decode(meta(html, 'description')!)).toBe(post.excerpt)
  expect(decode(meta(html, 'og:title')!)).toContain(post.title)
  expect(decode(meta(html, 'og:description')!)).toBe(post.excerpt)
  expect(meta(html, 'og:url')).toMatch(/\/blog\/your-emergency-fund-peace-of-mind-for-the-unexpected$/)
  expect(meta(html, 'og:image')).toMatch(new RegExp(`^https?://[^/]+${featuredImage}$`))
})

test('a post page arrives rendered: it reads without JavaScript, and the app takes it over without asking again', async ({
  page,
  browser,
}) => {
  const post = featured
  const featuredImage = await featuredImageOf(page.request, FEATURED_SLUG)
  const path = `/blog/${FEATURED_SLUG}`
  const firstWords = post.content.split('\n')[0]!.slice(0, 40)
  const { html } = await rawHtml(page.request, path)
  expect(html).toMatch(new RegExp(`<h1[^>]*>${post.title}</h1>`))
  expect(html).toContain(firstWords)

  const withoutScript = await browser.newContext({ javaScriptEnabled: false })
  const reader = await withoutScript.newPage()
  await reader.goto(path)
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText(post.title)
  await expect(reader.getByRole('article').locator('.prose')).toContainText(firstWords)
  // Sized by the Image CDN, in the HTML itself.
  await expect(reader.getByRole('article').locator(`img[srcset*="${encodeURIComponent(featuredImage)}"]`)).toBeVisible()
  await withoutScript.close()

  const calls: string[] = []
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('blog-posts?slug=')) calls.push(request.url())
    if (request.resourceType() === 'document') documents.push(request.url())
  })
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title)
  expect(calls, 'the post came with the page').toEqual([])
  // Hydrated, not redrawn or reloaded: the breadcrumb's link moves within the app.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Blog' }).click()
  await expect(page).toHaveURL('/blog')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Encouragement for everyday money decisions')
  expect(documents).toHaveLength(1)
  // Back on the post, within the app, the post is asked for again: the page's copy is used once.
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title)
  expect(calls).toHaveLength(1)
})

test('a post without a featured image still has an Open Graph image', async ({ request }) => {
  const { html } = await rawHtml(request, '/blog/generosity-on-any-income')
  expect(meta(html, 'og:image')).toMatch(/^https?:\/\/\S+$/)
})

test('a post published from the admin is shareable at once, with its title escaped', async ({ request, admin, page }) => {
  const title = 'Tips & "Tricks" </title><script>window.__xss=1</script>'
  const post = await admin.createPost({
    title,
    excerpt: 'An excerpt with <b>tags</b> & "quotes".',
    content: 'Body.',
    featuredImage: '/images/emergency-fund.svg',
  })
  const { status, html } = await rawHtml(request, `/blog/${post.slug}`)
  expect(status).toBe(200)
  expect(html).not.toContain('<script>window.__xss')
  expect(html).not.toContain('<b>tags</b>')
  expect(decode(/<title>([^<]*)<\/title>/.exec(html)![1]!)).toContain(title)
  expect(decode(meta(html, 'description')!)).toBe('An excerpt with <b>tags</b> & "quotes".')

  const rss = await (await request.get('/rss.xml')).text()
  expect(rss).toContain(`/blog/${post.slug}</link>`)
  const sitemap = await (await request.get('/sitemap.xml')).text()
  expect(sitemap).toContain(`/blog/${post.slug}</loc>`)

  await page.goto(`/blog/${post.slug}`)
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(title)
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined()
})

test("a draft's address reveals nothing of the draft", async ({ request }) => {
  const { html } = await rawHtml(request, `/blog/${DRAFT_SLUG}`)
  expect(html).not.toContain(draft.title)
  expect(html).not.toContain(draft.excerpt)
})

test('the RSS feed lists the published posts and not the draft', async ({ request }) => {
  const response = await request.get('/rss.xml')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/xml/)
  const rss = await response.text()
  const titles = [...rss.matchAll(/<item>[\s\S]*?<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!))
  expect(titles).toEqual(published.map((post) => post.title))
  expect(rss).not.toContain(DRAFT_SLUG)
  expect(rss).not.toContain(draft.title)
})

test('the sitemap lists the public pages and published posts, not the draft', async ({ request }) => {
  const response = await request.get('/sitemap.xml')
  expect(response.status()).toBe(200)
  const sitemap = await response.text()
  const paths = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)
  for (const path of ['/', '/about', '/services', '/resources', '/blog', '/book-now']) expect(paths).toContain(path)
  for (const slug of ['building-your-first-family-budget', 'generosity-on-any-income']) expect(paths).toContain(`/blog/${slug}`)
  expect(paths.filter((path) => path.startsWith('/blog/'))).toHaveLength(published.length)
  expect(sitemap).not.toContain(DRAFT_SLUG)
})

test('a deleted post leaves the feed and the sitemap', async ({ request, admin }) => {
  const target = (await admin.posts()).find((post) => post.slug === 'generosity-on-any-income')!
  await admin.deletePost(target.id)
  expect(await (await request.get('/rss.xml')).text()).not.toContain('generosity-on-any-income')
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('generosity-on-any-income')
})
