import type { Config } from '@netlify/functions'
import { adminBlogPost } from '#domain/api/posts.ts'
import { BLOG_MESSAGES } from '#domain/blog-post.ts'
import { posts } from '#lib/data/posts.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError } from '#lib/http/route.ts'

/** /api/admin/blog-posts/{id}: GET one post with its body (for the editor), DELETE it. */
export default endpoint(adminBlogPost, {
  GET: async ({ params: { id } }) => {
    const post = await posts.find({ id })
    if (!post) throw new HttpError(404, BLOG_MESSAGES.notFound)
    return { blogPost: post }
  },

  DELETE: async ({ session: { user }, params: { id } }) => {
    await posts.remove(id, { by: user })
    return { message: BLOG_MESSAGES.deleted }
  },
})

export const config: Config = { path: '/api/admin/blog-posts/:id' }
