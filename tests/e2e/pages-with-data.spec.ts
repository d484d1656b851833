import { expect, test } from '#tests/e2e/support/fixtures.ts'

/**
 * Every public page comes from the server with the coach's texts (and Resources and Blog with
 * their list) in the HTML: a reader without the page's code, a crawler and a slow phone see them
 * at once, and the page's code takes them from the page instead of asking again.
 */

test("the coach's texts and lists are in every public page itself, without any code", async ({ browser, admin }) => {
  const siteName = 'Hope & Harvest Coaching'
  const texts = [
    { section: 'site', key: 'siteName', value: siteName },
    { section: 'site', key: 'footerTagline', value: 'Money with meaning, for every household.' },
    { section: 'home', key: 'heroTitle', value: 'Peace with money, one week at a time' },
    { section: 'about', key: 'title', value: 'Grace, in her own words' },
    { section: 'services', key: 'title', value: 'Ways we can work together' },
    { section: 'resources', key: 'title', value: 'Free tools for your table' },
    { section: 'blog', key: 'title', value: 'Notes from the kitchen table' },
    { section: 'bookNow', key: 'title', value: "Let's talk" },
  ]
  for (const text of texts) await admin.saveContent(text)
  const services = [{ title: 'Budget Reset <b>now</b>', text: 'Four sessions to a plan that holds.' }]
  await admin.saveContent({ section: 'services', key: 'items', value: JSON.stringify(services), type: 'json' })
  const testimonials = [{ quote: 'We finally talk about money without fighting.', name: 'Ada Bello' }]
  await admin.saveContent({ section: 'home', key: 'testimonials', value: JSON.stringify(testimonials), type: 'json' })
  const post = await admin.createPost({ title: 'Saving for the first home', excerpt: 'A plan in five steps.', content: 'Start small.', status: 'published' })
  await admin.createResource({
    title: 'Family budget planner',
    description: 'A printable planner.',
    type: 'template',
    fileUrl: 'https://example.com/planner.pdf',
    isActive: true,
  })

  const withoutScript = await browser.newContext({ javaScriptEnabled: false })
  const reader = await withoutScript.newPage()
  const pages: { path: string; heading: string; shows: string[]; status?: number }[] = [
    { path: '/', heading: 'Peace with money, one week at a time', shows: ['We finally talk about money without fighting.'] },
    { path: '/about', heading: 'Grace, in her own words', shows: [] },
    { path: '/services', heading: 'Ways we can work together', shows: ['Budget Reset <b>now</b>'] },
    { path: '/resources', heading: 'Free tools for your table', shows: ['Family budget planner'] },
    { path: '/blog', heading: 'Notes from the kitchen table', shows: ['Saving for the first home'] },
    { path: `/blog/${post.slug}`, heading: 'Saving for the first home', shows: ['Start small.'] },
    { path: '/book-now', heading: "Let's talk", shows: ['Budget Reset <b>now</b>'] },
    { path: '/no-such-page', heading: 'Oops! Page not found', shows: [], status: 404 },
  ]
  for (const { path, heading, shows, status = 200 } of pages) {
    const response = await reader.goto(path)
    expect(response?.status(), path).toBe(status)
    await expect(reader.getByRole('heading', { level: 1 }), path).toHaveText(heading)
    // In the page (Book Now's are the booking form's choices, in a closed list).
    for (const text of shows) await expect(reader.getByRole('main').getByText(text, { exact: true }).first(), path).toBeAttached()
    await expect(reader.getByRole('banner').getByRole('link', { name: siteName }), path).toBeVisible()
    await expect(reader.getByRole('contentinfo'), path).toContainText(`© 2025 ${siteName}`)
    await expect(reader.getByRole('contentinfo'), path).toContainText('Money with meaning, for every household.')
    expect(await reader.title(), path).toContain(siteName)
    // The built-in name (a demo resource's title may hold it among other words) and no loading state.
    await expect(reader.getByText('Faithful Finances', { exact: true }), path).toHaveCount(0)
    await expect(reader.getByText(/Loading/), path).toHaveCount(0)
  }
  await reader.goto('/blog?tag=Budgeting')
  await expect(reader.getByRole('button', { name: 'Budgeting', pressed: true })).toBeVisible()
  await withoutScript.close()
})

test('the page code takes the list from the page, and asks again on the next visit', async ({ page }) => {
  const asked: string[] = []
  page.on('request', (request) => {
    if (/\/(?:api\/(?:blog-posts|resources|content)|\.netlify\/functions\/blog-posts)(?:\?|$)/.test(request.url())) asked.push(request.url())
  })
  await page.goto('/blog')
  await expect(page.getByRole('heading', { name: 'Building Your First Family Budget' })).toBeVisible()
  await expect(page.locator('html[data-ready]')).toBeAttached()
  expect(asked, 'the list and the texts came with the page').toEqual([])
  const menu = page.getByRole('button', { name: 'Menu' })
  if (await menu.isVisible()) await menu.click()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources' }).filter({ visible: true }).first().click()
  await expect(page).toHaveURL('/resources')
  await expect(page.getByRole('heading', { name: 'Family Budget Template' })).toBeVisible()
  // Moving within the app, Resources asks for its list (the texts are already known).
  expect(asked.map((url) => new URL(url).pathname)).toEqual(['/api/resources'])
})

test('a page rendered on request has no copy of build time at its file’s address', async ({ request }) => {
  // Served as a file, /about/index.html showed the texts of the build for ever, whatever she saved.
  for (const path of ['/index.html', '/about/index.html', '/services/index.html', '/resources/index.html', '/blog/index.html', '/book-now/index.html', '/404.html']) {
    expect((await request.get(path)).status(), path).toBe(404)
  }
  expect((await request.get('/about')).status()).toBe(200)
})
