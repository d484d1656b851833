import type { Config } from '@netlify/functions'
import { adminPostPreview } from '#domain/api/posts.ts'
import { BLOG_MESSAGES, SLUG_PATTERN } from '#domain/blog-post.ts'
import { posts } from '#lib/data/posts.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError } from '#lib/http/route.ts'
import { renderedPost, renderMarkdown } from '#lib/pages/markdown.ts'

/**
 * /api/admin/post-preview, through the very markdown renderer and sanitizer the post page uses:
 * - POST: a body as it is being written, for the editor's live preview (stores nothing);
 * - GET ?slug=: a stored post of any status, so a draft or scheduled post can be read at its own
 *   address by whoever is signed in (visitors get "Post Not Found" there).
 */
export default endpoint(adminPostPreview, {
  GET: async ({ req }) => {
    const slug = new URL(req.url).searchParams.get('slug') ?? ''
    const post = slug.length <= 100 && SLUG_PATTERN.test(slug) ? await posts.find({ slug }) : null
    if (!post) throw new HttpError(404, BLOG_MESSAGES.notFound)
    return { blogPost: renderedPost(post) }
  },

  POST: async ({ body: { content } }) => ({ html: renderMarkdown(content) }),
})

export const config: Config = { path: '/api/admin/post-preview' }
