import { ENDPOINTS } from '#domain/endpoints.ts'
import type { RenderedPost } from '#domain/blog-post.ts'
import { api, addressOf } from '#src/lib/api-client.ts'
import { readSession } from '#src/lib/session.ts'

/**
 * A post that is not public yet (draft or scheduled), for whoever is signed in to the admin: the
 * post page asks for it only after the public answer was "not found", and only with a session, so
 * visitors never load this code nor make this call. Null when there is nothing to show.
 */
export async function getDraft(slug: string): Promise<RenderedPost | null> {
  const session = readSession()
  if (!session) return null
  try {
    const address = `${addressOf(ENDPOINTS.adminPostPreview)}?slug=${encodeURIComponent(slug)}`
    const { blogPost } = await api<{ blogPost: RenderedPost }>(address, { token: session.token })
    return blogPost
  } catch {
    return null
  }
}
