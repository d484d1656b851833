import type { Locator, Page } from '@playwright/test'
import { deflateSync, crc32 } from 'node:zlib'
import { DEMO_POSTS } from '#lib/demo/content.ts'
import { XSS_CORPUS } from '#tests/support/xss-corpus.ts'
import { expect, test } from '#tests/e2e/support/fixtures.ts'
import { arm, expectInert, keepLocal } from '#tests/e2e/support/xss-pages.ts'

/**
 * The post editor as she uses it: writing with the toolbar and a picture dropped in, a demo post
 * saved untouched, and a paste from a document with the XSS corpus mixed in. The markdown round
 * trip of every demo post and the paste cleaning of every payload are checked below the browser
 * (tests/functions/post-editor.test.ts); here only what a browser alone shows.
 */
test.use({ signedInAs: 'admin' })

const body = (form: Locator) => form.getByRole('textbox', { name: 'Content', exact: true })
const toolbar = (form: Locator) => form.getByRole('toolbar', { name: 'Formatting for Content' })
const tool = (form: Locator, name: string) => toolbar(form).getByRole('button', { name, exact: true })
const banner = (page: Page) => page.getByRole('status').filter({ hasText: /successfully/ })

/** A real PNG of one colour (a browser draws it). */
function greenPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(typed))
    return Buffer.concat([length, typed, crc])
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

/** Drops a file on the editor as a file manager would: a drop event carrying it. */
async function dropFile(target: Locator, name: string, bytes: Buffer, type: string) {
  const box = (await target.boundingBox())!
  const dataTransfer = await target.page().evaluateHandle(
    ({ name, data, type }) => {
      const transfer = new DataTransfer()
      transfer.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], name, { type }))
      return transfer
    },
    { name, data: bytes.toString('base64'), type },
  )
  const at = { clientX: box.x + box.width / 2, clientY: box.y + box.height - 10 }
  await target.dispatchEvent('dragenter', { dataTransfer, ...at })
  await target.dispatchEvent('dragover', { dataTransfer, ...at })
  await target.dispatchEvent('drop', { dataTransfer, ...at })
}

/** Pastes HTML as a browser does from a copied document: a paste event carrying text/html. */
async function pasteHtml(target: Locator, html: string) {
  await target.evaluate((element, html) => {
    const transfer = new DataTransfer()
    transfer.setData('text/html', html)
    transfer.setData('text/plain', 'plain')
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }))
  }, html)
}

test('she writes a post with the toolbar and a dropped picture, and visitors see it as she wrote it', async ({ page, admin }) => {
  await page.goto('/admin/blog-resources')
  await page.getByRole('button', { name: 'New post' }).click()
  const form = page.getByRole('form', { name: 'New blog post' })
  await form.getByLabel('Title').fill('Three Jars on the Shelf')
  await form.getByLabel('Excerpt').fill('Give, save, spend: a habit for the whole family.')
  await expect(form.getByText(/Write as in a word processor/)).toBeVisible()

  const editor = body(form)
  await editor.click()
  await tool(form, 'Heading').click()
  await expect(tool(form, 'Heading')).toHaveAttribute('aria-pressed', 'true')
  await editor.pressSequentially('Start small')
  await editor.press('Enter')
  await expect(tool(form, 'Heading')).toHaveAttribute('aria-pressed', 'false')
  await editor.pressSequentially('Three jars, ')
  await editor.press('ControlOrMeta+b')
  await expect(tool(form, 'Bold')).toHaveAttribute('aria-pressed', 'true')
  await editor.pressSequentially('every week')
  await editor.press('ControlOrMeta+b')
  await editor.pressSequentially(':')
  await editor.press('Enter')
  await tool(form, 'Bulleted list').click()
  for (const item of ['give', 'save', 'spend']) {
    await editor.pressSequentially(item)
    await editor.press('Enter')
  }
  await editor.press('Enter') // an empty item ends the list
  await expect(tool(form, 'Bulleted list')).toHaveAttribute('aria-pressed', 'false')
  await editor.pressSequentially('More ideas in ')
  // A link with nothing selected asks for its words too.
  await editor.press('ControlOrMeta+k')
  const linkDialog = page.getByRole('dialog', { name: 'Add a link' })
  await linkDialog.getByLabel('Address').fill('javascript:alert(1)')
  await linkDialog.getByRole('button', { name: 'Add link' }).click()
  await expect(linkDialog.getByText(/Type a web address/)).toBeVisible()
  await linkDialog.getByLabel('Address').fill('/resources')
  await linkDialog.getByLabel('Words to show').fill('our free resources')
  await linkDialog.getByRole('button', { name: 'Add link' }).click()
  await expect(editor.getByRole('link', { name: 'our free resources' })).toBeVisible()
  // Undo takes the link back out, redo puts it back.
  await tool(form, 'Undo').click()
  await expect(editor.getByRole('link')).toHaveCount(0)
  await tool(form, 'Redo').click()
  await expect(editor.getByRole('link', { name: 'our free resources' })).toBeVisible()
  await editor.press('End')
  await editor.pressSequentially('.')

  // The picture is uploaded to the library in parts, with its progress shown, then described and inserted.
  await page.route('**/api/admin/media/*/parts/*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400))
    await route.fallback()
  })
  await dropFile(editor, 'three-glass-jars.png', greenPng(600, 300), 'image/png')
  await expect(form.getByRole('progressbar', { name: 'Uploading three-glass-jars.png' })).toBeVisible()
  await expect(form.getByText(/Uploading "three-glass-jars.png"/)).toBeVisible()
  const describe = page.getByRole('dialog', { name: 'Describe the picture' })
  await expect(describe.getByLabel('What the picture shows')).toHaveValue('three glass jars')
  await describe.getByLabel('What the picture shows').fill('Three glass jars marked give, save and spend')
  await describe.getByRole('button', { name: 'Insert picture' }).click()
  await expect(editor.getByRole('img', { name: 'Three glass jars marked give, save and spend' })).toBeVisible()

  // The preview, as visitors will see it.
  await expect(page.getByTestId('post-preview-body').getByRole('heading', { level: 2, name: 'Start small' })).toBeVisible()
  await expect(page.getByTestId('post-preview-body').getByRole('img')).toHaveAttribute(
    'alt',
    'Three glass jars marked give, save and spend',
  )

  await form.getByLabel('Status').selectOption('published')
  await form.getByRole('button', { name: 'Create post' }).click()
  await expect(banner(page)).toHaveText('Blog post created successfully')

  const stored = (await admin.posts()).find((post) => post.title === 'Three Jars on the Shelf')!
  const content = (await admin.post(stored.id)).content
  expect(content).toMatch(
    /^## Start small\n\nThree jars, \*\*every week\*\*:\n\n- give\n- save\n- spend\n\nMore ideas in \[our free resources\]\(\/resources\)\.\n\n!\[Three glass jars marked give, save and spend\]\(\/media\/[^)\s]+\/three-glass-jars\.png\)$/,
  )

  await page.goto(`/blog/${stored.slug}`)
  const article = page.locator('article .prose')
  await expect(article.getByRole('heading', { level: 2, name: 'Start small' })).toBeVisible()
  await expect(article.locator('strong')).toHaveText('every week')
  await expect(article.getByRole('listitem')).toHaveText(['give', 'save', 'spend'])
  await expect(article.getByRole('link', { name: 'our free resources' })).toHaveAttribute('href', '/resources')
  const picture = article.getByRole('img', { name: 'Three glass jars marked give, save and spend' })
  await expect(picture).toBeVisible()
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600)
})

test('a demo post opened and saved without a change is stored byte for byte as it was', async ({ page, admin }) => {
  // The post that uses the most: headings of every level, lists, code, links, ✅/❌ lines, single line breaks.
  const demo = DEMO_POSTS.find((post) => post.title === 'Talking About Money Before You Say "I Do"')!
  const stored = (await admin.posts()).find((post) => post.title === demo.title)!
  expect((await admin.post(stored.id)).content).toBe(demo.content)

  await page.goto('/admin/blog-resources')
  await page
    .getByRole('row', { name: /Talking About Money/ })
    .getByRole('button', { name: /Edit/ })
    .click()
  const form = page.getByRole('form', { name: `Edit post ${demo.title}` })
  const editor = body(form)
  await expect(editor.getByRole('heading', { level: 1, name: 'Two people, one plan' })).toBeVisible()
  await expect(editor.getByRole('listitem')).toHaveCount(6)
  // The preview shows the page as visitors see it: the featured picture too.
  await expect(page.getByTestId('post-preview-featured')).toBeVisible()

  // A change undone is no change: the text she opened is what is saved.
  await editor.getByRole('heading', { level: 1 }).click()
  await editor.press('End')
  await editor.pressSequentially(' today')
  await expect(editor.getByRole('heading', { level: 1 })).toHaveText('Two people, one plan today')
  await editor.press('ControlOrMeta+z')
  await expect(editor.getByRole('heading', { level: 1 })).toHaveText('Two people, one plan')
  await form.getByRole('button', { name: 'Save changes' }).click()
  await expect(banner(page)).toHaveText('Blog post updated successfully')
  expect((await admin.post(stored.id)).content).toBe(demo.content)
})

test('a paste from a document keeps what a post may hold, and nothing in it runs in the editor, the preview or the post page', async ({
  page,
  context,
  admin,
  consoleErrors,
}) => {
  // Pictures in the payloads point nowhere, and fail.
  consoleErrors.allow(/Failed to load resource/)
  await keepLocal(context)
  const armed = await arm(page)
  await page.goto('/admin/blog-resources')
  await page.getByRole('button', { name: 'New post' }).click()
  const form = page.getByRole('form', { name: 'New blog post' })
  await form.getByLabel('Title').fill('Pasted from a document')
  await form.getByLabel('Excerpt').fill('What a paste keeps.')
  const editor = body(form)
  await editor.click()

  // As a word processor puts it on the clipboard (styles for bold and italic), with every payload in between.
  const html = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1">
    <h2 style="color:red"><span style="font-size:16pt">Saving together</span></h2>
    <p class="MsoNormal"><span style="font-weight:700">Start</span> small and <span style="font-style:italic">keep going</span>, with <a href="https://example.com/guide" onclick="window.__xss=1">our guide</a>.</p>
    <ul><li>one jar</li><li>two jars</li></ul><blockquote>Faithful in little things</blockquote>
    ${XSS_CORPUS.map((payload) => `<div>${payload}</div>`).join('\n')}</b>`
  await pasteHtml(editor, html)
  await expect(editor.getByRole('heading', { level: 2, name: 'Saving together' })).toBeVisible()
  const kept = await editor.evaluate((root) => {
    const tags = new Set<string>()
    const attributes = new Set<string>()
    for (const element of root.querySelectorAll('*')) {
      tags.add(element.localName)
      for (const attribute of element.attributes) attributes.add(`${element.localName}[${attribute.name}]`)
    }
    return { tags: [...tags].sort(), attributes: [...attributes].sort() }
  })
  // What ProseMirror itself draws (its trailing break, a selected picture's class) aside, only the kept elements.
  expect(
    kept.tags.filter((tag) => !['p', 'br', 'h1', 'h2', 'h3', 'strong', 'em', 'ul', 'ol', 'li', 'blockquote', 'a', 'img'].includes(tag)),
  ).toEqual([])
  expect(
    kept.attributes.filter(
      (name) =>
        !/^(?:a\[href\]|img\[(?:src|alt|contenteditable|draggable|class)\]|br\[class\]|ol\[(?:start|type)\]|li\[class\]|p\[class\])$/.test(
          name,
        ),
    ),
  ).toEqual([])
  await expect(editor.locator('strong').first()).toHaveText('Start')
  await expect(editor.locator('em').first()).toHaveText('keep going')
  await expect(editor.getByRole('link', { name: 'our guide' })).toHaveAttribute('href', 'https://example.com/guide')
  await expectInert(page, armed, 'the editor after the paste')

  await expect(page.getByRole('status').filter({ hasText: /^Preview$/ })).toBeVisible()
  await expect(page.getByTestId('post-preview-body').getByRole('heading', { level: 2, name: 'Saving together' })).toBeVisible()
  await expectInert(page, armed, 'the preview')

  await form.getByLabel('Status').selectOption('published')
  await form.getByRole('button', { name: 'Create post' }).click()
  await expect(banner(page)).toHaveText('Blog post created successfully')
  const stored = (await admin.posts()).find((post) => post.title === 'Pasted from a document')!
  await page.goto(`/blog/${stored.slug}`)
  await expect(page.locator('article .prose').getByRole('heading', { level: 2, name: 'Saving together' })).toBeVisible()
  await expectInert(page, armed, 'the post page')
})
