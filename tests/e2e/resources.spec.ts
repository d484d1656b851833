import type { Page } from '@playwright/test'
import { DEMO_RESOURCES } from '#lib/demo/content.ts'
import { expect, failedImageLog, failedResourceLog, holdRequests, openWithinTheApp, test } from '#tests/e2e/support/fixtures.ts'

/** The public Resources page (docs/product.md, Resources). */

const TYPES = [
  { type: 'ebook', button: 'Ebooks', label: 'Ebook', empty: 'No ebooks available.' },
  { type: 'guide', button: 'Guides', label: 'Guide', empty: 'No guides available.' },
  { type: 'template', button: 'Templates', label: 'Template', empty: 'No templates available.' },
  { type: 'video', button: 'Videos', label: 'Video', empty: 'No videos available.' },
] as const

const active = DEMO_RESOURCES.filter((resource) => resource.isActive !== false)
const inactive = DEMO_RESOURCES.filter((resource) => resource.isActive === false)

const filterBar = (page: Page) => page.getByRole('group', { name: 'Filter by type' })
const cards = (page: Page) => page.getByRole('list', { name: 'Resources' }).getByRole('article')
const cardTitles = (page: Page) => cards(page).getByRole('heading')
const card = (page: Page, title: string) => cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) })

test('only active resources are listed, newest first, each with a Download Free link', async ({ page }) => {
  expect(inactive.length, 'the demo data has an inactive resource').toBeGreaterThan(0)
  await page.goto('/resources')
  await expect(cardTitles(page)).toHaveText(active.map((resource) => resource.title))
  for (const resource of inactive) await expect(page.getByText(resource.title)).toHaveCount(0)
  for (const resource of active) {
    await expect(card(page, resource.title).getByRole('link', { name: /^Download Free/ })).toHaveAttribute('href', resource.fileUrl)
  }
})

test('the type filter shows only that type and "All" shows everything again', async ({ page }) => {
  await page.goto('/resources')
  await expect(filterBar(page).getByRole('button')).toHaveText(['All', ...TYPES.map((t) => t.button)])
  await expect(filterBar(page).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true')
  await expect(cards(page)).toHaveCount(active.length)

  for (const { type, button, label } of TYPES) {
    await filterBar(page).getByRole('button', { name: button }).click()
    await expect(filterBar(page).getByRole('button', { name: button })).toHaveAttribute('aria-pressed', 'true')
    await expect(filterBar(page).locator('[aria-pressed="true"]')).toHaveCount(1)
    const expected = active.filter((resource) => resource.type === type).map((resource) => resource.title)
    expect(expected.length, `the demo data has an active ${type}`).toBeGreaterThan(0)
    await expect(cardTitles(page)).toHaveText(expected)
    // Every card shown names the selected type.
    await expect(cards(page)).toHaveCount(expected.length)
    await expect(cards(page).filter({ has: page.getByText(label, { exact: true }) })).toHaveCount(expected.length)
    await expect(page).toHaveURL(`/resources?type=${type}`)
  }

  await filterBar(page).getByRole('button', { name: 'All' }).click()
  await expect(filterBar(page).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true')
  await expect(cardTitles(page)).toHaveText(active.map((resource) => resource.title))
})

test('a type in the address filters on arrival, with that type pressed', async ({ page }) => {
  await page.goto('/resources?type=video')
  await expect(cardTitles(page)).toHaveText(active.filter((resource) => resource.type === 'video').map((resource) => resource.title))
  await expect(filterBar(page).getByRole('button', { name: 'Videos' })).toHaveAttribute('aria-pressed', 'true')
  await expect(filterBar(page).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false')

  await filterBar(page).getByRole('button', { name: 'Ebooks' }).click()
  await expect(filterBar(page).locator('[aria-pressed="true"]')).toHaveText(['Ebooks'])
})

test('an unknown type in the address shows everything', async ({ page }) => {
  await page.goto('/resources?type=podcast')
  await expect(filterBar(page).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true')
  await expect(cardTitles(page)).toHaveText(active.map((resource) => resource.title))
})

test('with no resources at all the page says "No resources available yet."', async ({ page, admin }) => {
  await admin.deleteAllResources()
  await page.goto('/resources')
  await expect(page.getByText('No resources available yet.', { exact: true })).toBeVisible()
  await expect(cards(page)).toHaveCount(0)
})

test('a type with no resources says "No videos available." and "View all resources" clears the filter', async ({ page, admin }) => {
  for (const resource of await admin.resources()) if (resource.type === 'video') await admin.deleteResource(resource.id)

  await page.goto('/resources')
  await expect(cards(page)).toHaveCount(active.length - 1)
  await filterBar(page).getByRole('button', { name: 'Videos' }).click()
  await expect(page.getByText('No videos available.', { exact: true })).toBeVisible()
  await expect(cards(page)).toHaveCount(0)

  await page.getByRole('button', { name: 'View all resources' }).click()
  await expect(filterBar(page).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByText('No videos available.')).toHaveCount(0)
  await expect(cards(page)).toHaveCount(active.length - 1)
  await expect(page).toHaveURL('/resources')
})

test('each type has its own empty message', async ({ page, admin }) => {
  await admin.deleteAllResources()
  await page.goto('/resources')
  for (const { button, empty } of TYPES) {
    await filterBar(page).getByRole('button', { name: button }).click()
    await expect(page.getByText(empty, { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'View all resources' })).toBeVisible()
  }
})

test('a list that fails to load shows the empty state', async ({ page, consoleErrors }) => {
  consoleErrors.allow(failedResourceLog(500))
  await page.route('**/api/resources', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"message":"Down"}' }),
  )
  // The page brings its list; moving to it within the app asks for it.
  await openWithinTheApp(page, 'Resources')
  await expect(page.getByText('No resources available yet.', { exact: true })).toBeVisible()
})

test('a loading state shows while the list is on its way', async ({ page }) => {
  const held = await holdRequests(page, '**/api/resources')
  await openWithinTheApp(page, 'Resources')
  await expect(page.getByRole('status').filter({ hasText: 'Loading resources…' })).toBeVisible()
  await expect(cards(page)).toHaveCount(0)
  expect(held.held()).toBe(1)

  held.release()
  await expect(cardTitles(page)).toHaveText(active.map((resource) => resource.title))
  await expect(page.getByText('Loading resources…')).toHaveCount(0)
})

test('a thumbnail that fails to load gives way to the type icon', async ({ page, admin, consoleErrors }) => {
  consoleErrors.allow(failedImageLog(404, '/images/no-such-thumbnail.png'))
  await admin.createResource({
    title: 'Broken Thumbnail Video',
    description: 'Its thumbnail does not exist.',
    type: 'video',
    fileUrl: '/downloads/welcome-to-coaching.html',
    thumbnailUrl: '/images/no-such-thumbnail.png',
  })
  await admin.createResource({
    title: 'Working Thumbnail Guide',
    description: 'Its thumbnail exists.',
    type: 'guide',
    fileUrl: '/downloads/money-conversations-for-couples.txt',
    thumbnailUrl: '/images/emergency-fund.svg',
  })

  await page.goto('/resources')
  const broken = card(page, 'Broken Thumbnail Video')
  await expect(broken.locator('svg[data-icon="video"]')).toBeVisible()
  await expect(broken.locator('img')).toHaveCount(0)

  // The control: a thumbnail that loads is shown as an image, with no icon.
  const working = card(page, 'Working Thumbnail Guide')
  await expect(working.locator('img')).toBeVisible()
  await expect.poll(() => working.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await expect(working.locator('svg[data-icon]')).toHaveCount(0)

  // Cards without a thumbnail show their type's icon.
  await admin.createResource({
    title: 'No Thumbnail Ebook',
    description: 'It has no picture.',
    type: 'ebook',
    fileUrl: '/downloads/welcome-to-coaching.html',
  })
  await page.reload()
  await expect(card(page, 'No Thumbnail Ebook').locator('svg[data-icon="ebook"]')).toBeVisible()
  await expect(card(page, 'No Thumbnail Ebook').locator('img')).toHaveCount(0)
})

test.describe('Download Free', () => {
  const guide = active.find((resource) => resource.type === 'guide')!

  async function countOf(admin: { resources(): Promise<{ title: string; downloadCount: number }[]> }, title: string) {
    return (await admin.resources()).find((resource) => resource.title === title)!.downloadCount
  }

  test('opens the file in a new tab and the stored count rises by one', async ({ page, admin }) => {
    const before = await countOf(admin, guide.title)
    await page.goto('/resources')

    const recorded = page.waitForResponse(
      (response) => /\/api\/resources\/[^/]+\/download$/.test(response.url()) && response.request().method() === 'POST',
    )
    const popup = page.waitForEvent('popup')
    await card(page, guide.title)
      .getByRole('link', { name: /^Download Free/ })
      .click()

    const tab = await popup
    await tab.waitForLoadState()
    expect(new URL(tab.url()).pathname).toBe(guide.fileUrl)
    await expect(tab.locator('body')).toContainText(/\S/)
    const response = await recorded
    expect(response.status()).toBe(200)
    await tab.close()

    await expect.poll(() => countOf(admin, guide.title)).toBe(before + 1)
  })

  test('each click counts once, per resource', async ({ page, admin }) => {
    const video = active.find((resource) => resource.type === 'video')!
    await page.goto('/resources')
    for (let click = 0; click < 2; click++) {
      const recorded = page.waitForResponse((response) => response.url().endsWith('/download'))
      const popup = page.waitForEvent('popup')
      await card(page, video.title)
        .getByRole('link', { name: /^Download Free/ })
        .click()
      await (await popup).close()
      expect((await recorded).status()).toBe(200)
    }
    await expect.poll(() => countOf(admin, video.title)).toBe(2)
    expect(await countOf(admin, guide.title)).toBe(0)
  })

  test('the file still opens when recording the download fails', async ({ page, admin, consoleErrors }) => {
    consoleErrors.allow(failedResourceLog(500))
    await page.route('**/api/resources/*/download', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"message":"Boom"}' }),
    )
    await page.goto('/resources')
    const failed = page.waitForResponse((response) => response.url().endsWith('/download'))
    const popup = page.waitForEvent('popup')
    await card(page, guide.title)
      .getByRole('link', { name: /^Download Free/ })
      .click()
    const tab = await popup
    await tab.waitForLoadState()
    expect(new URL(tab.url()).pathname).toBe(guide.fileUrl)
    expect((await failed).status()).toBe(500)
    await tab.close()
    expect(await countOf(admin, guide.title)).toBe(0)
  })

  test('the file still opens when the network drops the download call', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/net::ERR_FAILED|Failed to fetch/)
    let aborted = 0
    await page.route('**/api/resources/*/download', (route) => {
      aborted++
      return route.abort()
    })
    await page.goto('/resources')
    const popup = page.waitForEvent('popup')
    await card(page, guide.title)
      .getByRole('link', { name: /^Download Free/ })
      .click()
    const tab = await popup
    await tab.waitForLoadState()
    expect(new URL(tab.url()).pathname).toBe(guide.fileUrl)
    await expect.poll(() => aborted).toBe(1)
  })
})
