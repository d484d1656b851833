import type { Page } from '@playwright/test'
import { expect, notFoundDocumentLog, test } from '#tests/e2e/support/fixtures.ts'

/**
 * Normal use of every public page logs no console error and throws no page error. The shared
 * fixture (support/fixtures.ts) fails any test on an unannounced error; these tests make the
 * visits and interactions a visitor makes, and also check the log directly, warnings included.
 * The same visit checks that each public route renders its page: its main heading and the shared
 * footer (docs/product.md, Public pages).
 */

function watchWarnings(page: Page): string[] {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  return warnings
}

const PAGES: { path: string; heading?: string; ready: (page: Page) => Promise<void>; allow?: RegExp }[] = [
  {
    path: '/',
    heading: 'Faith-filled financial freedom for your family',
    ready: (page) => expect(page.getByRole('heading', { name: 'What families are saying' })).toBeVisible(),
  },
  { path: '/about', heading: 'About Grace', ready: (page) => expect(page.getByRole('heading', { name: 'What I believe' })).toBeVisible() },
  {
    path: '/services',
    heading: 'Services',
    ready: (page) => expect(page.getByRole('heading', { name: 'Speaking Engagements' })).toBeVisible(),
  },
  {
    path: '/resources',
    heading: 'Tools for your financial journey',
    ready: (page) => expect(page.getByRole('list', { name: 'Resources' }).getByRole('article')).toHaveCount(4),
  },
  {
    path: '/blog',
    heading: 'Encouragement for everyday money decisions',
    ready: (page) => expect(page.getByRole('list', { name: 'Posts' }).getByRole('article')).toHaveCount(4),
  },
  {
    path: '/blog/building-your-first-family-budget',
    heading: 'Building Your First Family Budget',
    ready: (page) => expect(page.locator('article .prose h2').first()).toBeVisible(),
  },
  {
    path: '/blog/your-emergency-fund-peace-of-mind-for-the-unexpected',
    heading: 'Your Emergency Fund: Peace of Mind for the Unexpected',
    ready: async (page) => {
      await expect(page.locator('article .prose h2').first()).toBeVisible()
      // The featured image loads.
      await expect
        .poll(() =>
          page
            .locator('article img')
            .first()
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true)
    },
  },
  { path: '/book-now', heading: 'Book Now', ready: (page) => expect(page.getByRole('button', { name: 'Send Request' })).toBeVisible() },
  {
    path: '/no-such-page',
    ready: (page) => expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible(),
    // The 404 page may come with a 404 status, which the browser logs for the address itself.
    allow: notFoundDocumentLog('/no-such-page'),
  },
]

for (const { path, heading, ready, allow } of PAGES) {
  test(`${path} ${heading ? 'renders its main heading and the footer, and ' : ''}loads without console errors or warnings`, async ({
    page,
    consoleErrors,
  }) => {
    if (allow) consoleErrors.allow(allow)
    const warnings = watchWarnings(page)
    await page.goto(path)
    if (heading) {
      await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading)
      const footer = page.getByRole('contentinfo')
      await expect(footer).toContainText('© 2025')
      await expect(footer).toContainText('Faithful Finances')
    }
    await ready(page)
    await page.waitForLoadState('networkidle')
    expect(consoleErrors.unexpected()).toEqual([])
    expect(warnings).toEqual([])
  })
}

test('a visitor tour (navigation, filters, a post, the forms) logs no errors', async ({ page, consoleErrors, dialogs }) => {
  test.slow() // many pages in one test
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main' })

  await nav.getByRole('link', { name: 'Resources' }).click()
  await page.getByRole('button', { name: 'Guides' }).click()
  await expect(page.getByRole('list', { name: 'Resources' }).getByRole('article')).toHaveCount(1)
  const popup = page.waitForEvent('popup')
  await page.getByRole('link', { name: /^Download Free/ }).click()
  await (await popup).close()
  await page.getByRole('button', { name: 'All' }).click()

  await nav.getByRole('link', { name: 'Blog' }).click()
  await page.getByRole('button', { name: 'Giving' }).click()
  await page.getByRole('link', { name: 'Generosity on Any Income' }).click()
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText('Generosity on Any Income')
  await page.getByRole('textbox', { name: 'Email address' }).fill('tour@example.com')
  await page.getByRole('button', { name: 'Subscribe' }).click()
  expect(await dialogs.nth(1)).toBe('Subscribed successfully!')
  await page.getByRole('link', { name: 'Back to Blog' }).click()

  await nav.getByRole('link', { name: 'Book Now' }).click()
  await page.getByRole('button', { name: 'Send Request' }).click()
  await expect(page.getByRole('alert')).toHaveText('First Name is required')
  await page.getByLabel('First Name').fill('Tour')
  await page.getByLabel('Last Name').fill('Guest')
  await page.getByLabel('Email', { exact: true }).fill('tour@example.com')
  await page.getByLabel('Country').selectOption('Kenya')
  await page.getByLabel('Your message').fill('Hello!')
  await page.getByRole('button', { name: 'Send Request' }).click()
  await expect(page.getByText("Thanks! Your request has been sent. We'll be in touch shortly.")).toBeVisible()

  await nav.getByRole('link', { name: 'About' }).click()
  await nav.getByRole('link', { name: 'Services' }).click()
  await nav.getByRole('link', { name: 'Home' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Faith-filled financial freedom for your family')
  await page.goBack()
  await expect(page).toHaveURL('/services')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Services')

  expect(consoleErrors.messages).toEqual([])
})

test.describe('small screen', () => {
  test.use({ viewport: { width: 375, height: 800 } })

  test('the drawer and the pages log no errors at 375 px', async ({ page, consoleErrors }) => {
    const warnings = watchWarnings(page)
    await page.goto('/')
    for (const label of ['About', 'Resources', 'Blog', 'Book Now']) {
      await page.getByRole('button', { name: 'Open menu' }).click()
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: label, exact: true }).click()
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden()
    }
    await page.waitForLoadState('networkidle')
    expect(consoleErrors.messages).toEqual([])
    expect(warnings).toEqual([])
  })
})
