import type { Page } from '@playwright/test'
import { DEMO_POSTS } from '#lib/demo/content.ts'
import { expect, failedImageLog, failedResourceLog, holdRequests, notFoundDocumentLog, openWithinTheApp, test, US_LONG_DATE } from '#tests/e2e/support/fixtures.ts'

/** The public blog list (docs/product.md, Blog). */

const published = DEMO_POSTS.filter((post) => post.status === 'published')
const drafts = DEMO_POSTS.filter((post) => post.status !== 'published')
const publishedTags = [...new Set(published.flatMap((post) => post.tags ?? []))].sort((a, b) => a.localeCompare(b))

const tagBar = (page: Page) => page.getByRole('group', { name: 'Filter by topic' })
const cards = (page: Page) => page.getByRole('list', { name: 'Posts' }).getByRole('article')
const cardTitles = (page: Page) => cards(page).getByRole('heading')
const card = (page: Page, title: string) => cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) })

test('only published posts are listed, newest first; the draft never appears', async ({ page }) => {
  expect(drafts.length, 'the demo data has a draft').toBeGreaterThan(0)
  await page.goto('/blog')
  await expect(cardTitles(page)).toHaveText(published.map((post) => post.title))
  for (const draft of drafts) await expect(page.getByText(draft.title)).toHaveCount(0)
  for (const post of published) await expect(card(page, post.title)).toContainText(post.excerpt)
})

test('a card title opens its post', async ({ page }) => {
  await page.goto('/blog')
  const post = published[1]!
  await card(page, post.title).getByRole('link', { name: post.title }).click()
  await expect(page).toHaveURL(/\/blog\/talking-about-money-before-you-say-i-do$/)
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(post.title)
})

test('the tag filter offers All Posts plus each tag and filters the list', async ({ page }) => {
  await page.goto('/blog')
  await expect(tagBar(page).getByRole('button')).toHaveText(['All Posts', ...publishedTags])
  await expect(tagBar(page).getByRole('button', { name: 'All Posts' })).toHaveAttribute('aria-pressed', 'true')

  for (const tag of publishedTags) {
    await tagBar(page).getByRole('button', { name: tag, exact: true }).click()
    await expect(tagBar(page).getByRole('button', { name: tag, exact: true })).toHaveAttribute('aria-pressed', 'true')
    await expect(tagBar(page).locator('[aria-pressed="true"]')).toHaveCount(1)
    await expect(page).toHaveURL(`/blog?tag=${encodeURIComponent(tag)}`)
    await expect(cardTitles(page)).toHaveText(published.filter((post) => post.tags?.includes(tag)).map((post) => post.title))
  }

  await tagBar(page).getByRole('button', { name: 'All Posts' }).click()
  await expect(cardTitles(page)).toHaveText(published.map((post) => post.title))
})

test('a tag from the address filters on arrival', async ({ page }) => {
  await page.goto('/blog?tag=Marriage')
  await expect(tagBar(page).getByRole('button', { name: 'Marriage' })).toHaveAttribute('aria-pressed', 'true')
  await expect(cardTitles(page)).toHaveText(published.filter((post) => post.tags?.includes('Marriage')).map((post) => post.title))
})

test('a tag with spaces and an ampersand filters, survives a reload, and is reachable from the post page', async ({ page, admin }) => {
  await admin.createPost({ title: 'Faith and Money Together', excerpt: 'On both.', content: 'Body.', tags: ['Money & Faith'] })
  await page.goto('/blog')
  await tagBar(page).getByRole('button', { name: 'Money & Faith' }).click()
  await expect(cardTitles(page)).toHaveText(['Faith and Money Together'])
  await page.reload()
  await expect(tagBar(page).getByRole('button', { name: 'Money & Faith' })).toHaveAttribute('aria-pressed', 'true')
  await expect(cardTitles(page)).toHaveText(['Faith and Money Together'])

  await page.goto('/blog/faith-and-money-together')
  await page.getByRole('article').getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'Money & Faith' }).click()
  await expect(tagBar(page).getByRole('button', { name: 'Money & Faith' })).toHaveAttribute('aria-pressed', 'true')
  await expect(cardTitles(page)).toHaveText(['Faith and Money Together'])
})

test('a tag with no posts says so, and "View all posts" clears the filter', async ({ page, consoleErrors }) => {
  // A topic no post has is a 404 no cache keeps (docs/architecture.md, The cache key), drawn as the blog.
  consoleErrors.allow(notFoundDocumentLog('/blog?tag=Nonexistent'))
  const response = await page.goto('/blog?tag=Nonexistent')
  expect(response?.status()).toBe(404)
  await expect(cards(page)).toHaveCount(0)
  await expect(page.getByText(/No posts.*Nonexistent/)).toBeVisible()
  await page.getByRole('button', { name: 'View all posts' }).click()
  await expect(page).toHaveURL('/blog')
  await expect(tagBar(page).getByRole('button', { name: 'All Posts' })).toHaveAttribute('aria-pressed', 'true')
  await expect(cardTitles(page)).toHaveText(published.map((post) => post.title))
  await expect(page.getByText(/No posts.*Nonexistent/)).toHaveCount(0)
})

test('with no published posts the page says "No blog posts available yet."', async ({ page, admin }) => {
  // Only the draft is left: it must not count.
  for (const post of await admin.posts()) if (post.status === 'published') await admin.deletePost(post.id)
  await page.goto('/blog')
  await expect(page.getByText('No blog posts available yet.', { exact: true })).toBeVisible()
  await expect(cards(page)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'View all posts' })).toHaveCount(0)
})

test('a list that fails to load shows the empty state', async ({ page, consoleErrors }) => {
  consoleErrors.allow(failedResourceLog(500))
  await page.route('**/api/blog-posts', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"message":"Down"}' }),
  )
  await openWithinTheApp(page, 'Blog')
  await expect(page.getByText('No blog posts available yet.', { exact: true })).toBeVisible()
})

test('a loading state shows while the list is on its way', async ({ page }) => {
  const held = await holdRequests(page, '**/api/blog-posts')
  await openWithinTheApp(page, 'Blog')
  await expect(page.getByRole('status').filter({ hasText: 'Loading posts…' })).toBeVisible()
  await expect(cards(page)).toHaveCount(0)
  expect(held.held()).toBe(1)
  held.release()
  await expect(cardTitles(page)).toHaveText(published.map((post) => post.title))
  await expect(page.getByText('Loading posts…')).toHaveCount(0)
})

test('cards show at most two tags', async ({ page, admin }) => {
  await admin.createPost({
    title: 'Four Tags Post',
    excerpt: 'A post with four tags.',
    content: 'Body.',
    tags: ['Alpha', 'Beta', 'Gamma', 'Delta'],
  })
  await page.goto('/blog')
  const tags = card(page, 'Four Tags Post').getByRole('list', { name: 'Tags' }).getByRole('listitem')
  await expect(tags).toHaveText(['Alpha', 'Beta'])
  // Every tag is still a filter, so a post is found by its third tag.
  await tagBar(page).getByRole('button', { name: 'Gamma' }).click()
  await expect(cardTitles(page)).toHaveText(['Four Tags Post'])
  for (const post of published) {
    await expect(card(page, post.title)).toHaveCount(0)
  }
})

test('a card whose featured image fails to load hides the image', async ({ page, admin, consoleErrors }) => {
  consoleErrors.allow(failedImageLog(404, '/images/no-such-card-image.png'))
  await admin.createPost({
    title: 'Broken Card Image',
    excerpt: 'Image missing.',
    content: 'Body.',
    featuredImage: '/images/no-such-card-image.png',
  })
  await page.goto('/blog')
  await expect(card(page, 'Broken Card Image')).toBeVisible()
  await expect(card(page, 'Broken Card Image').locator('img')).toHaveCount(0)
  // The control: the demo post with a working image shows it.
  const working = card(page, 'Your Emergency Fund: Peace of Mind for the Unexpected').locator('img')
  await expect(working).toBeVisible()
  await expect.poll(() => working.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
})

test('dates are in US long format and match the publication date', async ({ page, request }) => {
  const { blogPosts } = (await (await request.get('/api/blog-posts')).json()) as {
    blogPosts: { title: string; publishedAt: string }[]
  }
  await page.goto('/blog')
  await expect(cards(page)).toHaveCount(published.length)
  for (const post of blogPosts) {
    const time = card(page, post.title).locator('time')
    await expect(time).toHaveText(US_LONG_DATE)
    const expected = new Date(post.publishedAt).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    })
    await expect(time).toHaveText(expected)
  }
})
