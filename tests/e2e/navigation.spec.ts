import type { Page } from '@playwright/test'
import { expect, notFoundDocumentLog, test } from '#tests/e2e/support/fixtures.ts'

/** The shared top navigation, its highlighted current link, and the small-screen drawer. */

const NAV = ['Home', 'About', 'Services', 'Resources', 'Blog', 'Book Now']
const PATH_OF: Record<string, string> = {
  Home: '/',
  About: '/about',
  Services: '/services',
  Resources: '/resources',
  Blog: '/blog',
  'Book Now': '/book-now',
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

test.describe('desktop', () => {
  test('the navigation lists Home, About, Services, Resources, Blog, Book Now in order', async ({ page }) => {
    await page.goto('/')
    await expect(mainNav(page).getByRole('link')).toHaveText(NAV)
    for (const label of NAV)
      await expect(mainNav(page).getByRole('link', { name: label, exact: true })).toHaveAttribute('href', PATH_OF[label]!)
  })

  for (const label of NAV) {
    test(`on ${PATH_OF[label]} only the ${label} link is marked current`, async ({ page }) => {
      await page.goto(PATH_OF[label]!)
      await expect(mainNav(page).getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page')
      await expect(mainNav(page).locator('a[aria-current="page"]')).toHaveCount(1)
    })
  }

  test('a post page highlights Blog; the 404 page highlights nothing', async ({ page, consoleErrors }) => {
    consoleErrors.allow(notFoundDocumentLog('/nowhere'))
    await page.goto('/blog/building-your-first-family-budget')
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText('Building Your First Family Budget')
    await expect(mainNav(page).locator('a[aria-current="page"]')).toHaveText('Blog')

    await page.goto('/nowhere')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found')
    await expect(mainNav(page).locator('a[aria-current="page"]')).toHaveCount(0)
  })

  test('clicking through the navigation moves the highlight with the page', async ({ page }) => {
    await page.goto('/')
    for (const label of ['About', 'Services', 'Resources', 'Blog', 'Book Now', 'Home']) {
      await mainNav(page).getByRole('link', { name: label, exact: true }).click()
      await expect(page).toHaveURL(PATH_OF[label]!)
      await expect(mainNav(page).locator('a[aria-current="page"]')).toHaveText(label)
    }
  })

  test('the menu button is not shown on a wide screen', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden()
    await expect(mainNav(page)).toBeVisible()
  })
})

test.describe('small screen (375 px)', () => {
  test.use({ viewport: { width: 375, height: 800 } })

  const drawer = (page: Page) => page.getByRole('dialog', { name: 'Menu' })

  /** True when the focused element is inside the open drawer. */
  const focusInDrawer = (page: Page) =>
    page.evaluate(() => {
      const dialog = document.querySelector('dialog[open]')
      return Boolean(dialog && document.activeElement && dialog.contains(document.activeElement))
    })

  /** The focused element, if it is a focusable part of the page behind the drawer (null otherwise). */
  const focusBehindDrawer = (page: Page) =>
    page.evaluate(() => {
      const active = document.activeElement
      const dialog = document.querySelector('dialog[open]')
      if (!active || active === document.body || active === document.documentElement) return null
      if (dialog?.contains(active)) return null
      return active.outerHTML.slice(0, 120)
    })

  test('the top navigation gives way to a menu button', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
    await expect(mainNav(page)).toBeHidden()
    await expect(drawer(page)).toBeHidden()
  })

  test('the menu button opens the drawer with focus inside, Tab stays in it, Escape closes it', async ({ page }) => {
    await page.goto('/about')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(drawer(page)).toBeVisible()
    await expect(drawer(page).getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(NAV)
    await expect(drawer(page).getByRole('link', { name: 'About', exact: true })).toHaveAttribute('aria-current', 'page')
    expect(await focusInDrawer(page), 'focus moves into the drawer when it opens').toBe(true)

    // Focusable in the drawer: the brand link, the close button and six links. Go round twice.
    const visitedInDrawer = new Set<string>()
    for (let press = 0; press < 20; press++) {
      await page.keyboard.press('Tab')
      expect(await focusBehindDrawer(page), `Tab #${press + 1} must not reach the page behind the drawer`).toBeNull()
      const label = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')
      if (await focusInDrawer(page)) visitedInDrawer.add(label)
    }
    // Tab went round: every drawer link and the close button received focus.
    for (const label of NAV) expect(visitedInDrawer).toContain(label)
    expect(visitedInDrawer).toContain('Close menu')

    for (let press = 0; press < 10; press++) {
      await page.keyboard.press('Shift+Tab')
      expect(await focusBehindDrawer(page), `Shift+Tab #${press + 1} must not reach the page behind the drawer`).toBeNull()
    }

    await page.keyboard.press('Escape')
    await expect(drawer(page)).toBeHidden()
    await expect(page).toHaveURL('/about')
    // Focus goes back to the button that opened the drawer.
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()
  })

  test('the close button closes the drawer', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(drawer(page)).toBeVisible()
    await drawer(page).getByRole('button', { name: 'Close menu' }).click()
    await expect(drawer(page)).toBeHidden()
  })

  test('a click on the backdrop beside the drawer closes it', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(drawer(page)).toBeVisible()
    // Let the slide-in finish, then click whichever side the drawer leaves free.
    await drawer(page).evaluate((dialog) => Promise.all(dialog.getAnimations().map((animation) => animation.finished)))
    const viewport = page.viewportSize()!
    const box = (await drawer(page).boundingBox())!
    const x = box.x > 0 ? box.x / 2 : (box.x + box.width + viewport.width) / 2
    await page.mouse.click(x, viewport.height / 2)
    await expect(drawer(page)).toBeHidden()
    await expect(page).toHaveURL('/')
  })

  test('clicking a drawer link navigates and closes the drawer', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await drawer(page).getByRole('link', { name: 'Blog', exact: true }).click()
    await expect(page).toHaveURL('/blog')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Encouragement for everyday money decisions')
    await expect(drawer(page)).toBeHidden()

    // It opens again on the new page, with the new current link highlighted.
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(drawer(page).getByRole('link', { name: 'Blog', exact: true })).toHaveAttribute('aria-current', 'page')
    await drawer(page).getByRole('link', { name: 'Book Now', exact: true }).click()
    await expect(page).toHaveURL('/book-now')
    await expect(drawer(page)).toBeHidden()
  })
})
