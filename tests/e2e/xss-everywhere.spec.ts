import { XMLParser } from 'fast-xml-parser'
import { AdminApi, type AdminPost } from '#tests/e2e/support/admin-api.ts'
import { expect, test } from '#tests/e2e/support/fixtures.ts'
import { signIn } from '#tests/e2e/support/sign-in.ts'
import { arm, expectInert, keepLocal, storeCorpus, visit } from '#tests/e2e/support/xss-pages.ts'
import { TAGS, TITLES, XSS_CORPUS } from '#tests/support/xss-corpus.ts'

/**
 * docs/decisions.md, Safe markdown and Tested under pressure: the whole XSS corpus
 * (tests/support/xss-corpus.ts, 250 payloads) is stored through the real functions in every field a
 * person can write — post titles, excerpts, tags, bodies and image URLs; resource titles,
 * descriptions, file and thumbnail URLs; every content item of the public pages; booking requests;
 * subscriber and user emails — and then every public and admin page is opened in chromium. The test
 * fails if any script runs (the payloads' `window.__xss` flag, an alert dialog), if the browser
 * reports a Content Security Policy violation (an inline script or handler got into the page, even
 * though the policy then blocked it), or if active markup is found in the DOM. Every post page,
 * opened directly, is checked by tests/e2e/xss-post-pages.spec.ts, on another worker.
 */

// The corpus is stored once (beforeAll); the tests only read it.
test.use({ keepData: true, actionTimeout: 15_000, navigationTimeout: 30_000 })
test.describe.configure({ mode: 'serial', timeout: 8 * 60_000 })

let posts: AdminPost[]

test.beforeAll(async ({ playwright, serverURL }) => {
  test.setTimeout(6 * 60_000)
  const server = await playwright.request.newContext({ baseURL: serverURL })
  expect((await server.post('/api/dev/seed', { data: { reset: true } })).status()).toBe(200)
  const admin = await AdminApi.login(server)
  await storeCorpus(admin, server, serverURL)
  posts = (await admin.posts()).filter((post) => post.status === 'published')
  expect(posts).toHaveLength(TITLES.length)
  await server.dispose()
})

test.beforeEach(async ({ context, consoleErrors }) => {
  // Payload images (src=x, https://invalid.example/...) point nowhere; 404 pages answer 404.
  consoleErrors.allow(/Failed to load resource/)
  await keepLocal(context)
})

test('public pages, their lists, and payloads in their URL parameters', async ({ page }) => {
  const armed = await arm(page)
  for (const path of ['/', '/about', '/services', '/book-now']) await visit(page, armed, path)
  await visit(page, armed, '/blog', () => expect(page.locator('article')).toHaveCount(TITLES.length))
  await visit(page, armed, '/resources', () => expect(page.locator('article')).toHaveCount(TITLES.length))
  await visit(page, armed, `/blog?tag=${encodeURIComponent(TAGS[0]!)}`)
  await visit(page, armed, `/resources?type=${encodeURIComponent(XSS_CORPUS[0]!)}`)
  await visit(page, armed, `/unsubscribe?email=${encodeURIComponent(XSS_CORPUS[1]!)}&token=${encodeURIComponent(XSS_CORPUS[2]!)}`)
  await visit(page, armed, `/blog/${encodeURIComponent(XSS_CORPUS[3]!)}`)
  await visit(page, armed, `/${encodeURIComponent(XSS_CORPUS[4]!)}`)
})

test('admin pages, lists and edit forms', async ({ page, server, serverURL }) => {
  const armed = await arm(page)
  await signIn(page, server, serverURL, 'admin')
  await expectInert(page, armed, '/admin')

  const table = () => expect(page.locator('tbody tr').first()).toBeVisible()
  const edit = async (label: string, form: RegExp) => {
    await page
      .getByRole('button', { name: /^Edit( |$)/ })
      .first()
      .click()
    await expect(page.getByRole('form', { name: form })).toBeVisible()
    await expectInert(page, armed, label)
  }
  await visit(page, armed, '/admin/content?view=stored', table)
  await edit('/admin/content?view=stored (editing)', /^Edit .+ \/ .+/)
  await visit(page, armed, '/admin/content', () => expect(page.getByRole('region', { name: 'Every page' })).toBeVisible())
  await edit('/admin/content (editing in place)', /^Edit /)
  await page.getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('button', { name: 'Edit Testimonials' }).click()
  await expect(page.getByRole('form', { name: 'Edit Testimonials' })).toBeVisible()
  await expectInert(page, armed, '/admin/content (editing a list)')
  await visit(page, armed, '/admin/blog-resources', table)
  await edit('/admin/blog-resources (editing a post)', /^Edit post/)
  await visit(page, armed, '/admin/blog-resources?tab=resources', table)
  await edit('/admin/blog-resources?tab=resources (editing a resource)', /^Edit resource/)
  await visit(page, armed, '/admin/subscribers', table)
  await visit(page, armed, `/admin/subscribers?search=${encodeURIComponent(XSS_CORPUS[0]!)}`)
  await visit(page, armed, '/admin/users', table)
  await visit(page, armed, '/admin/bookings', table)
})

test('the feed stays well-formed and carries the titles as text', async ({ request }) => {
  const rss = await request.get('/rss.xml')
  const feed = new XMLParser({ htmlEntities: true, parseTagValue: false }).parse(await rss.text()) as {
    rss: { channel: { item: { title: string }[] } }
  }
  // A feed holds the title as text, less the characters XML cannot carry at all (control characters).
  const xmlText = (text: string) => text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
  const titles = new Set(posts.map((post) => xmlText(post.title)))
  expect(feed.rss.channel.item.length).toBe(Math.min(50, posts.length)) // the feed carries the 50 newest
  for (const item of feed.rss.channel.item) expect(titles.has(item.title), `feed title ${item.title}`).toBe(true)
})