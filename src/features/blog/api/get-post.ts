import { BLOG_MESSAGES, type RenderedPost } from '../../../../domain/blog-post'
import { api, ApiError, paths } from '../../../lib/api-client'

export type PostResult = { post: RenderedPost } | { error: string }

/** One published post by slug; never rejects, so the page can show "Post Not Found" with the reason. */
export async function getPost(slug: string): Promise<PostResult> {
  try {
    const url = `${paths.blogPosts()}?slug=${encodeURIComponent(slug)}`
    const { blogPost } = await api<{ blogPost: RenderedPost }>(url)
    if (blogPost.status !== 'published') return { error: BLOG_MESSAGES.notFound }
    return { post: blogPost }
  } catch (error) {
    return { error: error instanceof ApiError && error.status === 404 ? BLOG_MESSAGES.notFound : BLOG_MESSAGES.loadFailed }
  }
}
