import type { RenderedPost } from '#domain/blog-post.ts'
import { postPath } from '#domain/route-map.ts'
import { api, ApiError, paths } from '#src/lib/api-client.ts'
import { settledNow, type InitialDataStore } from '#src/lib/initial-data.tsx'

/** Why a post could not be shown; the page turns it into its message (docs/product.md, Messages). */
/** `draft`: not public yet, shown to a signed-in editor at its address. */
export type PostResult = { post: RenderedPost; draft?: true } | { error: 'not-found' | 'failed' }

/**
 * One published post by slug; never rejects, so the page can show "Post Not Found" with the
 * reason. A post page the server rendered carries its post (`initialData`, from the page's
 * InitialDataProvider): that one is drawn without a request.
 */
export function getPost(slug: string, initialData?: InitialDataStore): Promise<PostResult> {
  const initial = initialData?.takePost(postPath(slug))
  return initial ? settledNow({ post: initial.post }) : fetchPost(slug)
}

async function fetchPost(slug: string): Promise<PostResult> {
  try {
    const url = `${paths.blogPosts()}?slug=${encodeURIComponent(slug)}`
    const { blogPost } = await api<{ blogPost: RenderedPost }>(url)
    if (blogPost.status !== 'published') return notPublic(slug)
    return { post: blogPost }
  } catch (error) {
    return error instanceof ApiError && error.status === 404 ? notPublic(slug) : { error: 'failed' }
  }
}

/** Not found for visitors; a signed-in editor sees the draft (its code loads only then). */
async function notPublic(slug: string): Promise<PostResult> {
  const { getDraft } = await import('./get-draft')
  const draft = await getDraft(slug)
  return draft ? { post: draft, draft: true } : { error: 'not-found' }
}
