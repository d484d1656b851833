import type { Page } from '@playwright/test'
import { BLOG_MESSAGES } from '#domain/blog-post.ts'
import { toLocalInput } from '#domain/text.ts'
import { DEMO_POSTS } from '#lib/demo/content.ts'
import { expect, test } from '#tests/e2e/support/fixtures.ts'
import { postBody } from '#tests/e2e/support/post-editor.ts'
import { signIn } from '#tests/e2e/support/sign-in.ts'

/**
 * Publishing with confidence, in the browser against the real functions: a draft read at its own
 * address by signed-in people only, a scheduled post that appears when the publishing job runs
 * after its time (not before), an edited address that keeps the old one working, and an editor
 * that asks before unsaved changes are lost.
 */
async function openPosts(page: Page) {
  await page.getByRole('link', { name: 'Blog & Resources', exact: true }).click()
  await expect(page.getByRole('button', { name: 'New post' })).toBeVisible()
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const PUBLISHED = DEMO_POSTS.find((demo) => demo.status === 'published')!
const editButton = (page: Page, title: string) =>
  page.getByRole('row', { name: new RegExp(escape(title)) }).getByRole('button', { name: /Edit/ })
const postTitle = (page: Page) => page.getByRole('heading', { level: 1 })
const notFound = (page: Page) => expect(page.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible()

test('a draft’s address shows it to signed-in people only', async ({ page, admin, server, serverURL, consoleErrors }) => {
  consoleErrors.allow(/404/)
  const draft = await admin.createPost({
    title: 'Sunday thoughts on giving',
    excerpt: 'Soon.',
    content: 'Coming **Tuesday**.',
    status: 'draft',
  })

  await page.goto(`/blog/${draft.slug}`)
  await notFound(page)

  await signIn(page, server, serverURL, 'admin')
  await page.goto(`/blog/${draft.slug}`)
  await expect(postTitle(page)).toHaveText('Sunday thoughts on giving')
  await expect(page.getByRole('note')).toContainText(BLOG_MESSAGES.draftNotice)
  await expect(page.locator('article .prose strong')).toHaveText('Tuesday')

  // Another visitor, without the session, still finds nothing there.
  const visitor = await page.context().browser()!.newPage()
  await visitor.goto(page.url())
  await expect(visitor.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible()
  await visitor.close()
})

test('a post scheduled ahead is absent from /blog, its page, the feed and the sitemap until the job runs after its time', async ({
  page,
  server,
  serverURL,
  admin,
  consoleErrors,
}) => {
  consoleErrors.allow(/404/)
  const title = 'Written on Sunday for Tuesday'
  await signIn(page, server, serverURL, 'admin')
  await openPosts(page)
  await page.getByRole('button', { name: 'New post' }).click()
  const form = page.getByRole('form', { name: 'New blog post' })
  await form.getByLabel('Title').fill(title)
  await form.getByLabel('Excerpt').fill('Planned ahead.')
  await postBody(form).fill('A post that waits for its day.')
  await form.getByLabel('Status').selectOption('scheduled')
  // Two minutes ahead, to the minute: the field has no seconds.
  const inTwoMinutes = toLocalInput(new Date(Date.now() + 2 * 60_000).toISOString())
  await form.getByLabel('Publish at').fill(inTwoMinutes)
  await form.getByRole('button', { name: 'Create post' }).click()
  const row = page.getByRole('row', { name: new RegExp(title) })
  await expect(row).toContainText('Scheduled')

  const stored = (await admin.posts()).find((post) => post.title === title)!
  const runJob = async () => expect((await server.post('/.netlify/functions/publish-scheduled')).status()).toBe(204)
  const expectAbsent = async () => {
    const [feed, sitemap] = await Promise.all([server.get('/rss.xml'), server.get('/sitemap.xml')])
    expect(await feed.text()).not.toContain(stored.slug)
    expect(await sitemap.text()).not.toContain(stored.slug)
    expect((await server.get(`/blog/${stored.slug}`)).status()).toBe(404)
    const visitor = await page.context().browser()!.newPage()
    await visitor.goto(`${new URL(page.url()).origin}/blog`)
    await expect(visitor.getByRole('link', { name: new RegExp(escape(PUBLISHED.title)) }).first()).toBeVisible()
    await expect(visitor.getByText(title)).toHaveCount(0)
    await visitor.close()
  }
  await expectAbsent()
  await runJob()
  await expectAbsent()

  // Brought forward to a moment from now, the time passes; until the job runs, still absent.
  const soon = new Date(Date.now() + 1_500).toISOString()
  await admin.updatePost(stored.id, {
    title,
    excerpt: 'Planned ahead.',
    content: 'A post that waits for its day.',
    status: 'scheduled',
    publishAt: soon,
  })
  await expect.poll(() => Date.now()).toBeGreaterThan(Date.parse(soon))
  await expectAbsent()

  await runJob()
  const [feed, sitemap] = await Promise.all([server.get('/rss.xml'), server.get('/sitemap.xml')])
  expect(await feed.text()).toContain(`/blog/${stored.slug}`)
  expect(await sitemap.text()).toContain(`/blog/${stored.slug}`)
  await page.goto('/blog')
  await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible()
  await page.goto(`/blog/${stored.slug}`)
  await expect(postTitle(page)).toHaveText(title)
  await expect(page.getByRole('note')).toHaveCount(0)
})

test('an edited address: the old one leads to the post at its new address', async ({ page, server, serverURL, admin }) => {
  const post = PUBLISHED
  const { slug: oldSlug } = (await admin.posts()).find((stored) => stored.title === post.title)!
  await signIn(page, server, serverURL, 'admin')
  await openPosts(page)
  await editButton(page, post.title.slice(0, 20)).click()
  const form = page.getByRole('form', { name: `Edit post ${post.title}` })
  await expect(form.getByLabel('Address', { exact: true })).toHaveValue(oldSlug)
  await form.getByLabel('Address', { exact: true }).fill('emergency-fund')
  await form.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.locator('.flash-text')).toHaveText(BLOG_MESSAGES.updated)

  const answer = await server.get(`/blog/${oldSlug}`, { maxRedirects: 0 })
  expect(answer.status()).toBe(301)
  expect(answer.headers().location).toBe('/blog/emergency-fund')

  await page.goto(`/blog/${oldSlug}`)
  await expect(page).toHaveURL(/\/blog\/emergency-fund$/)
  await expect(postTitle(page)).toHaveText(post.title)
})

test('leaving the editor with unsaved changes asks first; Keep editing keeps what she typed', async ({ page, server, serverURL }) => {
  const post = PUBLISHED
  await signIn(page, server, serverURL, 'admin')
  await openPosts(page)
  await editButton(page, post.title.slice(0, 20)).click()
  const form = page.getByRole('form', { name: `Edit post ${post.title}` })
  const question = page.getByRole('dialog', { name: 'Leave without saving?' })

  // Nothing changed yet: leaving does not ask.
  await form.getByRole('button', { name: 'Cancel' }).click()
  await expect(form).toBeHidden()
  await expect(question).toHaveCount(0)

  await editButton(page, post.title.slice(0, 20)).click()
  await form.getByLabel('Title').fill('A title not saved yet')

  await page.getByRole('link', { name: 'Dashboard' }).click()
  await expect(question).toBeVisible()
  await question.getByRole('button', { name: 'Keep editing' }).click()
  await expect(question).toBeHidden()
  await expect(form.getByLabel('Title')).toHaveValue('A title not saved yet')
  await expect(page).toHaveURL(/\/admin\/blog-resources/)

  await form.getByRole('button', { name: 'Cancel' }).click()
  await question.getByRole('button', { name: 'Keep editing' }).click()
  await expect(form.getByLabel('Title')).toHaveValue('A title not saved yet')

  await page.getByRole('link', { name: 'Dashboard' }).click()
  await question.getByRole('button', { name: 'Leave' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
})
