import { BLOG_MESSAGES } from '#domain/blog-post.ts'
import { functionPath } from '#domain/route-map.ts'
import { blogPosts as blogPostsContract } from '#domain/api/site.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { posts } from '#lib/data/posts.ts'
import { HttpError, publicJson, revalidated, SECURITY_HEADERS } from '#lib/http/route.ts'
import { renderedPost } from '#lib/pages/markdown.ts'
import { CACHE_TAGS, canonicalRedirect, keyedQuery, type CdnKey } from '#lib/http/cdn.ts'

/**
 * GET /api/blog-posts (also /.netlify/functions/blog-posts, see netlify.toml): published posts
 * only. The list carries summaries; `?slug=` answers one post with its body rendered and sanitized
 * (also at a former address of the post, whose answer carries its current slug).
 */
/** The published post at `slug`, or the one that had it before its slug was edited (the app then shows the new address). */
async function publishedAt(slug: string) {
  const post = await posts.find({ slug })
  if (post?.status === 'published') return post
  const moved = post ? null : await posts.movedFrom(slug)
  const current = moved && (await posts.find({ id: moved.id }))
  return current?.status === 'published' ? current : null
}

/** The list's copy: one, whatever else the address carries (its tracking parameters among them). */
const CDN: CdnKey = { tags: [CACHE_TAGS.posts], query: ['slug'] }

/**
 * One post is never kept by the CDN, only by the browser that asked (and checked again each time).
 * This address is reached through a rewrite, which may hand the function a query spelled otherwise
 * than the CDN keys it (`?sl%75g=…` read as `slug`): a kept post could then stand, for a day, in the
 * place of the list. The post's own page (/blog/{slug}) is the copy the CDN keeps.
 */
const ONE_POST = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'private, max-age=0, must-revalidate' }

export default endpoint(blogPostsContract, {
  GET: async ({ req }) => {
    const url = new URL(req.url)
    // Reached through a rewrite, which matches the path decoded (`/api/%62log-posts`, `/api/x/../blog-posts`):
    // the list is made at its own two addresses only, else each spelling would be a copy of its own.
    if (url.pathname !== blogPostsContract.endpoint.path && url.pathname !== functionPath(blogPostsContract.endpoint.function)) {
      return canonicalRedirect(`${blogPostsContract.endpoint.path}${url.search}`, SECURITY_HEADERS)
    }
    const { values, canonical } = keyedQuery(url, CDN.query)
    const slug = values.get('slug')
    // No spelling of a slug that cannot be one is sent anywhere: a 404, kept by nobody.
    if (slug !== undefined && !/^[a-z0-9-]{1,100}$/.test(slug)) throw new HttpError(404, BLOG_MESSAGES.notFound)
    if (canonical) return canonicalRedirect(canonical, SECURITY_HEADERS)
    if (slug === undefined) {
      return publicJson(req, { success: true, blogPosts: await posts.listPublished() }, CDN)
    }
    const post = await publishedAt(slug)
    if (!post) throw new HttpError(404, BLOG_MESSAGES.notFound)
    return revalidated(req, JSON.stringify({ success: true, blogPost: renderedPost(post) }), ONE_POST, null)
  },
})
