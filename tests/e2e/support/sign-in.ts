import { expect, type APIRequestContext, type Browser, type BrowserContextOptions, type Page } from '@playwright/test'
import { DEMO_CREDENTIALS } from '#domain/demo.ts'

/**
 * Signing in without the form. The admin session is the token and user the login call answers,
 * kept in localStorage (src/lib/session.ts); a context opened with them is signed in from its first
 * page. Only the tests of signing in itself fill the form (admin.spec.ts, account.spec.ts,
 * password-recovery.spec.ts, storage-outage.spec.ts): everyone else starts signed in, which saves
 * loading the login page and waiting for the round trip in every test.
 *
 * The session is asked for per test, after the data reset: a reset may put back the users and the
 * revoked tokens as the demo set had them, and a token saved for the whole run could then name a
 * user who no longer exists.
 */

export type Who = keyof typeof DEMO_CREDENTIALS | { username: string; password: string }

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>

const credentials = (who: Who) => (typeof who === 'string' ? DEMO_CREDENTIALS[who] : who)

/** The browser storage of a signed-in session at `origin`, from the real login call. */
export async function sessionState(server: APIRequestContext, origin: string, who: Who): Promise<StorageState> {
  const response = await server.post('/api/admin/login', { data: credentials(who) })
  expect(response.status(), `login as ${credentials(who).username}: ${await response.text()}`).toBe(200)
  const { token, user } = (await response.json()) as {
    token: string
    user: { username: string; role: string; mustChangePassword?: boolean }
  }
  return {
    cookies: [],
    origins: [
      {
        origin: new URL(origin).origin,
        localStorage: [
          { name: 'adminToken', value: token },
          // As the app writes it (src/lib/session.ts): the user exactly as the login answer names her.
          { name: 'adminUser', value: JSON.stringify(user) },
        ],
      },
    ],
  }
}

/** A new browser, signed in, with its first page open on the dashboard. */
export async function signedInPage(browser: Browser, server: APIRequestContext, baseURL: string, who: Who) {
  const context = await browser.newContext({ baseURL, storageState: await sessionState(server, baseURL, who) })
  const page = await context.newPage()
  await openDashboard(page)
  return { context, page }
}

/**
 * Signs this page's browser in as someone the test made itself, after the page was opened: stores
 * the session on the site's origin, then opens the dashboard.
 */
export async function signIn(page: Page, server: APIRequestContext, origin: string, who: Who) {
  const { origins } = await sessionState(server, origin, who)
  // A page not yet on the site (about:blank) has no storage of the site's: it opens an empty page
  // at the site's address, answered by the browser itself, rather than loading one of the site's.
  if (new URL(page.url()).origin !== new URL(origin).origin) {
    const blank = new URL('/__sign-in', origin).href
    await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><html data-ready></html>' }))
    await page.goto(blank)
    await page.unroute(blank)
  }
  await page.evaluate((entries) => entries.forEach(({ name, value }) => localStorage.setItem(name, value)), origins[0]!.localStorage)
  await openDashboard(page)
}

/** Opens the dashboard of a signed-in browser and waits until it shows. */
export async function openDashboard(page: Page) {
  await page.goto('/admin')
  // Pages of a context the test makes itself do not wait for the app by themselves.
  await page.locator('html[data-ready]').waitFor({ state: 'attached' })
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
}

/**
 * Signs in through the login form, as a person does. For the tests of signing in itself; it stops
 * after the click, so the caller says what should follow (the dashboard, a refusal, a new password).
 */
export async function signInWithForm(page: Page, username: string, password: string) {
  await page.goto('/admin/login')
  await page.locator('html[data-ready]').waitFor({ state: 'attached' })
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}
