import type { Config } from '@netlify/functions'
import { BLOG_MESSAGES } from '../../domain/blog-post'
import { requireEditor } from '../lib/auth'
import { posts } from '../lib/data/posts'
import { HttpError, json, pathParam, route } from '../lib/http'

/** GET /api/admin/blog-posts/{id}/versions: the post's kept versions, newest first, without their bodies. */
export default route({
  GET: async (req, context) => {
    await requireEditor(req)
    const id = pathParam(context, 'id', BLOG_MESSAGES.notFound)
    if (!(await posts.find({ id }))) throw new HttpError(404, BLOG_MESSAGES.notFound)
    return json({ success: true, versions: await posts.versions(id) })
  },
})

export const config: Config = { path: '/api/admin/blog-posts/:id/versions' }
