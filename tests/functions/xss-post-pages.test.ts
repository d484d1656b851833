import { JSDOM } from 'jsdom'
import * as z from 'zod/mini'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { INITIAL_DATA_ID } from '#domain/initial-data.ts'
import { postPath } from '#domain/route-map.ts'
import { PostInputSchema } from '#domain/blog-post.ts'
import * as blogPage from '#functions/blog-page.ts'
import { posts } from '#lib/data/posts.ts'
import { startBlobsServer, type RunningBlobsServer } from '#tests/support/blobs-server.ts'
import { fakeContext, TEST_ORIGIN } from '#tests/support/call.ts'
import { pageActiveContent } from '#tests/support/page-active-content.ts'
import { postWithPayloads, TITLES } from '#tests/support/xss-corpus.ts'

/**
 * Every post page over the XSS corpus (tests/support/xss-corpus.ts): a post for each packed title,
 * checked by the post schema and stored, so every payload is in a title, an excerpt, a tag, a body and
 * an image address. The post page function writes each page's head (title, description, Open
 * Graph, JSON-LD) and draws its body on the server; each page is parsed as a browser parses it and
 * must hold nothing that could run. tests/e2e/xss-post-pages.spec.ts opens a sample of them in the
 * browser, where the app hydrates them.
 */
const slugs: { slug: string; title: string }[] = []
let blobs: RunningBlobsServer

beforeAll(async () => {
  blobs = await startBlobsServer()
  // Checked by the post schema as the admin's save checks it, then stored by the data module, one
  // after another (every post is in the one posts index).
  for (const [i, title] of TITLES.entries()) {
    const post = await posts.create(z.parse(PostInputSchema, { ...postWithPayloads(i, TEST_ORIGIN), status: 'published' }), 'Coach Test')
    slugs.push({ slug: post.slug, title })
  }
}, 120_000)
afterAll(async () => {
  await blobs?.stop()
})

const squash = (text: string) => text.replace(/\s+/g, ' ').trim()

it(`each of the ${TITLES.length} post pages is drawn with its title and holds nothing that could run`, async () => {
  const problems: string[] = []
  for (const { slug, title } of slugs) {
    const response = await blogPage.default(new Request(`${TEST_ORIGIN}${postPath(slug)}`), fakeContext({ params: { slug } }))
    expect(response.status).toBe(200)
    const { document } = new JSDOM(await response.text(), { url: `${TEST_ORIGIN}${postPath(slug)}` }).window
    expect(squash(document.querySelector('h1')?.textContent ?? '')).toBe(squash(title))
    problems.push(...pageActiveContent(document, INITIAL_DATA_ID).map((problem) => `${slug}: ${problem}`))
  }
  expect(problems).toEqual([])
  // 136 pages rendered and parsed one after another: about 12 s alone, longer on a loaded machine.
}, 60_000)
