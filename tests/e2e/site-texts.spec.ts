import { expect, test } from '#tests/e2e/support/fixtures.ts'

/** The public pages read their texts from content items, live, with the built-in texts as the fallback (docs/decisions.md). */

test('an edited hero title and vision show on the home page without a rebuild', async ({ page, admin }) => {
  await admin.saveContent({ section: 'home', key: 'heroTitle', value: 'A fresh start for your family budget' })
  await admin.saveContent({ section: 'home', key: 'visionText', value: 'Empowering 100,000 families, one kitchen table at a time.' })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A fresh start for your family budget')
  await expect(page.getByText('Empowering 100,000 families, one kitchen table at a time.')).toBeVisible()
})

test('an edited services list replaces the built-in one, each still with Book Now', async ({ page, admin }) => {
  const items = [
    { title: 'Budget Bootcamp', text: 'Four weeks to a budget that sticks.' },
    { title: 'Church Workshops', text: 'Stewardship teaching for congregations.' },
  ]
  await admin.saveContent({ section: 'services', key: 'items', value: JSON.stringify(items), type: 'json' })
  await page.goto('/services')
  const main = page.getByRole('main')
  await expect(main.getByRole('listitem').getByRole('heading')).toHaveText(items.map((item) => item.title))
  await expect(main.getByRole('link', { name: /^Book Now/ })).toHaveCount(2)
})

test('a list the page could not show is refused, and the page keeps the built-in testimonials', async ({ page, admin }) => {
  const refused = await admin.trySaveContent({ section: 'home', key: 'testimonials', value: 'not json at all' })
  expect(refused).toEqual({ status: 400, body: { success: false, message: 'This list must be a JSON list of testimonial items' } })
  await page.goto('/')
  const testimonials = page.locator('section', { has: page.getByRole('heading', { name: 'What families are saying' }) })
  await expect(testimonials.locator('blockquote')).toHaveCount(4)
  await expect(page.getByText('not json at all')).toHaveCount(0)
})

test('an edited site name shows in the header and the footer', async ({ page, admin }) => {
  await admin.saveContent({ section: 'site', key: 'siteName', value: 'Grace Money Coaching' })
  await page.goto('/about')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Grace Money Coaching' })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toContainText('© 2025 Grace Money Coaching')
})
