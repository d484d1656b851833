import { AdminApi } from '#tests/e2e/support/admin-api.ts'
import { expect, test } from '#tests/e2e/support/fixtures.ts'
import { arm, keepLocal, storePosts, visit } from '#tests/e2e/support/xss-pages.ts'
import { TITLES } from '#tests/support/xss-corpus.ts'

/**
 * Post pages opened directly, over the XSS corpus (see tests/e2e/xss-everywhere.spec.ts): a post
 * page's head and body are written by the server, then the app hydrates it. Every one of the
 * corpus's posts is rendered and parsed on the server in tests/functions/xss-post-pages.test.ts;
 * here a sample spread over the corpus is opened in the browser, where a payload would run.
 */

test.use({ keepData: true, actionTimeout: 15_000, navigationTimeout: 30_000 })

test.beforeEach(async ({ context, consoleErrors }) => {
  // Payload images (src=x, https://invalid.example/...) point nowhere.
  consoleErrors.allow(/Failed to load resource/)
  await keepLocal(context)
})

/** Every SAMPLE-th post of the corpus, so each kind of payload in the list has some in the sample. */
const SAMPLE = 12
const SAMPLED = TITLES.map((_, i) => i).filter((i) => i % SAMPLE === 0)

test(`post pages opened directly run nothing (${SAMPLED.length} of the corpus's ${TITLES.length})`, async ({ page, server, serverURL }) => {
  expect((await server.post('/api/dev/seed', { data: { reset: true } })).status()).toBe(200)
  const admin = await AdminApi.login(server)
  await storePosts(admin, serverURL, SAMPLED)
  const posts = (await admin.posts()).filter((post) => post.status === 'published')
  expect(posts).toHaveLength(SAMPLED.length)

  const armed = await arm(page)
  for (const post of posts) {
    await visit(page, armed, `/blog/${post.slug}`, () => expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(post.title))
  }
})
