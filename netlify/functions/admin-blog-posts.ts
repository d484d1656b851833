import type { Config } from '@netlify/functions'
import { BLOG_MESSAGES, PostInputSchema, PostUpdateSchema } from '../../domain/blog-post'
import { requireEditor } from '../lib/auth'
import { CHANGE_FIELDS, describeChanges, describeRecord } from '../../domain/activity'
import { activity } from '../lib/data/activity'
import { content } from '../lib/data/content'
import { posts } from '../lib/data/posts'
import { json, readBody, route } from '../lib/http'
import { CACHE_TAGS, purgeCdn } from '../lib/cdn'

/** /api/admin/blog-posts: every post, drafts included; create and update. */
export default route({
  GET: async (req) => {
    await requireEditor(req)
    return json({ success: true, blogPosts: await posts.list() })
  },

  POST: async (req) => {
    const { user } = await requireEditor(req)
    const input = await readBody(req, PostInputSchema)
    const post = await posts.create(input, await authorName(), user.username)
    const changes = describeRecord(post, CHANGE_FIELDS.post)
    await activity.record(user, { action: 'created', subject: 'post', recordId: post.id, label: post.title, changes })
    await purgeCdn(CACHE_TAGS.posts)
    return json({ success: true, blogPost: post, message: BLOG_MESSAGES.created }, { status: 201 })
  },

  PUT: async (req) => {
    const { user } = await requireEditor(req)
    const { id, ...input } = await readBody(req, PostUpdateSchema)
    const before = await posts.find({ id })
    const post = await posts.update(id, input, user.username)
    const changes = before ? describeChanges(before, { ...post, content: input.content }, CHANGE_FIELDS.post) : []
    await activity.record(user, { action: 'updated', subject: 'post', recordId: id, label: post.title, changes })
    await purgeCdn(CACHE_TAGS.posts)
    return json({ success: true, blogPost: post, message: BLOG_MESSAGES.updated })
  },
})

/** Posts are signed by the coach (content item site.coachName), whoever typed them in. */
async function authorName(): Promise<string> {
  const items = await content.list()
  return items.find((item) => item.section === 'site' && item.key === 'coachName')?.value ?? 'Grace Adeyemi'
}

export const config: Config = { path: '/api/admin/blog-posts' }
