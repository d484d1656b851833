import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import { XMLParser } from 'fast-xml-parser'
import { DEMO_CREDENTIALS } from '../../domain/demo'
import { DEFAULT_TEXTS } from '../../src/features/content/default-texts'
import { BASE_URL } from '../../playwright.config'
import { packPayloads, XSS_CORPUS } from '../support/xss-corpus'
import { AdminApi, type AdminPost } from './support/admin-api'
import { expect, test } from './support/fixtures'

/**
 * docs/decisions.md, Safe markdown and Tested under pressure: the whole XSS corpus
 * (tests/support/xss-corpus.ts, 250 payloads) is stored through the real functions in every field a
 * person can write — post titles, excerpts, tags, bodies and image URLs; resource titles,
 * descriptions, file and thumbnail URLs; every content item of the public pages; booking requests;
 * subscriber and user emails — and then every public and admin page is opened in chromium. The test
 * fails if any script runs (the payloads' `window.__xss` flag, an alert dialog), if the browser
 * reports a Content Security Policy violation (an inline script or handler got into the page, even
 * though the policy then blocked it), or if active markup is found in the DOM.
 *
 * Fields have length limits, so payloads are packed into each field as many as fit (a payload
 * longer than a field is cut to it: one more broken-markup variant); across the records, every
 * payload lands in every kind of field.
 */

// The corpus is stored once (beforeAll); the tests only read it.
test.use({ keepData: true, actionTimeout: 15_000, navigationTimeout: 30_000 })
test.describe.configure({ mode: 'serial', timeout: 8 * 60_000 })

const TITLES = packPayloads(XSS_CORPUS, 200) // every payload in a post title and a resource title
const EXCERPTS = packPayloads(XSS_CORPUS, 500)
const TAGS = packPayloads(XSS_CORPUS, 40)
const DESCRIPTIONS = packPayloads(XSS_CORPUS, 2000, '\n')
const CONTENT_VALUES = packPayloads(XSS_CORPUS, 2000, '\n')
const MESSAGES = packPayloads(XSS_CORPUS, 5000, '\n')
const RESOURCE_TYPES = ['ebook', 'guide', 'template', 'video'] as const

/** The corpus as addresses: an http(s) URL the schema accepts, with the payload in its fragment. */
const urlWith = (payload: string, file = 'favicon.svg') => `${BASE_URL}/${file}#${payload}`.slice(0, 2048)
/**
 * The corpus as email addresses: what is left of each payload once the email rule has had its say
 * (it refuses whitespace, quotes, brackets, `<`, `>`, `&`, `?` and the like outright, so markup can
 * no longer arrive in an address at all; what remains still has to render as text).
 */
const emailWith = (payload: string) =>
  `x${payload
    .replace(/[\s@?&<>,;:"'`()[\]\\\p{Cc}]+/gu, '/')
    .slice(0, 60)
    .replace(/[\uD800-\uDFFF]/g, '')}@x.io`

/** Runs `task` over `items`, a few at a time (the server is real; this keeps seeding short). */
async function inBatches<T>(items: T[], task: (item: T, index: number) => Promise<unknown>, width = 6) {
  for (let i = 0; i < items.length; i += width) {
    await Promise.all(items.slice(i, i + width).map((item, j) => task(item, i + j)))
  }
}

async function storeCorpus(admin: AdminApi, server: APIRequestContext) {
  await admin.deleteAllPosts()
  await admin.deleteAllResources()

  const everyN = (i: number, n: number) => XSS_CORPUS.filter((_, j) => j % n === i)
  await inBatches(TITLES, (title, i) =>
    admin.createPost({
      title,
      excerpt: EXCERPTS[i % EXCERPTS.length]!,
      content: everyN(i, TITLES.length).join('\n\n'),
      tags: TAGS.slice(i * 10, i * 10 + 10),
      featuredImage: urlWith(XSS_CORPUS[i]!),
    }),
  )
  await inBatches(TITLES, (title, i) =>
    admin.createResource({
      title,
      description: DESCRIPTIONS[i % DESCRIPTIONS.length]!,
      type: RESOURCE_TYPES[i % RESOURCE_TYPES.length]!,
      fileUrl: urlWith(everyN(i, TITLES.length).join(''), 'downloads/file.pdf'),
      thumbnailUrl: urlWith(XSS_CORPUS[(i + 1) % XSS_CORPUS.length]!),
    }),
  )

  // Every text of the public pages; lists keep their shape with a payload in every field.
  let n = 0
  const next = () => CONTENT_VALUES[n++ % CONTENT_VALUES.length]!.slice(0, 600)
  for (const [section, texts] of Object.entries(DEFAULT_TEXTS)) {
    for (const [key, fallback] of Object.entries(texts as Record<string, string>)) {
      if (fallback.startsWith('[')) {
        const items = (JSON.parse(fallback) as unknown[]).map((item) =>
          typeof item === 'string' ? next() : Object.fromEntries(Object.keys(item as object).map((field) => [field, next()])),
        )
        await admin.saveContent({ section, key, value: JSON.stringify(items), type: 'json' })
      } else {
        await admin.saveContent({ section, key, value: next() })
      }
    }
  }
  // And the whole corpus as items of their own, in each type the admin offers for text.
  await inBatches(CONTENT_VALUES, (value, i) =>
    admin.saveContent({ section: 'xss', key: `payloads-${i}`, value, type: i % 2 ? 'html' : 'text' }),
  )

  // Five booking requests and ten subscribers, through the public calls.
  for (let i = 0; i < 5; i++) {
    const response = await server.post('/.netlify/functions/send-booking-email', {
      data: {
        firstName: TITLES[i]!.slice(0, 100),
        lastName: TITLES[i + 5]!.slice(0, 100),
        email: emailWith(XSS_CORPUS[i]!),
        phone: XSS_CORPUS[i + 10]!.slice(0, 40),
        company: TITLES[i + 10]!.slice(0, 120),
        country: TITLES[i + 15]!.slice(0, 80),
        message: MESSAGES[i]!,
      },
    })
    expect(response.status(), `booking ${i}: ${await response.text()}`).toBe(200)
  }
  for (let i = 0; i < 10; i++) {
    const response = await server.post('/api/subscribers', { data: { email: emailWith(XSS_CORPUS[i * 7]!) } })
    expect(response.status(), `subscriber ${i}: ${await response.text()}`).toBe(200)
  }
  for (let i = 0; i < 3; i++) {
    await admin.createUser({ username: `xss-user-${i}`, email: emailWith(XSS_CORPUS[i * 3 + 1]!), password: 'long enough password' })
  }
}

type Armed = { dialogs: string[]; cspConsole: string[] }

/** Records CSP violation events in every page the tab opens, and every dialog and CSP console message. */
async function arm(page: Page): Promise<Armed> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] }
    w.__csp = []
    document.addEventListener('securitypolicyviolation', (event) => w.__csp.push(`${event.violatedDirective} ${event.blockedURI}`))
  })
  const armed = { dialogs: [] as string[], cspConsole: [] as string[] }
  page.on('dialog', (dialog) => {
    armed.dialogs.push(dialog.message())
    void dialog.dismiss().catch(() => {})
  })
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) armed.cspConsole.push(message.text())
  })
  return armed
}

/** Everything in the document that could run script, read the way the browser reads it. */
function activeContentInDocument(): string[] {
  const found: string[] = []
  const safeProtocols = ['http:', 'https:', 'mailto:', 'tel:']
  for (const node of document.querySelectorAll('*')) {
    const tag = node.tagName.toLowerCase()
    if (['iframe', 'object', 'embed', 'frame', 'base', 'template', 'foreignobject', 'animate', 'set'].includes(tag)) found.push(`<${tag}>`)
    if (tag === 'meta' && node.getAttribute('http-equiv')) found.push('<meta http-equiv>')
    if (tag === 'script') {
      const type = node.getAttribute('type')
      const src = node.getAttribute('src')
      const ours = (type === 'module' && src?.startsWith('/assets/')) || type === 'application/ld+json'
      if (!ours) found.push(`<script type=${type} src=${src}>`)
      if (type === 'application/ld+json') {
        try {
          JSON.parse(node.textContent ?? '')
        } catch {
          found.push('JSON-LD that does not parse (broken out of?)')
        }
      }
    }
    for (const attr of node.attributes) {
      if (/^on/i.test(attr.name) || attr.name === 'srcdoc' || attr.name === 'formaction') found.push(`<${tag} ${attr.name}>`)
      if (/^(?:href|src|action|data|xlink:href|poster|background)$/i.test(attr.name)) {
        const protocol = new URL(attr.value, document.baseURI).protocol
        if (!safeProtocols.includes(protocol)) found.push(`<${tag} ${attr.name}="${attr.value.slice(0, 60)}">`)
      }
    }
  }
  return found
}

async function expectInert(page: Page, armed: Armed, label: string) {
  // Give every image the chance to load or fail, so onerror/onload payloads would have fired. An
  // image whose request is still pending afterwards cannot run anything either: the DOM check
  // below proves no element carries a handler.
  await page.evaluate(() => document.querySelectorAll('img').forEach((img) => (img.loading = 'eager')))
  await page.waitForFunction(() => [...document.images].every((img) => img.complete), null, { timeout: 5_000 }).catch(() => {})
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), `${label}: a payload ran`).toBeUndefined()
  expect(armed.dialogs, `${label}: dialogs opened by a payload`).toEqual([])
  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), `${label}: CSP violations`).toEqual([])
  expect(armed.cspConsole, `${label}: CSP messages in the console`).toEqual([])
  expect(await page.evaluate(activeContentInDocument), `${label}: active content in the page`).toEqual([])
}

let posts: AdminPost[]

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(6 * 60_000)
  const server = await playwright.request.newContext({ baseURL: BASE_URL })
  expect((await server.post('/api/dev/seed', { data: { reset: true } })).status()).toBe(200)
  const admin = await AdminApi.login(server)
  await storeCorpus(admin, server)
  posts = (await admin.posts()).filter((post) => post.status === 'published')
  expect(posts).toHaveLength(TITLES.length)
  await server.dispose()
})

test.beforeEach(async ({ context, consoleErrors }) => {
  // Payload images (src=x, https://invalid.example/...) point nowhere; 404 pages answer 404.
  consoleErrors.allow(/Failed to load resource/)
  await keepLocal(context)
})

/**
 * Nothing leaves the machine, and every image fails at once: an outside address does not wait on
 * DNS, a relative "x" does not cost the server a page render, and a failed load is exactly what
 * an onerror payload waits for.
 */
async function keepLocal(context: BrowserContext) {
  await context.route(
    (url) => url.hostname !== 'localhost',
    (route) => route.abort(),
  )
  await context.route('**/*', (route) => (route.request().resourceType() === 'image' ? route.abort() : route.fallback()))
}

const h1 = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()

async function visit(page: Page, armed: Armed, path: string, ready: () => Promise<void> = () => h1(page)) {
  await page.goto(path)
  await ready()
  await expectInert(page, armed, path)
}

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

test('every post page, opened directly (its head is written by the server)', async ({ page }) => {
  const armed = await arm(page)
  for (const post of posts) {
    await visit(page, armed, `/blog/${post.slug}`, () => expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(post.title))
  }
})

test('admin pages, lists and edit forms', async ({ page }) => {
  const armed = await arm(page)
  await page.goto('/admin/login')
  await page.getByLabel('Username').fill(DEMO_CREDENTIALS.admin.username)
  await page.getByLabel('Password').fill(DEMO_CREDENTIALS.admin.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
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
  await visit(page, armed, '/admin/content', table)
  await edit('/admin/content (editing)', /^Edit .+ \/ .+/)
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
