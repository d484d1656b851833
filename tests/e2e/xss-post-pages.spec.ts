import { AdminApi } from '#tests/e2e/support/admin-api.ts'
import { expect, test } from '#tests/e2e/support/fixtures.ts'
import { arm, keepLocal, storePosts, TITLES, visit } from '#tests/e2e/support/xss-pages.ts'

/**
 * Every post page opened directly, over the XSS corpus (see tests/e2e/xss-everywhere.spec.ts): a
 * post page's head and body are written by the server (the blog-page function), so each one is a
 * page of its own to check. A file of its own, so it runs beside the other XSS checks.
 */

test.use({ keepData: true, actionTimeout: 15_000, navigationTimeout: 30_000 })
// Two halves, each storing and opening its own posts: the workers share the work.
test.describe.configure({ mode: 'parallel', timeout: 8 * 60_000 })

test.beforeEach(async ({ context, consoleErrors }) => {
  // Payload images (src=x, https://invalid.example/...) point nowhere.
  consoleErrors.allow(/Failed to load resource/)
  await keepLocal(context)
})

const HALF = Math.ceil(TITLES.length / 2)

for (const part of [
  { name: 'first half', from: 0, to: HALF },
  { name: 'second half', from: HALF, to: TITLES.length },
]) {
  test(`every post page, opened directly (its head is written by the server): ${part.name}`, async ({ page, server, serverURL }) => {
    expect((await server.post('/api/dev/seed', { data: { reset: true } })).status()).toBe(200)
    const admin = await AdminApi.login(server)
    await storePosts(admin, serverURL, part)
    const posts = (await admin.posts()).filter((post) => post.status === 'published')
    expect(posts).toHaveLength(part.to - part.from)

    const armed = await arm(page)
    for (const post of posts) {
      await visit(page, armed, `/blog/${post.slug}`, () => expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(post.title))
    }
  })
}
