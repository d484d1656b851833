import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import { DEFAULT_TEXTS } from '#domain/default-texts.ts'
import { IMAGE_ALT_MAX } from '#domain/fields.ts'
import { catalogEntry, pictureOfAlt } from '#domain/text-catalog.ts'
import { INITIAL_DATA_ID } from '#domain/initial-data.ts'
import { inPage } from '#tests/support/page-active-content.ts'
import {
  CONTENT_VALUES,
  DESCRIPTIONS,
  MESSAGES,
  ONE_LINE_CORPUS,
  oneLine,
  postWithPayloads,
  TITLES,
  urlWith,
  XSS_CORPUS,
} from '#tests/support/xss-corpus.ts'
import type { AdminApi } from './admin-api'
import { expect } from './fixtures'

/**
 * The XSS corpus (tests/support/xss-corpus.ts, 250 payloads) stored through the real functions in
 * every field a person can write, and the checks that a page opened over it stays inert. Used by
 * tests/e2e/xss-everywhere.spec.ts and tests/e2e/xss-post-pages.spec.ts.
 *
 * Fields have length limits, so payloads are packed into each field as many as fit (a payload
 * longer than a field is cut to it: one more broken-markup variant); across the records, every
 * payload lands in every kind of field. Control characters are refused by every field
 * (docs/decisions.md, One-line fields), so a payload arrives with them as spaces: in a field of
 * many lines it keeps its line breaks and tabs, in a one-line field not even those.
 */

const RESOURCE_TYPES = ['ebook', 'guide', 'template', 'video'] as const

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

/** The corpus's posts (postWithPayloads), all of them unless `indexes` names some. */
export async function storePosts(admin: AdminApi, base: string, indexes = TITLES.map((_, i) => i)) {
  await admin.deleteAllPosts()
  await inBatches(indexes, (i) => admin.createPost(postWithPayloads(i, base)))
}

/** The corpus in every record a person can write: posts, resources, texts, bookings, subscribers, users. */
export async function storeCorpus(admin: AdminApi, server: APIRequestContext, base: string) {
  await storePosts(admin, base)
  await admin.deleteAllResources()

  const everyN = (i: number, n: number) => XSS_CORPUS.filter((_, j) => j % n === i)
  await inBatches(TITLES, (title, i) =>
    admin.createResource({
      title,
      description: DESCRIPTIONS[i % DESCRIPTIONS.length]!,
      type: RESOURCE_TYPES[i % RESOURCE_TYPES.length]!,
      fileUrl: urlWith(base, everyN(i, TITLES.length).join(''), 'downloads/file.pdf'),
      thumbnailUrl: urlWith(base, XSS_CORPUS[(i + 1) % XSS_CORPUS.length]!),
      thumbnailAlt: TITLES[(i + 2) % TITLES.length]!,
    }),
  )

  // Every text of the public pages; lists keep their shape with a payload in every field (within
  // its limit), a picture gets an address carrying one.
  let n = 0
  const next = (max = 600) => CONTENT_VALUES[n++ % CONTENT_VALUES.length]!.slice(0, max)
  for (const [section, texts] of Object.entries(DEFAULT_TEXTS)) {
    for (const [key, fallback] of Object.entries(texts as Record<string, string>)) {
      const entry = catalogEntry(section, key)
      if (entry?.kind === 'list') {
        // Each part starts with a running number, so no two items share a name.
        const items = (JSON.parse(fallback) as unknown[]).map(() =>
          entry.fields === null
            ? `${n} ${next((entry.itemMax ?? 600) - 6)}`
            : Object.fromEntries(
                entry.fields.map((field) => {
                  const part = `${n} ${next(field.max - 6)}`
                  return [field.name, field.long ? part : oneLine(part)]
                }),
              ),
        )
        await admin.saveContent({ section, key, value: JSON.stringify(items), type: 'json' })
      } else if (pictureOfAlt(section, key)) {
        // A picture's description: one line, within its limit.
        await admin.saveContent({ section, key, value: oneLine(next(IMAGE_ALT_MAX)) })
      } else if (entry?.kind === 'image') {
        await admin.saveContent({ section, key, value: urlWith(base, next()), type: 'image' })
      } else {
        await admin.saveContent({ section, key, value: entry?.kind === 'line' ? oneLine(next()) : next() })
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
        phone: ONE_LINE_CORPUS[i + 10]!.slice(0, 40),
        company: TITLES[i + 10]!.slice(0, 120),
        // The country must be one of the list's names; the service is free text, shown in the inbox.
        country: 'Nigeria',
        service: TITLES[i + 15]!.slice(0, 120),
        message: MESSAGES[i]!,
      },
    })
    expect(response.status(), `booking ${i}: ${await response.text()}`).toBe(200)
  }
  for (let i = 0; i < 10; i++) {
    const response = await server.post('/api/subscribers', { data: { email: emailWith(XSS_CORPUS[i * 7]!) } })
    expect(response.status(), `subscriber ${i}: ${await response.text()}`).toBe(200)
  }
  // Imported subscribers, each import's consent statement (shown on the Subscribers page) a payload.
  for (let i = 0; i < 3; i++)
    await admin.importConfirmed([emailWith(XSS_CORPUS[i * 5 + 3]!)], `Consent ${i}: ${XSS_CORPUS[i * 11 + 4]!}`.slice(0, 500))
  for (let i = 0; i < 3; i++) {
    await admin.createUser({ username: `xss-user-${i}`, email: emailWith(XSS_CORPUS[i * 3 + 1]!), password: 'long enough password' })
  }
}

export type Armed = { dialogs: string[]; cspConsole: string[] }

/** Records CSP violation events in every page the tab opens, and every dialog and CSP console message. */
export async function arm(page: Page): Promise<Armed> {
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

export async function expectInert(page: Page, armed: Armed, label: string) {
  // Give every image the chance to load or fail, so onerror/onload payloads would have fired. An
  // image whose request is still pending afterwards cannot run anything either: the DOM check
  // below proves no element carries a handler.
  await page.evaluate(() => document.querySelectorAll('img').forEach((img) => (img.loading = 'eager')))
  await page.waitForFunction(() => [...document.images].every((img) => img.complete), null, { timeout: 5_000 }).catch(() => {})
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), `${label}: a payload ran`).toBeUndefined()
  expect(armed.dialogs, `${label}: dialogs opened by a payload`).toEqual([])
  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), `${label}: CSP violations`).toEqual([])
  expect(armed.cspConsole, `${label}: CSP messages in the console`).toEqual([])
  expect(await page.evaluate(inPage(INITIAL_DATA_ID)), `${label}: active content in the page`).toEqual([])
}

/**
 * Nothing leaves the machine, and every image fails at once: an outside address does not wait on
 * DNS, a relative "x" does not cost the server a page render, and a failed load is exactly what
 * an onerror payload waits for.
 */
export async function keepLocal(context: BrowserContext) {
  await context.route(
    (url) => url.hostname !== 'localhost',
    (route) => route.abort(),
  )
  await context.route('**/*', (route) => (route.request().resourceType() === 'image' ? route.abort() : route.fallback()))
}

const h1 = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()

export async function visit(page: Page, armed: Armed, path: string, ready: () => Promise<void> = () => h1(page)) {
  await page.goto(path)
  await ready()
  await expectInert(page, armed, path)
}
