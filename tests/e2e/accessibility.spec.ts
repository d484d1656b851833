import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, failedResourceLog, notFoundDocumentLog, test } from '#tests/e2e/support/fixtures.ts'

/**
 * Every public page and admin screen, checked by axe against WCAG 2.2 AA at desktop and phone
 * widths, as the demo data fills them. Cheap to run, and it catches what a change to a shared
 * component breaks everywhere (contrast, names, landmarks, the order of headings).
 */

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 800 },
]

const PUBLIC_PAGES = [
  '/',
  '/about',
  '/services',
  '/resources',
  '/blog',
  '/blog/building-your-first-family-budget',
  '/book-now',
  // The confirm page as the emailed link opens it (a token the server would refuse: nothing is sent until the click).
  '/confirm?token=aaaa.bbbb.cccc',
  '/no-such-page',
]
const ADMIN_SCREENS = [
  '/admin',
  '/admin/content',
  '/admin/content?view=stored',
  '/admin/blog-resources',
  '/admin/subscribers',
  '/admin/subscribers?state=pending',
  '/admin/users',
  '/admin/bookings',
  '/admin/account',
  '/admin/activity',
]

async function violations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze()
  // Named by rule and the elements it found, so a failure says where to look.
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

for (const { name, width, height } of WIDTHS) {
  test.describe(`at ${name} width (${width} px)`, () => {
    test.use({ viewport: { width, height } })

    test('the public pages have no WCAG 2.2 AA violations', async ({ page, consoleErrors }) => {
      // The unknown address answers 404, as it should: the browser logs that.
      consoleErrors.allow(notFoundDocumentLog('/no-such-page'))
      for (const path of PUBLIC_PAGES) {
        await page.goto(path)
        // The lists and the post are in: the page as a visitor reads it, not its loading state.
        await page.waitForLoadState('networkidle')
        expect(await violations(page), path).toEqual([])
      }
    })

    test('the sign-in and password recovery pages have no WCAG 2.2 AA violations', async ({ page, consoleErrors }) => {
      // The reset page with a link the server refuses (400), as a mistyped link opens it.
      consoleErrors.allow(failedResourceLog(400, '/api/admin/password-reset/check'))
      await page.goto('/admin/login')
      expect(await violations(page), '/admin/login').toEqual([])
      await page.goto('/admin/forgot-password')
      expect(await violations(page), '/admin/forgot-password').toEqual([])
      await page.goto('/admin/reset-password#token=aaaa.bbbb.cccc')
      await expect(page.getByRole('alert')).toBeVisible()
      expect(await violations(page), '/admin/reset-password').toEqual([])
    })

    test.describe('signed in', () => {
      test.use({ signedInAs: 'admin' })

      test('the admin screens have no WCAG 2.2 AA violations', async ({ page }) => {
        // Ten screens, each scanned whole: on a machine busy with other work this outlasts one test's minute.
        test.slow()
        for (const path of ADMIN_SCREENS) {
          await page.goto(path)
          await page.waitForLoadState('networkidle')
          expect(await violations(page), path).toEqual([])
        }
      })
    })
  })
}
