import { axeViolations } from '#tests/e2e/support/axe.ts'
import { expect, test } from '#tests/e2e/support/fixtures.ts'

/**
 * What only a browser shows of the admin's phone menu (its wording and keys are in
 * admin-layout.test.tsx): at 375 px the links wait behind the Menu button, so a screen starts
 * near the top; opened, they are all there; Escape and a followed link close them; axe finds
 * nothing either way; at desktop width the sidebar is as before.
 */
test.use({ signedInAs: 'admin', viewport: { width: 375, height: 812 } })

test('on a phone the admin links wait behind Menu, which opens, closes on Escape and on a followed link', async ({ page }) => {
  await page.goto('/admin')
  const menu = page.getByRole('button', { name: 'Menu' })
  const nav = page.getByRole('navigation', { name: 'Admin' })
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(nav).toBeHidden()
  await expect(page.locator('aside')).toContainText('Dashboard')
  // The bar takes one row, not the first screen: the page's heading is near the top.
  const heading = await page.getByRole('heading', { level: 1, name: 'Dashboard' }).boundingBox()
  expect(heading!.y).toBeLessThan(140)
  expect(await axeViolations(page)).toEqual([])

  await menu.click()
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  await expect(nav.getByRole('link')).toHaveCount(11)
  await expect(page.getByRole('button', { name: /Logout/ })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(nav).toBeHidden()
  await expect(menu).toBeFocused()

  await menu.click()
  await nav.getByRole('link', { name: 'Activity' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible()
  await expect(nav).toBeHidden()
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(page.locator('aside')).toContainText('Activity')

  // At desktop width the sidebar shows its links, with no Menu button.
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(nav).toBeVisible()
  await expect(menu).toBeHidden()
})
