import { createHash, randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { crc32, deflateSync } from 'node:zlib'
import type { Download, Page, Response } from '@playwright/test'
import { MEDIA_MESSAGES } from '#domain/media.ts'
import { DEMO_RESOURCES } from '#lib/demo/content.ts'
import { DEMO_IMAGES, DEMO_PORTRAIT } from '#lib/demo/images/index.ts'
import { expect, failedResourceLog, test } from '#tests/e2e/support/fixtures.ts'
import { openDashboard } from '#tests/e2e/support/sign-in.ts'

/**
 * The media library (docs/product.md, Media) in the browser, against the real functions and the
 * real local Blobs: a 20 MB ebook uploaded in parts, attached to a resource with the picker and
 * downloaded from the Resources page byte for byte; refusals said before anything is sent; a
 * delete of a file in use asked about twice.
 */
test.use({ signedInAs: 'admin' })

const MB = 1_000_000
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

async function openMedia(page: Page) {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Media' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible()
}

const fileInput = (page: Page) => page.getByLabel('Choose a PDF or an image')
const rows = (page: Page) => page.getByRole('table').getByRole('row')
const row = (page: Page, name: string) => rows(page).filter({ hasText: name })

/** A real PNG of one green colour (a browser draws it), made with zlib. */
function greenPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [0x2d, 0x6b, 0x55]).flat())])
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const guide = DEMO_RESOURCES.find((resource) => resource.type === 'guide' && resource.isActive !== false)!

test('a 20 MB ebook: uploaded with a progress bar, attached with the picker, downloaded from Resources as the same bytes', async ({
  page,
  context,
  admin,
}) => {
  test.setTimeout(120_000)
  const ebook = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(20 * MB - 9)])
  await openDashboard(page)
  await openMedia(page)
  // The demo set's illustrations are there already.
  await expect(row(page, DEMO_PORTRAIT.file)).toContainText('WebP')

  // Part 3 waits until the bar has been seen part-way.
  let releasePart!: () => void
  const held = new Promise<void>((resolve) => (releasePart = resolve))
  await page.route('**/api/admin/media/*/parts/3', async (route) => {
    await held
    await route.fallback()
  })
  await fileInput(page).setInputFiles({ name: 'Family Budget Ebook.pdf', mimeType: 'application/pdf', buffer: ebook })

  const bar = page.getByRole('progressbar', { name: 'Uploading Family Budget Ebook.pdf' })
  await expect(bar).toBeVisible()
  await expect(bar).toHaveAttribute('value', String(2 * 4 * 1024 * 1024))
  await expect(page.getByRole('status').filter({ hasText: 'Uploading "Family Budget Ebook.pdf": 8.4 MB of 20.0 MB (41%)' })).toBeVisible()
  releasePart()
  await expect(page.locator('.flash-text')).toHaveText('File uploaded: "Family Budget Ebook.pdf"', { timeout: 60_000 })
  await expect(bar).toBeHidden()
  await expect(row(page, 'Family Budget Ebook.pdf')).toContainText('PDF')
  await expect(row(page, 'Family Budget Ebook.pdf')).toContainText('20.0 MB')
  await expect(row(page, 'Family Budget Ebook.pdf').getByTestId('used-in')).toHaveText('Not used yet')

  // The picker, on the guide's form: the ebook for the file, and no image to offer for the thumbnail.
  await page.goto('/admin/blog-resources?tab=resources')
  await rows(page).filter({ hasText: guide.title }).getByRole('button', { name: /^Edit/ }).click()
  const form = page.getByRole('form', { name: `Edit resource ${guide.title}` })
  await form.getByRole('button', { name: 'Choose from library for Thumbnail' }).click()
  let picker = page.getByRole('dialog', { name: 'Choose an image for Thumbnail' })
  await expect(picker.getByRole('button', { name: new RegExp(DEMO_PORTRAIT.file.replace('.', '\\.')) })).toBeVisible()
  await expect(picker.getByRole('button', { name: /Family Budget Ebook/ })).toHaveCount(0)
  await picker.getByRole('button', { name: 'Cancel' }).click()
  await expect(picker).toBeHidden()
  await expect(form.getByRole('button', { name: 'Choose from library for Thumbnail' })).toBeFocused()

  // The file field names the ebook by its name, kind and size: never by its address.
  const fileField = form.getByRole('group', { name: 'File', exact: true })
  await fileField.getByRole('button', { name: 'Choose from library for File' }).click()
  picker = page.getByRole('dialog', { name: 'Choose a file for File' })
  await picker.getByRole('button', { name: /Family Budget Ebook\.pdf/ }).click()
  await expect(picker).toBeHidden()
  await expect(fileField).toContainText('Family Budget Ebook.pdf')
  await expect(fileField).toContainText('PDF, 20.0 MB')
  await expect(fileField).not.toContainText('/media/')
  await form.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.locator('.flash-text')).toHaveText('Resource updated successfully')
  const fileUrl = (await admin.resources()).find((resource) => resource.title === guide.title)!.fileUrl
  expect(fileUrl).toMatch(/^\/media\/[\w-]+\/Family-Budget-Ebook\.pdf$/)

  // Downloaded from the public page: the same bytes, as a PDF, and the download counted.
  const downloads: Download[] = []
  const fileResponses: Response[] = []
  context.on('page', (opened) => opened.on('download', (download) => downloads.push(download)))
  page.on('download', (download) => downloads.push(download))
  context.on('response', (response) => {
    if (new URL(response.url()).pathname === fileUrl) fileResponses.push(response)
  })
  await page.goto('/resources')
  const recorded = page.waitForResponse((response) => response.url().endsWith('/download') && response.request().method() === 'POST')
  await page
    .getByRole('list', { name: 'Resources' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: guide.title, exact: true }) })
    .getByRole('link', { name: /^Download Free/ })
    .click()
  expect((await recorded).status()).toBe(200)
  await expect.poll(() => downloads.length, { timeout: 30_000 }).toBe(1)
  const download = downloads[0]!
  expect(download.suggestedFilename()).toBe('Family Budget Ebook.pdf')
  const saved = await readFile((await download.path())!)
  expect(saved.byteLength).toBe(ebook.byteLength)
  expect(sha256(saved)).toBe(sha256(ebook))
  expect(fileResponses[0]?.headers()['content-type']).toBe('application/pdf')

  await expect.poll(async () => (await admin.resources()).find((resource) => resource.title === guide.title)?.downloadCount).toBe(1)
  await page.goto('/admin/blog-resources?tab=resources')
  await expect(rows(page).filter({ hasText: guide.title }).getByTestId('download-count')).toHaveText('1')

  // The library now says where the ebook is used.
  await openMedia(page)
  await expect(row(page, 'Family Budget Ebook.pdf').getByTestId('used-in')).toHaveText(`the resource "${guide.title}" (File)`)
})

test('a program renamed .pdf, an SVG with a script and a file over the limit are refused before anything is sent', async ({ page }) => {
  await openDashboard(page)
  await openMedia(page)
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/admin/media') && request.method() !== 'GET') sent.push(request.url())
  })
  const alert = page.getByRole('alert')

  await fileInput(page).setInputFiles({
    name: 'ebook.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('MZ\x90\x00\x03'), randomBytes(2_000)]),
  })
  await expect(alert).toHaveText(`"ebook.pdf" was not uploaded. ${MEDIA_MESSAGES.program}`)

  await fileInput(page).setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'),
  })
  await expect(alert).toHaveText(`"logo.png" was not uploaded. ${MEDIA_MESSAGES.scriptable}`)

  await fileInput(page).setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(21 * MB)]) })
  await expect(alert).toHaveText(`"huge.pdf" was not uploaded. ${MEDIA_MESSAGES.tooLarge}`)

  expect(sent).toEqual([])
  await expect(rows(page)).toHaveCount(DEMO_IMAGES.length + 1)
})

test('deleting a file in use says where and asks again; "Keep it" keeps it', async ({ page, admin, consoleErrors }) => {
  // The server's "in use" answer (409) is what makes the screen ask again.
  consoleErrors.allow(failedResourceLog(409))
  await openDashboard(page)
  await openMedia(page)
  await fileInput(page).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: greenPng(2, 2) })
  await expect(page.locator('.flash-text')).toHaveText('File uploaded: "cover.png"')
  // The thumbnail is decorative (alt=""): the name beside it says what it is.
  await expect(row(page, 'cover.png').locator('img')).toBeVisible()
  await expect.poll(() => row(page, 'cover.png').locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expect(row(page, 'cover.png')).toContainText('2 × 2')
  const url = await row(page, 'cover.png').getByRole('link', { name: 'cover.png' }).getAttribute('href')
  await admin.createResource({ title: 'Budget Cards', description: 'Cards.', type: 'template', fileUrl: '/files/cards.pdf', thumbnailUrl: url! })

  await page.reload()
  await row(page, 'cover.png').getByRole('button', { name: 'Delete cover.png' }).click()
  let dialog = page.getByRole('dialog', { name: 'Delete file?' })
  await dialog.getByRole('button', { name: 'Delete' }).click()
  dialog = page.getByRole('dialog', { name: 'This file is in use' })
  await expect(dialog).toContainText('This file is used in the resource "Budget Cards" (Thumbnail).')
  await dialog.getByRole('button', { name: 'Keep it' }).click()
  await expect(dialog).toBeHidden()
  await expect(row(page, 'cover.png')).toBeVisible()

  await row(page, 'cover.png').getByRole('button', { name: 'Delete cover.png' }).click()
  await page.getByRole('dialog', { name: 'Delete file?' }).getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('dialog', { name: 'This file is in use' }).getByRole('button', { name: 'Delete anyway' }).click()
  await expect(page.locator('.flash-text')).toHaveText('File deleted')
  await expect(row(page, 'cover.png')).toHaveCount(0)
  expect((await page.request.get(url!)).status()).toBe(404)
})
