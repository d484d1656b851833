import type { Config } from '@netlify/functions'
import { adminPostVersions } from '#domain/api/posts.ts'
import { BLOG_MESSAGES } from '#domain/blog-post.ts'
import { posts } from '#lib/data/posts.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError } from '#lib/http/route.ts'

/** GET /api/admin/blog-posts/{id}/versions: the post's kept versions, newest first, without their bodies. */
export default endpoint(adminPostVersions, {
  GET: async ({ params: { id } }) => {
    if (!(await posts.find({ id }))) throw new HttpError(404, BLOG_MESSAGES.notFound)
    return { versions: await posts.versions(id) }
  },
})

export const config: Config = { path: '/api/admin/blog-posts/:id/versions' }
