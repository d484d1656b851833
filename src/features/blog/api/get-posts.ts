import type { PostSummary } from '../../../../domain/blog-post'
import { api, paths } from '../../../lib/api-client'

/** Published posts, newest first. A failed load is only logged; the page shows its empty state. */
export async function getPosts(): Promise<PostSummary[]> {
  try {
    const { blogPosts } = await api<{ blogPosts: PostSummary[] }>(paths.blogPosts())
    return blogPosts.filter((post) => post.status === 'published')
  } catch (error) {
    console.warn('Could not load blog posts.', error)
    return []
  }
}
