import type { PostSummary } from '#domain/blog-post.ts'
import { PAGES } from '#domain/route-map.ts'
import { api, paths } from '#src/lib/api-client.ts'
import { settledNow, type InitialDataStore } from '#src/lib/initial-data.tsx'

/**
 * Published posts, newest first. A blog page rendered on request carries its list (`initialData`):
 * that one is drawn without a request. A failed load is only logged; the page shows its empty state.
 */
export function getPosts(initialData?: InitialDataStore): Promise<PostSummary[]> {
  const initial = initialData?.takeList('posts', PAGES.blog.path)
  return initial ? settledNow(initial) : fetchPosts()
}

async function fetchPosts(): Promise<PostSummary[]> {
  try {
    const { blogPosts } = await api<{ blogPosts: PostSummary[] }>(paths.blogPosts())
    return blogPosts.filter((post) => post.status === 'published')
  } catch (error) {
    console.warn('Could not load blog posts.', error)
    return []
  }
}
