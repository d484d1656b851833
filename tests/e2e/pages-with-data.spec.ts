import { expect, test } from '#tests/e2e/support/fixtures.ts'

/**
 * About, Resources and Blog come from the server with the coach's texts and their list in the
 * HTML: a reader without the page's code, a crawler and a slow phone see them at once, and the
 * page's code takes them from the page instead of asking again.
 */

test("the coach's texts and lists are in the pages themselves, without any code", async ({ browser, admin }) => {
  await admin.saveContent({ section: 'about', key: 'title', value: 'Grace, in her own words' })
  await admin.saveContent({ section: 'blog', key: 'title', value: 'Notes from the kitchen table' })
  await admin.createPost({ title: 'Saving for the first home', excerpt: 'A plan in five steps.', content: 'Start small.', status: 'published' })
  await admin.createResource({
    title: 'Family budget planner',
    description: 'A printable planner.',
    type: 'template',
    fileUrl: 'https://example.com/planner.pdf',
    isActive: true,
  })

  const withoutScript = await browser.newContext({ javaScriptEnabled: false })
  const reader = await withoutScript.newPage()
  await reader.goto('/about')
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Grace, in her own words')
  await reader.goto('/blog')
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Notes from the kitchen table')
  await expect(reader.getByRole('heading', { name: 'Saving for the first home' })).toBeVisible()
  await expect(reader.getByText(/Loading/)).toHaveCount(0)
  await reader.goto('/blog?tag=Budgeting')
  await expect(reader.getByRole('button', { name: 'Budgeting', pressed: true })).toBeVisible()
  await reader.goto('/resources')
  await expect(reader.getByRole('heading', { name: 'Family budget planner' })).toBeVisible()
  await expect(reader.getByText(/Loading/)).toHaveCount(0)
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
  for (const path of ['/about/index.html', '/resources/index.html', '/blog/index.html']) {
    expect((await request.get(path)).status(), path).toBe(404)
  }
  expect((await request.get('/about')).status()).toBe(200)
})
