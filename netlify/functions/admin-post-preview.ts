import type { Config } from '@netlify/functions'
import { PostPreviewSchema } from '../../domain/blog-post'
import { requireEditor } from '../lib/auth'
import { json, readBody, route } from '../lib/http'
import { renderMarkdown } from '../lib/markdown'

/**
 * POST /api/admin/post-preview: a post body as its public page will show it, through the very
 * markdown renderer and sanitizer the post page uses, for the editor's live preview. Stores nothing.
 */
export default route({
  POST: async (req) => {
    await requireEditor(req)
    const { content } = await readBody(req, PostPreviewSchema)
    return json({ success: true, html: renderMarkdown(content) })
  },
})

export const config: Config = { path: '/api/admin/post-preview' }
