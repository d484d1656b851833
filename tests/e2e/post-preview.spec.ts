import type { Page } from '@playwright/test'
import { DEMO_POSTS } from '#lib/demo/content.ts'
import { manyLines, XSS_CORPUS } from '#tests/support/xss-corpus.ts'
import { expect, test } from '#tests/e2e/support/fixtures.ts'
import { postBody, typePostBody } from '#tests/e2e/support/post-editor.ts'
import { arm, expectInert, keepLocal } from '#tests/e2e/support/xss-pages.ts'

/**
 * The post editor's live preview shows the body exactly as the public post page does: the same
 * server pipeline (markdown, then the sanitizer), compared element for element in the browser.
 */
test.use({ signedInAs: 'admin' })

async function openEditor(page: Page, title: string) {
  await page.goto('/admin/blog-resources')
  await page
    .getByRole('row', { name: new RegExp(title.slice(0, 30).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .getByRole('button', { name: /Edit/ })
    .click()
  return page.getByRole('form', { name: `Edit post ${title}` })
}

const previewBody = (page: Page) => page.getByTestId('post-preview-body')
const previewReady = (page: Page) => expect(page.getByRole('status').filter({ hasText: /^Preview$/ })).toBeVisible()
const publicBody = (page: Page) => page.locator('article .prose')

async function expectPreviewMatchesPublicPage(page: Page, slug: string) {
  await previewReady(page)
  const preview = await previewBody(page).innerHTML()
  const visitor = await page.context().newPage()
  await visitor.goto(`/blog/${slug}`)
  await expect(publicBody(visitor)).toBeVisible()
  expect(preview.length).toBeGreaterThan(100)
  expect(preview).toBe(await publicBody(visitor).innerHTML())
  await visitor.close()
}

test('the markdown sample: the preview is the public page’s body, and follows what she types', async ({ page, admin }) => {
  // The demo posts use every markdown feature posts support.
  const published = DEMO_POSTS.filter((post) => post.status === 'published')
  const post = published.reduce((longest, next) => (next.content.length > longest.content.length ? next : longest))
  const { slug } = (await admin.posts()).find((stored) => stored.title === post.title)!
  const form = await openEditor(page, post.title)
  await expectPreviewMatchesPublicPage(page, slug)

  await postBody(form).click()
  await postBody(form).press('ControlOrMeta+a')
  await postBody(form).press('Delete')
  await typePostBody(form, ['## A new heading', 'Some **bold** words.'])
  await expect(previewBody(page).getByRole('heading', { level: 2, name: 'A new heading' })).toBeVisible()
  await expect(previewBody(page).locator('strong')).toHaveText('bold')
  await form.getByLabel('Title').fill('A changed title')
  await expect(page.getByRole('heading', { level: 2, name: 'A changed title' })).toBeVisible()
})

test('the XSS corpus: the preview equals the public page and runs nothing', async ({ page, context, admin, consoleErrors }) => {
  // Payload images point nowhere, and fail.
  consoleErrors.allow(/Failed to load resource/)
  await keepLocal(context)
  const armed = await arm(page)
  // A post body keeps line breaks and tabs but no other control character: the rest arrive as spaces.
  const content = XSS_CORPUS.slice(0, 150).map(manyLines).join('\n\n')
  const post = await admin.createPost({ title: 'Preview of the corpus', excerpt: 'Every payload.', content, status: 'published' })

  await openEditor(page, post.title)
  await expectPreviewMatchesPublicPage(page, post.slug)
  await expectInert(page, armed, 'the post editor with its preview')
})
