import type { Config } from '@netlify/functions'
import { adminBlogPosts } from '#domain/api/posts.ts'
import { BLOG_MESSAGES } from '#domain/blog-post.ts'
import { CHANGE_FIELDS, describeChanges, describeRecord } from '#domain/activity.ts'
import { activity } from '#lib/data/activity.ts'
import { content } from '#lib/data/content.ts'
import { posts } from '#lib/data/posts.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { CACHE_TAGS, purgeCdn } from '#lib/http/cdn.ts'

/** /api/admin/blog-posts: every post, drafts included; create and update. */
export default endpoint(adminBlogPosts, {
  GET: async () => ({ blogPosts: await posts.list() }),

  POST: async ({ session: { user }, body: input }) => {
    const post = await posts.create(input, await authorName(), user.username)
    const changes = describeRecord(post, CHANGE_FIELDS.post)
    await activity.record(user, { action: 'created', subject: 'post', recordId: post.id, label: post.title, changes })
    await purgeCdn(CACHE_TAGS.posts)
    return { blogPost: post, message: BLOG_MESSAGES.created }
  },

  PUT: async ({ session: { user }, body: { id, ...input } }) => {
    const before = await posts.find({ id })
    const post = await posts.update(id, input, user.username)
    const changes = before ? describeChanges(before, { ...post, content: input.content }, CHANGE_FIELDS.post) : []
    await activity.record(user, { action: 'updated', subject: 'post', recordId: id, label: post.title, changes })
    await purgeCdn(CACHE_TAGS.posts)
    return { blogPost: post, message: BLOG_MESSAGES.updated }
  },
})

/** Posts are signed by the coach (content item site.coachName), whoever typed them in. */
async function authorName(): Promise<string> {
  const items = await content.list()
  return items.find((item) => item.section === 'site' && item.key === 'coachName')?.value ?? 'Grace Adeyemi'
}

export const config: Config = { path: '/api/admin/blog-posts' }
