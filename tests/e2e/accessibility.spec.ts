import type { Page } from '@playwright/test'
import { axeViolations } from '#tests/e2e/support/axe.ts'
import { expect, failedResourceLog, notFoundDocumentLog, test } from '#tests/e2e/support/fixtures.ts'

/**
 * Every public page and admin screen, checked by axe against WCAG 2.2 AA at desktop and phone
 * widths, as the demo data fills them. Cheap to run, and it catches what a change to a shared
 * component breaks everywhere (contrast, names, landmarks, the order of headings).
 */

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
  // Opened from a coaching service's card: the day and time picker, the zone list and the form.
  '/book-now?service=1-1+Financial+Coaching',
  // The confirm page as the emailed link opens it (a token the server would refuse: nothing is sent until the click).
  '/confirm?token=aaaa.bbbb.cccc',
  '/no-such-page',
]
const ADMIN_SCREENS = [
  '/admin',
  '/admin/content',
  '/admin/content?view=stored',
  '/admin/blog-resources',
  // The post editor (its toolbar, the writing area, the preview beside it).
  '/admin/blog-resources?new=post',
  '/admin/subscribers',
  '/admin/subscribers?state=pending',
  '/admin/users',
  '/admin/bookings',
  '/admin/availability',
  // Her sessions booked online, by day (the demo data books none: its empty state).
  '/admin/bookings?view=sessions',
  '/admin/account',
  '/admin/activity',
]

/**
 * The page as it is now, scanned at each width in turn: the layout follows the window (the phone
 * menu, the stacked grids), so one load serves both scans.
 */
async function violationsAtEachWidth(page: Page, label: string) {
  const found: string[] = []
  for (const { name, width, height } of WIDTHS) {
    await page.setViewportSize({ width, height })
    found.push(...(await axeViolations(page)).map((violation) => `${label} at ${name} width: ${violation}`))
  }
  return found
}

test('the public pages have no WCAG 2.2 AA violations at desktop and phone widths', async ({ page, consoleErrors }) => {
  // The unknown address answers 404, as it should: the browser logs that.
  consoleErrors.allow(notFoundDocumentLog('/no-such-page'))
  const found: string[] = []
  for (const path of PUBLIC_PAGES) {
    await page.setViewportSize(WIDTHS[0]!)
    await page.goto(path)
    // The lists and the post are in: the page as a visitor reads it, not its loading state.
    await page.waitForLoadState('networkidle')
    found.push(...(await violationsAtEachWidth(page, path)))
  }
  expect(found).toEqual([])
})

test('the sign-in and password recovery pages have no WCAG 2.2 AA violations at desktop and phone widths', async ({
  page,
  consoleErrors,
}) => {
  // The reset page with a link the server refuses (400), as a mistyped link opens it.
  consoleErrors.allow(failedResourceLog(400, '/api/admin/password-reset/check'))
  const found: string[] = []
  for (const path of ['/admin/login', '/admin/forgot-password']) {
    await page.setViewportSize(WIDTHS[0]!)
    await page.goto(path)
    found.push(...(await violationsAtEachWidth(page, path)))
  }
  await page.setViewportSize(WIDTHS[0]!)
  await page.goto('/admin/reset-password#token=aaaa.bbbb.cccc')
  await expect(page.getByRole('alert')).toBeVisible()
  found.push(...(await violationsAtEachWidth(page, '/admin/reset-password')))
  expect(found).toEqual([])
})

test.describe('signed in', () => {
  test.use({ signedInAs: 'admin' })

  test('the admin screens have no WCAG 2.2 AA violations at desktop and phone widths', async ({ page }) => {
    // Thirteen screens, each scanned whole at two widths: on a busy machine this outlasts one test's minute.
    test.slow()
    const found: string[] = []
    for (const path of ADMIN_SCREENS) {
      await page.setViewportSize(WIDTHS[0]!)
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      found.push(...(await violationsAtEachWidth(page, path)))
    }
    expect(found).toEqual([])
  })
})
