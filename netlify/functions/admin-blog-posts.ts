import type { Config } from '@netlify/functions'
import { adminBlogPosts } from '#domain/api/posts.ts'
import { BLOG_MESSAGES } from '#domain/blog-post.ts'
import { content } from '#lib/data/content.ts'
import { posts } from '#lib/data/posts.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/** /api/admin/blog-posts: every post, drafts included; create and update. */
export default endpoint(adminBlogPosts, {
  GET: async () => ({ blogPosts: await posts.list() }),

  POST: async ({ session: { user }, body: input }) => {
    const post = await posts.create(input, await authorName(), user.username, { by: user })
    return { blogPost: post, message: BLOG_MESSAGES.created }
  },

  PUT: async ({ session: { user }, body: { id, ...input } }) => {
    const post = await posts.update(id, input, user.username, { by: user })
    return { blogPost: post, message: BLOG_MESSAGES.updated }
  },
})

/** Posts are signed by the coach (content item site.coachName), whoever typed them in. */
async function authorName(): Promise<string> {
  const items = await content.list()
  return items.find((item) => item.section === 'site' && item.key === 'coachName')?.value ?? 'Grace Adeyemi'
}

export const config: Config = { path: '/api/admin/blog-posts' }
