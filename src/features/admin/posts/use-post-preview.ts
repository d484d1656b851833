import { useEffect, useState } from 'react'
import { postsApi } from './posts-api'

export type PostPreview = { status: 'updating' | 'ready' | 'failed'; html: string }

/** How long typing must pause before the preview asks again. */
const PAUSE_MS = 350

type Answer = { content: string; html: string; failed: boolean }

/**
 * The body as the public page will show it, rendered by the server's own markdown pipeline and
 * kept up to date as she types: one call per pause, an older call dropped when a newer one is on
 * its way. Until the answer for what is in the box arrives, the last preview stays, marked as
 * updating; a failure keeps it too, and says so.
 */
export function usePostPreview(content: string): PostPreview {
  const [answer, setAnswer] = useState<Answer | null>(null)

  const empty = content.trim() === ''
  useEffect(() => {
    if (empty) return // nothing to render, nothing to ask
    const controller = new AbortController()
    const timer = setTimeout(() => {
      postsApi.previewPost(content, controller.signal).then(
        (html) => setAnswer({ content, html, failed: false }),
        () => {
          if (!controller.signal.aborted) setAnswer((last) => ({ content, html: last?.html ?? '', failed: true }))
        },
      )
    }, PAUSE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [content, empty])

  if (empty) return { status: 'ready', html: '' }
  if (!answer) return { status: 'updating', html: '' }
  if (answer.content !== content) return { status: 'updating', html: answer.html }
  return { status: answer.failed ? 'failed' : 'ready', html: answer.html }
}
