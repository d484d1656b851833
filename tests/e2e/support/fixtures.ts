import { test as base, expect, type APIRequestContext, type Page, type Route } from '@playwright/test'
import { testServerUrl } from '#scripts/test-servers.ts'
import { AdminApi } from './admin-api'
import { sessionState, type Who } from './sign-in'

/**
 * The shared test object for every browser test:
 * - each worker has its own server and data (scripts/test-servers.ts); the data is reset to the demo
 *   set before each test, and a file's tests run in order on one worker;
 * - every console error and uncaught page error fails the test, unless the test announced it with
 *   `consoleErrors.allow(...)` because it breaks something on purpose (normal use must log no
 *   errors);
 * - `server` calls the real functions directly (at the served address, whatever the page's baseURL);
 * - `admin` is the demo admin's API, to shape data through the real functions;
 * - `signedInAs` (set with test.use) opens every page already signed in as that user, through the
 *   real login call made after the reset (./sign-in.ts);
 * - `dialogs` records every alert and accepts it.
 */

export class ConsoleErrors {
  readonly messages: string[] = []
  private readonly allowed: RegExp[] = []

  /** Declares errors this test causes on purpose (e.g. a request routed to fail). */
  allow(...patterns: RegExp[]): void {
    this.allowed.push(...patterns)
  }

  unexpected(): string[] {
    return this.messages.filter((message) => !this.allowed.some((pattern) => pattern.test(message)))
  }

  watch(page: Page): void {
    page.on('console', (message) => {
      if (message.type() === 'error') this.messages.push(`console: ${message.text()} (${message.location().url})`)
    })
    page.on('pageerror', (error) => this.messages.push(`pageerror: ${error.message}`))
  }
}

export class Dialogs {
  readonly messages: string[] = []

  constructor(page: Page) {
    page.on('dialog', (dialog) => {
      this.messages.push(dialog.message())
      void dialog.accept().catch(() => {})
    })
  }

  /** Waits until `count` dialogs have appeared and answers the last one's text. */
  async nth(count: number): Promise<string> {
    await expect.poll(() => this.messages.length, { message: `waiting for dialog #${count}` }).toBeGreaterThanOrEqual(count)
    return this.messages[count - 1]!
  }
}

type Fixtures = {
  server: APIRequestContext
  /** Set with test.use({ keepData: true }) by a file that seeds once in beforeAll and only reads after. */
  keepData: boolean
  resetData: void
  /** Set with test.use({ signedInAs: 'admin' }): the test's browser starts with that user's session. */
  signedInAs: Who | undefined
  consoleErrors: ConsoleErrors
  admin: AdminApi
  dialogs: Dialogs
}

type WorkerFixtures = {
  /** This worker's own server: what `server` calls and what pages open unless a test says otherwise. */
  serverURL: string
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  // Playwright reads a fixture's needs from its first parameter, which must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  serverURL: [async ({}, use, workerInfo) => use(testServerUrl(workerInfo.parallelIndex)), { scope: 'worker' }],

  // Still an option (an override keeps that), so a file can point its pages elsewhere with test.use.
  baseURL: async ({ serverURL }, use) => use(serverURL),

  // A prerendered page shows its forms and links before its code is live (its scripts load after
  // the first paint): every navigation waits for the mark the app sets once the page is hydrated.
  // In every page of the test's browser, so a second tab (a visitor beside the admin) waits too.
  context: async ({ context }, use) => {
    context.on('page', waitForTheAppOnNavigation)
    await use(context)
  },

  page: async ({ page }, use) => {
    waitForTheAppOnNavigation(page)
    await use(page)
  },

  server: async ({ playwright, serverURL }, use) => {
    const context = await playwright.request.newContext({ baseURL: serverURL })
    await use(context)
    await context.dispose()
  },

  keepData: [false, { option: true }],

  resetData: [
    async ({ server, keepData }, use) => {
      if (keepData) return use()
      const response = await server.post('/api/dev/seed', { data: { reset: true } })
      expect(response.status(), 'POST /api/dev/seed {reset:true} (is DEMO_SEED=true set for the server?)').toBe(200)
      await use()
    },
    { auto: true },
  ],

  signedInAs: [undefined, { option: true }],

  // After the reset, which may put back the users and revoked tokens (tests/e2e/support/sign-in.ts).
  storageState: async ({ signedInAs, server, baseURL, storageState, resetData: _ }, use) => {
    await use(signedInAs ? await sessionState(server, baseURL!, signedInAs) : storageState)
  },

  // Watches every page of the test's browser, the first one included, without opening one itself:
  // a test that only calls the server (headers, limits) starts no page at all.
  consoleErrors: [
    async ({ context }, use) => {
      const errors = new ConsoleErrors()
      for (const page of context.pages()) errors.watch(page)
      context.on('page', (page) => errors.watch(page))
      await use(errors)
      expect(errors.unexpected(), 'console errors and page errors').toEqual([])
    },
    { auto: true },
  ],

  admin: async ({ server }, use) => {
    await use(await AdminApi.login(server))
  },

  dialogs: async ({ page }, use) => {
    await use(new Dialogs(page))
  },
})

export { expect }

const waiting = new WeakSet<Page>()

function waitForTheAppOnNavigation(page: Page) {
  if (waiting.has(page)) return
  waiting.add(page)
  for (const method of ['goto', 'reload'] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>
    ;(page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await original(...args)
      await page.locator('html[data-ready]').waitFor({ state: 'attached' })
      return response
    }
  }
}

/**
 * Holds every request matching `url` until `release()` is called, then lets it through to the
 * real function. Lets a test see an in-flight state (loading, "Submitting…") without sleeping.
 */
export async function holdRequests(page: Page, url: string | RegExp | ((url: URL) => boolean)) {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  let held = 0
  await page.route(url, async (route: Route) => {
    held++
    await gate
    await route.fallback().catch(() => {})
  })
  return {
    release,
    /** How many requests have been caught so far. */
    held: () => held,
  }
}

/** Answers requests to `url` with a JSON body and status, as a failing server would. */
export async function fulfillJson(page: Page, url: string | RegExp | ((url: URL) => boolean), status: number, body: unknown) {
  await page.route(url, (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }))
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * What the browser logs for a response with an error status; tests that cause one allow it.
 * With `path`, only for that address on the site.
 */
export const failedResourceLog = (status: number, path?: string) =>
  new RegExp(
    `Failed to load resource: the server responded with a status of ${status}\\b.*` +
      (path ? `\\(https?://[^/]+${escapeRegExp(path)}\\)$` : ''),
  )

/** A picture that failed to load, asked for as it is or through the Image CDN at any width. */
export const failedImageLog = (status: number, path: string) =>
  new RegExp(
    `Failed to load resource: the server responded with a status of ${status}\\b.*\\(https?://[^/]+` +
      `(?:${escapeRegExp(path)}|/\\.netlify/images\\?url=${escapeRegExp(encodeURIComponent(path))}&w=\\d+)\\)$`,
  )

/**
 * What the browser logs when the page's own address answers 404 (the site serves its 404 page
 * with a 404 status): expected on the 404 page, and only for that address.
 */
export const notFoundDocumentLog = (path: string) => failedResourceLog(404, path)

/** Blog dates in US long format, e.g. "November 22, 2026". */
export const US_LONG_DATE = /^[A-Z][a-z]+ \d{1,2}, \d{4}$/

/**
 * Uses up `count` slots of a public limit for the page's own network (the test runner may reach
 * the server over another address family, so the page asks itself), through the local-only
 * /api/dev/limits: what a room of earlier visitors would have left. Browser tests then meet the
 * real refusal in the page.
 */
export async function fillFromThisNetwork(page: Page, form: 'subscribe' | 'booking' | 'download', count: number) {
  // In parts: one local function call doing hundreds of writes at once can outlast the local proxy.
  const statuses = await page.evaluate(
    async ({ form, count }) => {
      const answers: number[] = []
      for (let done = 0; done < count; done += 50) {
        const body = JSON.stringify({ form, count: Math.min(50, count - done) })
        answers.push((await fetch('/api/dev/limits', { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status)
      }
      return answers
    },
    { form, count },
  )
  expect(
    statuses.filter((status) => status !== 200),
    'POST /api/dev/limits',
  ).toEqual([])
}

/**
 * Opens a public page the way a visitor moving around the site does: from the home page, through
 * the main navigation, so the page's code asks for its data (a page loaded at its address brings
 * its data with it).
 */
export async function openWithinTheApp(page: Page, label: string) {
  await page.goto('/')
  await expect(page.locator('html[data-ready]')).toBeAttached()
  const menu = page.getByRole('button', { name: 'Menu' })
  if (await menu.isVisible()) await menu.click()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).filter({ visible: true }).first().click()
  await expect(page).toHaveURL(new RegExp(`/${label.toLowerCase()}$`))
}
