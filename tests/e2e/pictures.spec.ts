import { readFile } from 'node:fs/promises'
import type { BrowserContext, Locator, Page } from '@playwright/test'
import { DEMO_POSTS } from '#lib/demo/content.ts'
import { DEMO_PORTRAIT, DEMO_POST_IMAGES, DEMO_RESOURCE_IMAGES } from '#lib/demo/images/index.ts'
import { expect, test } from '#tests/e2e/support/fixtures.ts'
import { openDashboard } from '#tests/e2e/support/sign-in.ts'

/**
 * Her own pictures: a portrait chosen from the library where the texts are edited, a
 * featured image uploaded from the post form's picture field, each with her description, then
 * seen on About, the home page, the blog card and the post page, described as she wrote, each in
 * a size that fits its place (through the Image CDN), with nothing moving as they load.
 */
test.use({ signedInAs: 'admin' })
async function pick(page: Page, button: Locator, name: string) {
  await button.click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(name.replace('.', '\\.')) })
    .click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
}

type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }

/**
 * Opens a page in a fresh tab with a layout-shift observer installed first, waits until it has
 * loaded everything, and sums the shifts that moved a picture or a box holding one. (Edited texts
 * replacing the built-in ones may still move text; pictures must never be what moves things.)
 */
async function visitMeasuringShifts(context: BrowserContext, path: string): Promise<{ page: Page; shifts: number }> {
  const page = await context.newPage()
  await page.addInitScript(() => {
    const state = window as unknown as { pictureShifts: number }
    state.pictureShifts = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        const moved = entry.sources.some(({ node }) => node instanceof Element && (node.tagName === 'IMG' || node.querySelector('img')))
        if (!entry.hadRecentInput && moved) state.pictureShifts += entry.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto(path)
  await page.locator('html[data-ready]').waitFor({ state: 'attached' })
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await page.waitForLoadState('networkidle')
  return { page, shifts: await page.evaluate(() => (window as unknown as { pictureShifts: number }).pictureShifts) }
}

/** The picture came through the Image CDN from the chosen file, at a width that fits, and loaded. */
async function expectSized(image: Locator, file: string, maxWidth: number) {
  await image.scrollIntoViewIfNeeded()
  await expect(image).toHaveAttribute(
    'srcset',
    new RegExp(`/\\.netlify/images\\?url=%2Fmedia%2F[\\w-]+%2F${file.replace('.', '\\.')}&w=\\d+ \\d+w`),
  )
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
  const { natural, current } = await image.evaluate((img: HTMLImageElement) => ({ natural: img.naturalWidth, current: img.currentSrc }))
  expect(current).toContain('/.netlify/images?url=')
  expect(natural).toBeLessThanOrEqual(maxWidth)
}

const NEW_PORTRAIT = DEMO_RESOURCE_IMAGES[0]!.file
const PORTRAIT_ALT = 'Grace in a green blazer, smiling at the camera'
const FEATURED_ALT = 'Stepping stones up a green hill <toward> a flag & "a rising sun"'

test('a featured image uploaded on the post form with its description, and a portrait chosen on Content, show sized and described, with no layout shift', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  await openDashboard(page)

  // The portrait: a picture text of the About page, chosen from the library (another of the demo
  // pictures than the one it shows) and described.
  await page.getByRole('link', { name: 'Content', exact: true }).click()
  const portrait = page.getByRole('region', { name: 'About page' }).getByRole('article', { name: 'Portrait', exact: true })
  await expect(portrait).toContainText(DEMO_PORTRAIT.file)
  await portrait.getByRole('button', { name: /^Edit/ }).click()
  await pick(page, portrait.getByRole('button', { name: 'Choose from library for Portrait' }), NEW_PORTRAIT)
  await expect(portrait.getByRole('status')).toHaveText(`Chosen: ${NEW_PORTRAIT}`)
  await portrait.getByLabel('Describe the picture').fill(PORTRAIT_ALT)
  await portrait.getByRole('button', { name: 'Save' }).click()
  await expect(portrait.getByText(`Described as: “${PORTRAIT_ALT}”`)).toBeVisible()
  await expect(portrait).toContainText(NEW_PORTRAIT)
  await expect(portrait).not.toContainText('/media/')

  // The featured image of the first post: uploaded from the computer through the picture field.
  const post = DEMO_POSTS[0]!
  await page.goto('/admin/blog-resources')
  await page
    .getByRole('row', { name: new RegExp(post.title) })
    .getByRole('button', { name: /^Edit/ })
    .click()
  const form = page.getByRole('form', { name: `Edit post ${post.title}` })
  const picture = form.getByRole('group', { name: 'Featured image (optional)' })
  const buffer = await readFile(`netlify/lib/demo/images/${DEMO_POST_IMAGES[4]!.file}`)
  await picture.getByLabel('Upload a picture for Featured image').setInputFiles({ name: 'my-budget-photo.webp', mimeType: 'image/webp', buffer })
  // A busy machine's server takes a while to read the whole file back on completion.
  await expect(picture.getByRole('status')).toHaveText('Uploaded and chosen: my-budget-photo.webp', { timeout: 30_000 })
  await expect(picture.locator('img')).toHaveAttribute('src', /my-budget-photo\.webp/)
  await picture.getByLabel('Describe the picture').fill(FEATURED_ALT)
  await form.getByRole('button', { name: /^Save/ }).click()
  await expect(page.locator('.flash-text')).toHaveText('Blog post updated successfully')

  const about = await visitMeasuringShifts(context, '/about')
  await expectSized(about.page.getByRole('img', { name: PORTRAIT_ALT }), NEW_PORTRAIT, 640)
  expect(about.shifts).toBeLessThan(0.001)

  const home = await visitMeasuringShifts(context, '/')
  await expectSized(home.page.getByRole('img', { name: PORTRAIT_ALT }), NEW_PORTRAIT, 320)
  expect(home.shifts).toBeLessThan(0.001)

  const blog = await visitMeasuringShifts(context, '/blog')
  const card = blog.page.getByRole('article').filter({ has: blog.page.getByRole('heading', { name: post.title }) })
  await expectSized(card.getByRole('img', { name: FEATURED_ALT }), 'my-budget-photo.webp', 960)
  expect(blog.shifts).toBeLessThan(0.001)

  const address = await card.getByRole('link').first().getAttribute('href')
  const article = await visitMeasuringShifts(context, address!)
  await expectSized(article.page.getByRole('article').getByRole('img', { name: FEATURED_ALT }), 'my-budget-photo.webp', 1280)
  expect(article.shifts).toBeLessThan(0.001)
})

test('a library file answers only at its own address; another name is sent there', async ({ request }) => {
  const about = await (await request.get('/about')).text()
  // The portrait, through the Image CDN: /.netlify/images?url=%2Fmedia%2F{id}%2F{name}&w=…
  const [, id, name] = /%2Fmedia%2F([\w-]+)%2F([\w.-]+)&/.exec(about) ?? []
  expect(id, 'the portrait on About').toBeTruthy()
  const own = `/media/${id}/${name}`
  const file = await request.get(own)
  expect(file.status()).toBe(200)
  expect(file.headers()['netlify-vary']).toBe('query=')
  const made = `/media/${id}/made-up-name.webp`
  const moved = await request.get(made, { maxRedirects: 0 })
  expect(moved.status()).toBe(308)
  expect(moved.headers().location).toBe(own)
  expect(moved.headers()['cache-control']).toBe('private, max-age=86400')
  // Followed, it is the file itself.
  expect((await request.get(made)).status()).toBe(200)
})
