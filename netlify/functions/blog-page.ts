import type { Config, Context } from '@netlify/functions'
import { CONTENT_SECURITY_POLICY, devPolicy, PAGE_HEADERS } from '#build/headers.ts'
import { isHostingDomain } from '#domain/hosting.ts'
import { functionPath, postPath } from '#domain/route-map.ts'
import { ENDPOINTS } from '#domain/endpoints.ts'
import { blogPage } from '#domain/api/pages.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { StorageUnavailableError } from '#lib/storage/blobs.ts'
import { posts } from '#lib/data/posts.ts'
import { runtimeOf } from '#lib/config/env.ts'
import { REVALIDATE, revalidated, SECURITY_HEADERS } from '#lib/http/route.ts'
import { renderedPost } from '#lib/pages/markdown.ts'
import { builtPage, PAGE_TEMPLATES, SHELL_PAGE } from '#lib/built-pages.ts'
import { fetchedPagePolicy, isPageTemplate, policyAllowingStyles, renderIntoTemplate } from '#lib/pages/render.ts'
import { insertBeforeHeadEnd, postMeta, withHead } from '#lib/pages/seo.ts'
import { content } from '#lib/data/content.ts'
import { toSiteTexts } from '#domain/content-item.ts'
import { shownText } from '#domain/page-titles.ts'
import { siteUrl } from '#lib/config/site-url.ts'
import { CACHE_TAGS, canonicalRedirect, cdnCacheHeaders, type CdnKey } from '#lib/http/cdn.ts'

/**
 * GET /blog/{slug}: the post page, rendered here so it reads and paints before any JavaScript
 * with the post's title, description, canonical URL, Open Graph, Twitter card and
 * JSON-LD in the head for link previews and crawlers. The app then hydrates it
 * from the post embedded in the page. A post's former address (its slug was edited) redirects for
 * good. A missing post answers 404 with the unrendered page, which shows "Post Not Found" (or, to
 * a signed-in editor, the draft: the app asks the admin preview). Under Vite's dev server there is no built post page to render into:
 * the post is then drawn in the browser, its data preloaded.
 */
/**
 * A post page shows the post and the site's texts (its name, the newsletter box): either changing
 * purges it. The post is in the path: the page reads no query parameter, so a link with tracking
 * parameters reaches the same copy.
 */
const POST_PAGE: CdnKey = { tags: [CACHE_TAGS.posts, CACHE_TAGS.content], query: [] }
/** A former address's redirect changes only with the posts. */
const MOVED: CdnKey = { tags: [CACHE_TAGS.posts], query: [] }

export default endpoint(blogPage, {
  GET: async ({ req, context }) => {
    const slug = context.params?.slug ?? ''
    const headers = { ...PAGE_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': REVALIDATE }
    const valid = /^[a-z0-9-]{1,100}$/.test(slug)
    // The CDN keys a copy by the path as it was written: `%61` for `a` would be one more copy of
    // the same post. Only the plain spelling is answered; any other is sent there, uncached.
    if (valid && new URL(req.url).pathname !== postPath(slug)) return canonicalRedirect(postPath(slug), SECURITY_HEADERS)
    try {
      // The post, the site's texts (her name in the header, the title and the footer) and the page
      // to render into, all at once.
      const [post, items, template] = await Promise.all([
        valid ? posts.find({ slug }) : null,
        content.list(),
        builtPage(context, PAGE_TEMPLATES.post),
      ])
      const texts = toSiteTexts(items)
      if (!post || post.status !== 'published') {
        // An address the post had before its slug was edited: shared links follow it for good.
        const moved = post ? null : await posts.movedFrom(slug)
        if (moved) {
          const redirect = { ...SECURITY_HEADERS, Location: postPath(moved.slug), 'Cache-Control': REVALIDATE, ...cdnCacheHeaders(MOVED) }
          return new Response(null, { status: 301, headers: redirect })
        }
        return shellPage(context, 404, headers)
      }
      const meta = postMeta(post, siteUrl(), shownText(texts, 'site', 'siteName'))
      if (!isPageTemplate(template)) {
        // Vite's dev server page, under netlify dev: an inline hot-reload script, styles injected
        // inline and a websocket to Vite, all forbidden by the built pages' policy. Production never comes here.
        const policy = runtimeOf(context).local ? devPolicy(CONTENT_SECURITY_POLICY) : CONTENT_SECURITY_POLICY
        const page = insertBeforeHeadEnd(withHead(template, meta), preloadPost(req, slug))
        return revalidated(req, page, { ...headers, 'Content-Security-Policy': policy }, POST_PAGE)
      }
      const path = postPath(post.slug)
      const page = withHead(await renderIntoTemplate(template, { path, post: renderedPost(post), texts }), meta)
      const policy = policyAllowingStyles(CONTENT_SECURITY_POLICY, page)
      return revalidated(req, page, { ...headers, 'Content-Security-Policy': policy }, POST_PAGE)
    } catch (error) {
      // A visitor gets the page, not a JSON error: the app then shows its own "could not load" state.
      if (!(error instanceof StorageUnavailableError)) throw error
      console.error('storage unavailable:', error.cause)
      const unavailable = { ...headers, 'Cache-Control': 'no-store', 'Retry-After': '5' }
      return shellPage(context, 503, unavailable)
    }
  },
})

/** The unrendered page, which shows the app's own state for the post ("Post Not Found", "could not load"). */
async function shellPage(context: Context, status: number, headers: Record<string, string>): Promise<Response> {
  const page = await builtPage(context, SHELL_PAGE)
  const policy = fetchedPagePolicy(page, CONTENT_SECURITY_POLICY, runtimeOf(context).local)
  return new Response(page, { status, headers: { ...headers, 'Content-Security-Policy': policy } })
}

/** Same address as the app's own call (domain/hosting.ts), so the app's fetch takes the answer. */
function preloadPost(req: Request, slug: string): string {
  const { blogPosts } = ENDPOINTS
  const base = isHostingDomain(new URL(req.url).hostname) ? functionPath(blogPosts.function) : blogPosts.path
  return `<link rel="preload" href="${base}?slug=${slug}" as="fetch" crossorigin="anonymous" />`
}

export const config: Config = { path: '/blog/:slug' }
