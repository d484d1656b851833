import type { Page } from '@playwright/test'
import { ACTIVITY_MESSAGES } from '#domain/activity.ts'
import { USER_MESSAGES } from '#domain/admin-user.ts'
import { BLOG_MESSAGES } from '#domain/blog-post.ts'
import { CONTENT_MESSAGES } from '#domain/content-item.ts'
import { DEMO_CREDENTIALS } from '#domain/demo.ts'
import { RESOURCE_MESSAGES } from '#domain/resource.ts'
import { STORAGE_UNAVAILABLE_MESSAGE } from '#lib/http/route.ts'
import { DEFAULT_TEXTS } from '#domain/default-texts.ts'
import { expect, failedResourceLog, test } from '#tests/e2e/support/fixtures.ts'

/**
 * The pages while the data store (Netlify Blobs) is down. Every function then
 * answers 503 with one JSON message (tests/stress/faults.test.ts proves that for each function
 * against a failing Blobs server); here the browser gets exactly that answer from every call, and
 * each page must show its own error or empty state, keep what the visitor typed, and recover
 * once the store is back. `afterMs` models a store that times out: the functions give up after
 * their 6 s storage deadline, so the answer comes late.
 */
async function storageDown(page: Page, { afterMs = 0 } = {}) {
  const wait = () => new Promise((resolve) => setTimeout(resolve, afterMs))
  const isCall = (url: URL) => url.pathname.startsWith('/api/') || url.pathname.startsWith('/.netlify/functions/')
  await page.route(isCall, async (route) => {
    await wait()
    await route
      .fulfill({
        status: 503,
        contentType: 'application/json',
        headers: { 'Retry-After': '5' },
        body: JSON.stringify({ success: false, message: STORAGE_UNAVAILABLE_MESSAGE }),
      })
      .catch(() => {}) // the page may have moved on
  })
  // A post page is rendered by a function that reads the store: down, it answers the unrendered
  // page with 503 (the fault suite checks this), and the app then asks for the post itself.
  const isPostPage = (url: URL) => /^\/blog\/[^/]+$/.test(url.pathname)
  await page.route(isPostPage, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback()
    await wait()
    const shell = await route.fetch({ url: new URL('/shell.html', route.request().url()).href })
    await route.fulfill({ response: shell, status: 503, headers: { ...shell.headers(), 'retry-after': '5' } }).catch(() => {})
  })
  // The other public pages are rendered by functions that read the store too: down, they answer
  // 503 with the page as built, without the texts or the list, which the app then asks for.
  const dataPages: Record<string, string> = {
    '/': '/home-shell.html',
    '/about': '/about-shell.html',
    '/services': '/services-shell.html',
    '/resources': '/resources-shell.html',
    '/blog': '/blog-shell.html',
    '/book-now': '/book-now-shell.html',
  }
  const isDataPage = (url: URL) => url.pathname in dataPages
  await page.route(isDataPage, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback()
    await wait()
    const url = new URL(route.request().url())
    const built = await route.fetch({ url: new URL(dataPages[url.pathname]!, url).href })
    await route.fulfill({ response: built, status: 503, headers: { ...built.headers(), 'retry-after': '5' } }).catch(() => {})
  })
  return {
    restore: async () => {
      await page.unroute(isCall)
      await page.unroute(isPostPage)
      await page.unroute(isDataPage)
    },
  }
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first()

test.describe('while the data store is down', () => {
  test.beforeEach(({ consoleErrors }) => {
    consoleErrors.allow(failedResourceLog(503))
  })

  test('the public pages show their built-in texts and empty states, a post says it could not load, and recover', async ({ page }) => {
    const outage = await storageDown(page)
    await page.goto('/')
    await expect(h1(page)).toHaveText(DEFAULT_TEXTS.home.heroTitle)
    await page.goto('/about')
    await expect(h1(page)).toHaveText(DEFAULT_TEXTS.about.title)
    await page.goto('/blog')
    await expect(page.getByText(BLOG_MESSAGES.empty)).toBeVisible()
    await page.goto('/resources')
    await expect(page.getByText(RESOURCE_MESSAGES.empty)).toBeVisible()
    await page.goto('/blog/generosity-on-any-income')
    await expect(page.getByText(BLOG_MESSAGES.loadFailed, { exact: true })).toBeVisible()

    await outage.restore()
    await page.reload()
    await expect(h1(page)).toHaveText('Generosity on Any Income')
    await page.goto('/blog')
    await expect(page.locator('article').first()).toBeVisible()
  })

  test('a store that times out: the post page keeps its loading state until the answer, then says it could not load', async ({ page }) => {
    await storageDown(page, { afterMs: 6_000 })
    await page.goto('/blog/generosity-on-any-income')
    await expect(page.getByRole('status')).toContainText(/Loading/)
    await expect(page.getByText(BLOG_MESSAGES.loadFailed, { exact: true })).toBeVisible({ timeout: 12_000 })
  })

  test('the forms show the server message and keep what was typed', async ({ page, dialogs }) => {
    await page.goto('/book-now')
    await expect(h1(page)).toBeVisible()
    await storageDown(page)
    const booking = {
      'First Name': 'Ada',
      'Last Name': 'Okafor',
      Email: 'ada.okafor@example.com',
      'Your message': 'Could Grace speak at our retreat?',
    }
    const chosen = { Country: 'Nigeria', Service: 'Speaking Engagements' }
    for (const [label, value] of Object.entries(booking)) await page.getByLabel(label, { exact: true }).fill(value)
    for (const [label, value] of Object.entries(chosen)) await page.getByLabel(label, { exact: true }).selectOption(value)
    await page.getByRole('button', { name: 'Send Request' }).click()
    await expect(page.locator('#booking-status')).toHaveText(STORAGE_UNAVAILABLE_MESSAGE)
    for (const [label, value] of Object.entries({ ...booking, ...chosen })) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value)

    await page.goto('/blog')
    const newsletter = page.locator('form', { has: page.getByRole('button', { name: 'Subscribe' }) })
    await newsletter.getByRole('textbox', { name: 'Email address' }).fill('reader@example.com')
    await newsletter.getByRole('button').click()
    expect(await dialogs.nth(1)).toBe(STORAGE_UNAVAILABLE_MESSAGE)
    await expect(newsletter.getByRole('textbox', { name: 'Email address' })).toHaveValue('reader@example.com')

    await page.goto('/unsubscribe?email=reader%40example.com&token=abc')
    await page.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect(page.getByRole('alert')).toHaveText(STORAGE_UNAVAILABLE_MESSAGE)
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled()
  })

  test('the admin: sign-in shows the server message, and every page its load failure instead of data', async ({ page }) => {
    await page.goto('/admin/login')
    const outage = await storageDown(page)
    await page.getByLabel('Username').fill(DEMO_CREDENTIALS.admin.username)
    await page.getByLabel('Password').fill(DEMO_CREDENTIALS.admin.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText(STORAGE_UNAVAILABLE_MESSAGE)
    await expect(page).toHaveURL(/\/admin\/login$/)

    await outage.restore()
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()

    // The store goes down during the session: each page shows its load failure, and the session is kept.
    await storageDown(page)
    // The dashboard has two loads of its own: the totals and (for admins) the latest activity.
    const pages: Record<string, string[]> = {
      '/admin': ['Failed to load data', ACTIVITY_MESSAGES.loadFailed],
      '/admin/content': [CONTENT_MESSAGES.loadFailed],
      '/admin/blog-resources': ['Failed to load data'],
      '/admin/subscribers': ['Failed to load subscribers'],
      '/admin/users': [USER_MESSAGES.loadFailed],
      '/admin/bookings': ['Failed to load bookings'],
      '/admin/activity': [ACTIVITY_MESSAGES.loadFailed],
    }
    for (const [path, messages] of Object.entries(pages)) {
      await page.goto(path)
      await expect(page.getByRole('alert'), path).toHaveText(messages)
      await expect(page.locator('tbody tr'), `${path} shows no stale rows`).toHaveCount(0)
      await expect(page, `${path}: still signed in`).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`))
    }
  })
})
