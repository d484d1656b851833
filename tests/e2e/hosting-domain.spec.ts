import type { Page } from '@playwright/test'
import { expect, openWithinTheApp, test } from '#tests/e2e/support/fixtures.ts'

/**
 * The host-domain rule (docs/product.md, API): on the hosting provider's own domain (*.netlify.app) the site calls
 * blog posts and subscribers at /.netlify/functions/<name>; elsewhere at /api/<name>. The browser
 * is shown a *.netlify.app address whose every request is passed on to the local server, unchanged
 * but for the address it names as its origin.
 */

const HOSTING_ORIGIN = 'https://coach-site.netlify.app'

/** The paths (with query) of the calls the page makes to functions. */
function watchFunctionCalls(page: Page): string[] {
  const calls: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/.netlify/functions/'))
      calls.push(`${request.method()} ${url.pathname}${url.search}`)
  })
  return calls
}

test.describe('on the hosting domain', () => {
  test.use({ baseURL: HOSTING_ORIGIN })

  test.beforeEach(async ({ context, serverURL }) => {
    await context.route(`${HOSTING_ORIGIN}/**`, async (route) => {
      const url = new URL(route.request().url())
      // The server stands in for the hosting address, so where the page says a request comes from
      // (Origin, Referer) is that server, as a deployed site sees its own address there.
      const headers = await route.request().allHeaders()
      for (const name of ['origin', 'referer']) if (headers[name]) headers[name] = headers[name].replace(HOSTING_ORIGIN, serverURL)
      const response = await route.fetch({ url: `${serverURL}${url.pathname}${url.search}`, headers })
      await route.fulfill({ response })
    })
  })

  // A call still on its way when a test has seen what it needs (the site texts, say) must not fail
  // the test as it closes: Playwright's own way to let such handlers go.
  // A picture that starts loading once the routes are gone (the list's pictures come after its
  // cards, later on a busy machine) asks the hosting domain itself, which resolves nowhere here:
  // the test's doing, not the site's. While the routes stand, every request reaches the server.
  test.afterEach(async ({ context, consoleErrors }) => {
    consoleErrors.allow(new RegExp(`net::ERR_NAME_NOT_RESOLVED \\(${HOSTING_ORIGIN.replaceAll('.', '\\.')}/`))
    await context.unrouteAll({ behavior: 'ignoreErrors' })
  })

  test('the blog list and a post load from /.netlify/functions/blog-posts', async ({ page }) => {
    const calls = watchFunctionCalls(page)
    // The blog comes with its list; moving to it within the app asks for it.
    await openWithinTheApp(page, 'Blog')
    await expect(page.getByRole('list', { name: 'Posts' }).getByRole('article')).toHaveCount(4)
    await page.getByRole('link', { name: 'Generosity on Any Income' }).click()
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText('Generosity on Any Income')

    expect(calls).toContain('GET /.netlify/functions/blog-posts')
    expect(calls).toContain('GET /.netlify/functions/blog-posts?slug=generosity-on-any-income')
    expect(calls.filter((call) => call.includes('/api/blog-posts'))).toEqual([])
  })

  test('the newsletter subscribes through /.netlify/functions/subscribers', async ({ page, dialogs, admin }) => {
    const calls = watchFunctionCalls(page)
    await page.goto('/blog')
    await page.getByRole('textbox', { name: 'Email address' }).fill('hosted@example.com')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    expect(await dialogs.nth(1)).toBe('Subscribed successfully!')
    expect(calls).toContain('POST /.netlify/functions/subscribers')
    expect(calls.filter((call) => call.includes('/api/subscribers'))).toEqual([])
    expect((await admin.subscribers()).map((s) => s.email)).toEqual(['hosted@example.com'])
  })

  test('resources keep their /api path', async ({ page }) => {
    const calls = watchFunctionCalls(page)
    await openWithinTheApp(page, 'Resources')
    await expect(page.getByRole('list', { name: 'Resources' }).getByRole('article')).toHaveCount(4)
    expect(calls).toContain('GET /api/resources')
  })
})

test.describe('on any other domain', () => {
  test('blog posts and subscribers use /api, and booking always uses /.netlify/functions', async ({ page, dialogs }) => {
    const calls = watchFunctionCalls(page)
    await openWithinTheApp(page, 'Blog')
    await expect(page.getByRole('list', { name: 'Posts' }).getByRole('article')).toHaveCount(4)
    await page.getByRole('textbox', { name: 'Email address' }).fill('local@example.com')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    expect(await dialogs.nth(1)).toBe('Subscribed successfully!')

    await page.goto('/book-now')
    await page.getByLabel('First Name').fill('Local')
    await page.getByLabel('Last Name').fill('Visitor')
    await page.getByLabel('Email', { exact: true }).fill('local@example.com')
    await page.getByLabel('Country').selectOption('Canada')
    await page.getByLabel('Your message').fill('Hello')
    await page.getByRole('button', { name: 'Send Request' }).click()
    await expect(page.getByText("Thanks! Your request has been sent. We'll be in touch shortly.")).toBeVisible()

    expect(calls).toContain('GET /api/blog-posts')
    expect(calls).toContain('POST /api/subscribers')
    expect(calls).toContain('POST /.netlify/functions/send-booking-email')
    expect(
      calls.filter((call) => call.includes('/.netlify/functions/blog-posts') || call.includes('/.netlify/functions/subscribers')),
    ).toEqual([])
  })
})
