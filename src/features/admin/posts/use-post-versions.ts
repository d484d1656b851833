import { useEffect, useState } from 'react'
import type { PostVersionSummary, RenderedPostVersion } from '#domain/blog-post.ts'
import { postsApi } from './posts-api'

export type VersionsState = { status: 'loading' } | { status: 'ready'; versions: PostVersionSummary[] } | { status: 'failed' }

/**
 * The kept versions of the post being edited (none for a new post), and `open` to fetch one whole
 * (to look at it or bring it back into the form).
 */
export function usePostVersions(postId: string | undefined) {
  const [state, setState] = useState<VersionsState>({ status: 'loading' })

  useEffect(() => {
    if (!postId) return
    let current = true
    postsApi.postVersions(postId).then(
      (versions) => current && setState({ status: 'ready', versions }),
      () => current && setState({ status: 'failed' }),
    )
    return () => {
      current = false
    }
  }, [postId])

  const open = (versionId: string): Promise<RenderedPostVersion> => postsApi.postVersion(postId ?? '', versionId)
  return { state, open }
}
