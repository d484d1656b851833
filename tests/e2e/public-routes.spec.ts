import { expect, notFoundDocumentLog, test } from '#tests/e2e/support/fixtures.ts'

/** Every public route renders its page, with the shared footer (docs/product.md, Public pages). */

const SERVICES = [
  '1-1 Financial Coaching',
  'Investment Coaching',
  'Pre-Marital Financial Coaching',
  'Post-Marital Financial Coaching',
  'Speaking Engagements',
]

// Each route's main heading and the shared footer are checked on the visit that also reads its
// console (console-errors.spec.ts): one page load for both.

test('home shows the vision, four testimonials, and links to About, Resources and Blog', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByText(/100,000 families/)).toBeVisible()

  const testimonials = page.locator('section', { has: page.getByRole('heading', { name: 'What families are saying' }) })
  await expect(testimonials.getByRole('listitem')).toHaveCount(4)
  await expect(testimonials.locator('blockquote')).toHaveCount(4)

  const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) })
  await expect(hero.getByRole('link', { name: /Meet Grace/ })).toHaveAttribute('href', '/about')
  await expect(hero.getByRole('link', { name: 'Free Resources' })).toHaveAttribute('href', '/resources')

  const cta = page.locator('section', { has: page.getByRole('heading', { name: 'Ready to take the next step?' }) })
  await expect(cta.getByRole('link', { name: 'About Grace' })).toHaveAttribute('href', '/about')
  await expect(cta.getByRole('link', { name: 'Read the Blog' })).toHaveAttribute('href', '/blog')

  await hero.getByRole('link', { name: 'Free Resources' }).click()
  await expect(page).toHaveURL('/resources')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tools for your financial journey')
})

test('services lists the five services, each with a Book Now link to /book-now with that service chosen', async ({ page }) => {
  await page.goto('/services')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(SERVICES)
  for (const service of SERVICES) {
    const card = main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: service, exact: true }) })
    await expect(card.getByRole('link', { name: /^Book Now/ })).toHaveAttribute('href', `/book-now?service=${encodeURIComponent(service)}`)
  }

  await main.getByRole('link', { name: /^Book Now\W*Speaking Engagements$/ }).click()
  await expect(page).toHaveURL('/book-now?service=Speaking%20Engagements')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book Now')
  await expect(page.getByLabel('Service')).toHaveValue('Speaking Engagements')
})

test('about links to book-now and resources', async ({ page }) => {
  await page.goto('/about')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Biography' })).toBeVisible()
  await expect(main.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/book-now')
  await expect(main.getByRole('link', { name: 'Free Resources' })).toHaveAttribute('href', '/resources')
})

for (const path of ['/no-such-page', '/blog/a/b', '/services/extra']) {
  test(`${path} shows the 404 page with a working link home`, async ({ page, consoleErrors }) => {
    consoleErrors.allow(notFoundDocumentLog(path))
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found')
    await page.getByRole('main').getByRole('link', { name: /Home/ }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Faith-filled financial freedom for your family')
  })
}
