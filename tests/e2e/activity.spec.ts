import type { Page } from '@playwright/test'
import { DEMO_POSTS, DEMO_RESOURCES } from '#lib/demo/content.ts'
import { expect, test } from '#tests/e2e/support/fixtures.ts'
import { postBody, typePostBody } from '#tests/e2e/support/post-editor.ts'
import { signIn } from '#tests/e2e/support/sign-in.ts'

/**
 * The history of admin writes and a post's versions, in the browser against the real functions:
 * writes made by two people through the admin appear on Activity by the right name, filter by
 * person and kind, and the dashboard shows the latest; an older version of a post comes back.
 */
async function signOut(page: Page) {
  await page.getByRole('button', { name: /Logout/ }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
}

const banner = (page: Page) => page.locator('.flash-text')
const entries = (page: Page) =>
  page
    .getByRole('list')
    .filter({ has: page.locator('time') })
    .first()
    .locator(':scope > li')

test('Activity lists each write by who made it, filters by person and kind, and the dashboard shows the latest', async ({
  page,
  server,
  serverURL,
}) => {
  // The editor writes a post and a site text.
  await signIn(page, server, serverURL, 'editor')
  await page.getByRole('link', { name: 'Blog & Resources', exact: true }).click()
  await page.getByRole('button', { name: 'New post' }).click()
  const form = page.getByRole('form', { name: 'New blog post' })
  await form.getByLabel('Title').fill('Saving for a Rainy Season')
  await form.getByLabel('Excerpt').fill('Small, steady, faithful.')
  await typePostBody(form, ['Start with **ten dollars**.'])
  await form.getByRole('button', { name: 'Create post' }).click()
  await expect(banner(page)).toHaveText('Blog post created successfully')
  await page.getByRole('link', { name: 'Content', exact: true }).click()
  await page.getByRole('tab', { name: 'Stored items' }).click()
  await page.getByRole('button', { name: 'Add content' }).click()
  const text = page.getByRole('form', { name: 'Add content' })
  await text.getByLabel('Section').fill('home')
  await text.getByLabel('Key').fill('heroTitle')
  await text.getByLabel('Value').fill('Money with meaning')
  await text.getByRole('button', { name: 'Save' }).click()
  await expect(banner(page)).toHaveText('Content saved successfully')
  // Activity is for admins: the editor is not offered it.
  await expect(page.getByRole('link', { name: 'Activity' })).toHaveCount(0)
  await signOut(page)

  // The admin edits a resource and deletes a post.
  await signIn(page, server, serverURL, 'admin')
  await page.getByRole('link', { name: 'Blog & Resources', exact: true }).click()
  await page.getByRole('tab', { name: /Resources/ }).click()
  const resourceTitle = DEMO_RESOURCES.find((resource) => resource.isActive !== false)!.title
  const resourceRow = page.getByRole('row', { name: new RegExp(resourceTitle.slice(0, 20)) })
  await resourceRow.getByRole('button', { name: /Edit/ }).click()
  await page
    .getByRole('form', { name: /Edit resource/ })
    .getByLabel('Active (shown on the Resources page)')
    .uncheck()
  await page
    .getByRole('form', { name: /Edit resource/ })
    .getByRole('button', { name: 'Save changes' })
    .click()
  await expect(banner(page)).toHaveText('Resource updated successfully')
  await page.getByRole('tab', { name: /Blog Posts/ }).click()
  const doomed = DEMO_POSTS.find((post) => post.status === 'draft')!
  await page
    .getByRole('row', { name: new RegExp(doomed.title.slice(0, 20)) })
    .getByRole('button', { name: /Delete/ })
    .click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expect(banner(page)).toHaveText('Blog post deleted successfully')

  // The dashboard shows the latest, newest first.
  await page.getByRole('link', { name: 'Dashboard' }).click()
  const latest = page.getByRole('region', { name: 'Latest activity' })
  await expect(latest.getByRole('listitem').first()).toContainText(`admin deleted the post "${doomed.title}"`)

  await latest.getByRole('link', { name: 'All activity' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible()
  const lines = entries(page)
  await expect(lines).toHaveCount(4)
  await expect(lines.nth(0)).toContainText(`admin deleted the post "${doomed.title}"`)
  await expect(lines.nth(1)).toContainText(`admin updated the resource "${resourceTitle}"`)
  await expect(lines.nth(1)).toContainText('Active: “Yes” → “No”')
  // Named as the Content screen names it; the demo's title was built-in until then.
  await expect(lines.nth(2)).toContainText('editor updated the text "Home page · Title"')
  await expect(lines.nth(2)).toContainText('→ “Money with meaning”')
  await expect(lines.nth(3)).toContainText('editor created the post "Saving for a Rainy Season"')

  await page.getByLabel('Who').selectOption({ label: 'editor' })
  await expect(lines).toHaveCount(2)
  await expect(lines.nth(0)).toContainText('editor updated the text')
  await page.getByLabel('Kind').selectOption({ label: 'Blog posts' })
  await expect(lines).toHaveCount(1)
  await expect(lines.nth(0)).toContainText('editor created the post')
  await expect(page).toHaveURL(/subject=post/)
  await page.getByLabel('Who').selectOption({ label: 'Everyone' })
  await expect(lines).toHaveCount(2)
})

test('an older version of a post can be looked at and brought back', async ({ page, admin, server, serverURL }) => {
  const post = DEMO_POSTS.find((demo) => demo.title === 'Building Your First Family Budget')!
  const stored = (await admin.posts()).find((p) => p.title === post.title)!
  await admin.updatePost(stored.id, { title: post.title, excerpt: post.excerpt, content: 'A rewrite that did not work.', tags: post.tags })

  await signIn(page, server, serverURL, 'admin')
  await page.getByRole('link', { name: 'Blog & Resources', exact: true }).click()
  await page
    .getByRole('row', { name: new RegExp(post.title.slice(0, 20)) })
    .getByRole('button', { name: /Edit/ })
    .click()
  const form = page.getByRole('form', { name: `Edit post ${post.title}` })
  await expect(postBody(form)).toHaveText('A rewrite that did not work.')
  const history = page.getByRole('region', { name: 'History' })
  await expect(history.getByRole('listitem')).toHaveCount(2)

  // Looking at the first version shows it in the preview, without touching the form.
  await history
    .getByRole('button', { name: /^View the version/ })
    .nth(1)
    .click()
  await expect(page.getByRole('status').filter({ hasText: /^Version of / })).toBeVisible()
  await expect(page.getByTestId('post-preview-body')).not.toContainText('A rewrite that did not work.')
  await expect(postBody(form)).toHaveText('A rewrite that did not work.')
  await page.getByRole('button', { name: 'Back to the editor’s text' }).click()

  await history.getByRole('button', { name: /^Restore the version/ }).click()
  await expect(postBody(form).getByRole('heading', { level: 2, name: 'Before you start' })).toBeVisible()
  // The form has other status lines (the picture field's): the one that says so.
  await expect(form.getByRole('status').filter({ hasText: 'Save changes to keep it.' })).toBeVisible()
  await form.getByRole('button', { name: 'Save changes' }).click()
  await expect(banner(page)).toHaveText('Blog post updated successfully')

  const page2 = await server.get(`/blog/${stored.slug}`)
  expect(await page2.text()).not.toContain('A rewrite that did not work.')
  await page.goto(`/blog/${stored.slug}`)
  await expect(page.locator('article .prose')).not.toContainText('A rewrite that did not work.')
  await expect(page.getByRole('heading', { level: 2, name: 'Before you start' })).toBeVisible()
})
