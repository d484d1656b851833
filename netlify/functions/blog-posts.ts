import { BLOG_MESSAGES } from '../../domain/blog-post'
import { posts } from '../lib/data/posts'
import { HttpError, publicJson, route } from '../lib/http'
import { renderedPost } from '../lib/markdown'
import { CACHE_TAGS } from '../lib/cdn'

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

export default route({
  GET: async (req) => {
    const slug = new URL(req.url).searchParams.get('slug')
    if (slug === null) {
      return publicJson(req, { success: true, blogPosts: await posts.listPublished() }, [CACHE_TAGS.posts])
    }
    if (!/^[a-z0-9-]{1,100}$/.test(slug)) throw new HttpError(404, BLOG_MESSAGES.notFound)
    const post = await publishedAt(slug)
    if (!post) throw new HttpError(404, BLOG_MESSAGES.notFound)
    return publicJson(req, { success: true, blogPost: renderedPost(post) }, [CACHE_TAGS.posts])
  },
})
