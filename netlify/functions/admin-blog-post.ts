import type { Config } from '@netlify/functions'
import { BLOG_MESSAGES } from '../../domain/blog-post'
import { CHANGE_FIELDS, describeRecord } from '../../domain/activity'
import { requireEditor } from '../lib/auth'
import { activity } from '../lib/data/activity'
import { posts } from '../lib/data/posts'
import { HttpError, json, pathParam, route } from '../lib/http'
import { CACHE_TAGS, purgeCdn } from '../lib/cdn'

/** /api/admin/blog-posts/{id}: GET one post with its body (for the editor), DELETE it. */
export default route({
  GET: async (req, context) => {
    await requireEditor(req)
    const post = await posts.find({ id: pathParam(context, 'id', BLOG_MESSAGES.notFound) })
    if (!post) throw new HttpError(404, BLOG_MESSAGES.notFound)
    return json({ success: true, blogPost: post })
  },

  DELETE: async (req, context) => {
    const { user } = await requireEditor(req)
    const removed = await posts.remove(pathParam(context, 'id', BLOG_MESSAGES.notFound))
    const changes = describeRecord(removed, CHANGE_FIELDS.post)
    await activity.record(user, { action: 'deleted', subject: 'post', recordId: removed.id, label: removed.title, changes })
    await purgeCdn(CACHE_TAGS.posts)
    return json({ success: true, message: BLOG_MESSAGES.deleted })
  },
})

export const config: Config = { path: '/api/admin/blog-posts/:id' }
