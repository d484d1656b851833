import { expect, test } from '#tests/e2e/support/fixtures.ts'

/**
 * Her availability through the real function and storage: set at desktop width, read back after a
 * reload at phone width. The form's rules and messages are the component tests'
 * (src/pages/admin/availability.test.tsx).
 */
test.use({ signedInAs: 'admin' })

test('the coach sets a range, a date off and a bookable service, and finds them saved after a reload on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/admin/availability')
  await page.getByRole('checkbox', { name: 'Saturday' }).check()
  await page.getByRole('combobox', { name: 'From (Saturday)' }).selectOption('10:00')
  await page.getByRole('combobox', { name: 'To (Saturday)' }).selectOption('24:00')
  await page.getByLabel('Date off').fill('2099-12-25')
  await page.getByRole('button', { name: 'Add date off' }).click()
  const speaking = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Speaking Engagements' }) })
  await speaking.getByRole('checkbox', { name: 'Can be booked online' }).check()
  await speaking.getByLabel('Where', { exact: true }).selectOption('place')
  await speaking.getByLabel('Where you meet').fill('The church hall, 12 Hope Street')
  await page.getByRole('button', { name: 'Save availability' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Availability saved' })).toBeVisible()

  await page.setViewportSize({ width: 375, height: 800 })
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'To (Saturday)' })).toHaveValue('24:00')
  await expect(page.getByRole('combobox', { name: 'From (Saturday)' })).toHaveValue('10:00')
  await expect(page.getByRole('list', { name: 'Dates off' })).toContainText('Friday 25 December 2099')
  await expect(speaking.getByLabel('Where you meet')).toHaveValue('The church hall, 12 Hope Street')
  await expect(speaking.getByRole('checkbox', { name: 'Can be booked online' })).toBeChecked()
})
