import type { Config } from '@netlify/functions'
import { BLOG_MESSAGES } from '../../domain/blog-post'
import { requireEditor } from '../lib/auth'
import { posts } from '../lib/data/posts'
import { HttpError, json, pathParam, route } from '../lib/http'
import { renderMarkdown } from '../lib/markdown'

const VERSION_NOT_FOUND = 'Version not found'

/**
 * GET /api/admin/blog-posts/{id}/versions/{versionId}: one kept version with its body, and the body
 * rendered as the post page would show it. Restoring is the editor's: it loads these fields into
 * the form, and saving them makes a new version.
 */
export default route({
  GET: async (req, context) => {
    await requireEditor(req)
    const id = pathParam(context, 'id', BLOG_MESSAGES.notFound)
    const version = await posts.version(id, pathParam(context, 'versionId', VERSION_NOT_FOUND))
    if (!version) throw new HttpError(404, VERSION_NOT_FOUND)
    return json({ success: true, version: { ...version, html: renderMarkdown(version.content) } })
  },
})

export const config: Config = { path: '/api/admin/blog-posts/:id/versions/:versionId' }
