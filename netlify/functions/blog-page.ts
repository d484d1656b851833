import type { Config } from '@netlify/functions'
import { PAGE_HEADERS } from '../../build/headers'
import { isHostingDomain } from '../../domain/hosting'
import { posts } from '../lib/data/posts'
import { StorageUnavailableError } from '../lib/blobs'
import { HttpError, REVALIDATE, revalidated, route } from '../lib/http'
import { postMeta, withHead } from '../lib/seo'
import { siteName } from '../lib/site-name'
import { siteUrl } from '../lib/site-url'

/**
 * GET /blog/{slug} as a link preview or crawler fetches it (DECISIONS.md 12): the site's own
 * unrendered page (shell.html) with the post's title, description, canonical URL, Open Graph, Twitter card and
 * JSON-LD in the head. The app then starts as on any other page. A missing post answers 404 with
 * the plain page, which shows "Post Not Found".
 */
export default route({
  GET: async (req, context) => {
    const template = await fetchTemplate(req)
    const slug = context.params?.slug ?? ''
    const headers = { ...PAGE_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': REVALIDATE }
    try {
      const post = /^[a-z0-9-]{1,100}$/.test(slug) ? await posts.find({ slug }) : null
      if (!post || post.status !== 'published') return new Response(template, { status: 404, headers })
      const page = withHead(template, postMeta(post, siteUrl(req), await siteName()))
      return revalidated(req, page.replace('</head>', `  ${preloadPost(req, post.slug)}\n  </head>`), headers)
    } catch (error) {
      // A visitor gets the page, not a JSON error: the app then shows its own "could not load" state.
      if (!(error instanceof StorageUnavailableError)) throw error
      console.error('storage unavailable:', error.cause)
      return new Response(template, { status: 503, headers: { ...headers, 'Cache-Control': 'no-store', 'Retry-After': '5' } })
    }
  },
})

/**
 * The post's data is what this page waits for: the browser starts its request with the page's
 * code instead of after it. Same address as the app's own call (the host-domain rule of
 * domain/hosting.ts), so the app's fetch takes the preloaded answer.
 */
function preloadPost(req: Request, slug: string): string {
  const base = isHostingDomain(new URL(req.url).hostname) ? '/.netlify/functions/blog-posts' : '/api/blog-posts'
  return `<link rel="preload" href="${base}?slug=${slug}" as="fetch" crossorigin="anonymous" />`
}

/** The built, unrendered page, from the CDN that serves it (or Vite's dev server under netlify dev). */
async function fetchTemplate(req: Request): Promise<string> {
  const response = await fetch(new URL('/shell.html', req.url), { signal: AbortSignal.timeout(5_000) }).catch(() => null)
  if (!response?.ok) throw new HttpError(503, 'The page is temporarily unavailable. Please try again in a moment.', { 'Retry-After': '5' })
  return response.text()
}

export const config: Config = { path: '/blog/:slug' }
