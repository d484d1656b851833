import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import * as blogPage from '#functions/blog-page.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { useBuiltPages } from '#tests/support/built-pages.ts'
import { fakeContext, TEST_ORIGIN } from '#tests/support/call.ts'
import { createPost } from '#tests/support/records.ts'
import { useSendgridMock } from '#tests/support/sendgrid.ts'

/**
 * A missing, deleted or draft post's address answers 404 with the unrendered page, where the app
 * shows "Post Not Found". That page must be allowed to run: under netlify dev it is Vite's page,
 * with an inline hot-reload preamble, which the built pages' policy would block (a blank page).
 * Vite's page comes from the address npm run dev names (VITE_DEV_ORIGIN), on the local runtime
 * only; a deployed function reads the built page shipped with it.
 */

useBlobsServer()
const site = useSendgridMock()

const BUILT_SHELL =
  '<!doctype html><html><head><script type="module" src="/assets/boot-1.js"></script></head><body><div id="root"></div></body></html>'
const VITE_SHELL =
  '<!doctype html><html><head><script type="module">import RefreshRuntime from "/@react-refresh"</script><script type="module" src="/@vite/client"></script></head><body><div id="root"></div></body></html>'
const POST_SHELL = '<!doctype html><html><head></head><body><div id="root"><!--page--></div></body></html>'
const VITE_ORIGIN = 'http://localhost:5173'

async function openPost(slug: string, shell: string, runtime: 'local' | 'deployed') {
  useBuiltPages({ 'shell.html': shell, 'post-shell.html': POST_SHELL })
  const response = await blogPage.default(new Request(`${TEST_ORIGIN}/blog/${slug}`), fakeContext({ params: { slug }, runtime }))
  return { status: response.status, policy: response.headers.get('content-security-policy') ?? '', html: await response.text() }
}

/** npm run dev: Vite's dev server at the address it names. */
function underNetlifyDev() {
  vi.stubEnv('VITE_DEV_ORIGIN', VITE_ORIGIN)
  site.use(http.get(`${VITE_ORIGIN}/`, () => HttpResponse.html(VITE_SHELL)))
}

describe('GET /blog/{slug} for a post that is not there', () => {
  it.each([
    ['an unknown address', async () => 'no-such-post'],
    ['a draft', async () => (await createPost({ status: 'draft' })).slug],
    ['an address no post can have', async () => 'Not_A_Slug'],
  ])('answers %s under netlify dev with a page its dev server can run', async (_case, slugOf) => {
    underNetlifyDev()
    const page = await openPost(await slugOf(), BUILT_SHELL, 'local')
    expect(page.status).toBe(404)
    expect(page.html).toContain('/@vite/client')
    expect(page.policy).toContain("script-src 'self' 'unsafe-inline'")
  })

  it('keeps the strict policy for the built page, locally and deployed', async () => {
    for (const runtime of ['local', 'deployed'] as const) {
      const page = await openPost('no-such-post', BUILT_SHELL, runtime)
      expect(page.status).toBe(404)
      expect(page.html).toBe(BUILT_SHELL)
      expect(page.policy).toContain("script-src 'self';")
      expect(page.policy).not.toContain('unsafe-inline')
    }
  })

  it('never asks the dev server on a deployed site, even with its variable set', async () => {
    // No handler answers the dev server's address here: a request to it would fail the test.
    vi.stubEnv('VITE_DEV_ORIGIN', VITE_ORIGIN)
    const page = await openPost('no-such-post', BUILT_SHELL, 'deployed')
    expect(page.status).toBe(404)
    expect(page.html).toBe(BUILT_SHELL)
  })

  it('never relaxes the policy on a deployed site, whatever the page holds', async () => {
    const page = await openPost('no-such-post', VITE_SHELL, 'deployed')
    expect(page.policy).not.toContain('unsafe-inline')
  })
})
