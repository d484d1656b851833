import type { Config } from '@netlify/functions'
import { BLOG_MESSAGES, PostPreviewSchema, SLUG_PATTERN } from '../../domain/blog-post'
import { requireEditor } from '../lib/auth'
import { posts } from '../lib/data/posts'
import { HttpError, json, readBody, route } from '../lib/http'
import { renderedPost, renderMarkdown } from '../lib/markdown'

/**
 * /api/admin/post-preview, through the very markdown renderer and sanitizer the post page uses:
 * - POST: a body as it is being written, for the editor's live preview (stores nothing);
 * - GET ?slug=: a stored post of any status, so a draft or scheduled post can be read at its own
 *   address by whoever is signed in (visitors get "Post Not Found" there).
 */
export default route({
  GET: async (req) => {
    await requireEditor(req)
    const slug = new URL(req.url).searchParams.get('slug') ?? ''
    const post = slug.length <= 100 && SLUG_PATTERN.test(slug) ? await posts.find({ slug }) : null
    if (!post) throw new HttpError(404, BLOG_MESSAGES.notFound)
    return json({ success: true, blogPost: renderedPost(post) })
  },

  POST: async (req) => {
    await requireEditor(req)
    const { content } = await readBody(req, PostPreviewSchema)
    return json({ success: true, html: renderMarkdown(content) })
  },
})

export const config: Config = { path: '/api/admin/post-preview' }
