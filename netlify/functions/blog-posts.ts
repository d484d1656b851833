import { BLOG_MESSAGES } from '../../domain/blog-post'
import { posts } from '../lib/data/posts'
import { HttpError, publicJson, route, SECURITY_HEADERS } from '../lib/http'
import { renderedPost } from '../lib/markdown'
import { CACHE_TAGS, canonicalRedirect, keyedQuery, type CdnKey } from '../lib/cdn'

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

/** The one parameter read: each post is one copy, the list another, whatever else the address carries. */
const CDN: CdnKey = { tags: [CACHE_TAGS.posts], query: ['slug'] }

export default route({
  GET: async (req) => {
    const { values, canonical } = keyedQuery(new URL(req.url), CDN.query)
    if (canonical) return canonicalRedirect(canonical, SECURITY_HEADERS)
    const slug = values.get('slug')
    if (slug === undefined) {
      return publicJson(req, { success: true, blogPosts: await posts.listPublished() }, CDN)
    }
    if (!/^[a-z0-9-]{1,100}$/.test(slug)) throw new HttpError(404, BLOG_MESSAGES.notFound)
    const post = await publishedAt(slug)
    if (!post) throw new HttpError(404, BLOG_MESSAGES.notFound)
    return publicJson(req, { success: true, blogPost: renderedPost(post) }, CDN)
  },
})
