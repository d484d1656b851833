import { readFile } from 'node:fs/promises'
import type { BrowserContext, Locator, Page } from '@playwright/test'
import { DEMO_POSTS } from '#lib/demo/content.ts'
import { DEMO_PORTRAIT, DEMO_POST_IMAGES } from '#lib/demo/images/index.ts'
import { expect, test } from '#tests/e2e/support/fixtures.ts'
import { openDashboard } from '#tests/e2e/support/sign-in.ts'

/**
 * Her own pictures: a portrait and a featured image uploaded to the library, chosen where the
 * texts and the post are edited, then seen on About, the home page, the blog card and the post
 * page, each in a size that fits its place (through the Image CDN), with nothing moving as they load.
 */
test.use({ signedInAs: 'admin' })
async function upload(page: Page, name: string, file: string) {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Media' }).click()
  const buffer = await readFile(`netlify/lib/demo/images/${file}`)
  await page.getByLabel('Choose a PDF or an image').setInputFiles({ name, mimeType: 'image/webp', buffer })
  await expect(page.locator('.flash-text')).toHaveText(`File uploaded: "${name}"`)
}

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

test('an uploaded portrait and featured image show sized on About, home, the card and the post, with no layout shift', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  await openDashboard(page)
  await upload(page, 'my-portrait.webp', DEMO_PORTRAIT.file)
  await upload(page, 'my-budget-photo.webp', DEMO_POST_IMAGES[4]!.file)

  // The portrait: a picture text of the About page, chosen from the library.
  await page.getByRole('link', { name: 'Content', exact: true }).click()
  const portrait = page.getByRole('region', { name: 'About page' }).getByRole('article', { name: 'Portrait', exact: true })
  await portrait.getByRole('button', { name: /^Edit/ }).click()
  await pick(page, portrait.getByRole('button', { name: 'Choose from library for Portrait' }), 'my-portrait.webp')
  await expect(portrait.getByLabel('Portrait (image address)')).toHaveValue(/^\/media\/[\w-]+\/my-portrait\.webp$/)
  await portrait.getByRole('button', { name: 'Save' }).click()
  await expect(page.locator('.flash-text')).toHaveText('Content saved successfully')

  // The featured image of the first post.
  const post = DEMO_POSTS[0]!
  await page.goto('/admin/blog-resources')
  await page
    .getByRole('row', { name: new RegExp(post.title) })
    .getByRole('button', { name: /^Edit/ })
    .click()
  const form = page.getByRole('form', { name: `Edit post ${post.title}` })
  await pick(page, form.getByRole('button', { name: 'Choose from library for Featured image' }), 'my-budget-photo.webp')
  await form.getByRole('button', { name: /^Save/ }).click()
  await expect(page.locator('.flash-text')).toHaveText('Blog post updated successfully')

  const about = await visitMeasuringShifts(context, '/about')
  await expectSized(about.page.getByRole('img', { name: 'Grace Adeyemi' }), 'my-portrait.webp', 640)
  expect(about.shifts).toBeLessThan(0.001)

  const home = await visitMeasuringShifts(context, '/')
  await expectSized(home.page.getByRole('img', { name: 'Grace Adeyemi' }), 'my-portrait.webp', 320)
  expect(home.shifts).toBeLessThan(0.001)

  const blog = await visitMeasuringShifts(context, '/blog')
  const card = blog.page.getByRole('article').filter({ has: blog.page.getByRole('heading', { name: post.title }) })
  await expectSized(card.locator('img'), 'my-budget-photo.webp', 960)
  expect(blog.shifts).toBeLessThan(0.001)

  const address = await card.getByRole('link').first().getAttribute('href')
  const article = await visitMeasuringShifts(context, address!)
  await expectSized(article.page.locator('article img').first(), 'my-budget-photo.webp', 1280)
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
