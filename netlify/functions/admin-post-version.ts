import type { Config } from '@netlify/functions'
import { adminPostVersion } from '#domain/api/posts.ts'
import { BLOG_MESSAGES } from '#domain/blog-post.ts'
import { posts } from '#lib/data/posts.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError } from '#lib/http/route.ts'
import { renderMarkdown } from '#lib/pages/markdown.ts'

/**
 * GET /api/admin/blog-posts/{id}/versions/{versionId}: one kept version with its body, and the body
 * rendered as the post page would show it. Restoring is the editor's: it loads these fields into
 * the form, and saving them makes a new version.
 */
export default endpoint(adminPostVersion, {
  GET: async ({ params: { id, versionId } }) => {
    const version = await posts.version(id, versionId)
    if (!version) throw new HttpError(404, BLOG_MESSAGES.versionNotFound)
    return { version: { ...version, html: renderMarkdown(version.content) } }
  },
})

export const config: Config = { path: '/api/admin/blog-posts/:id/versions/:versionId' }
