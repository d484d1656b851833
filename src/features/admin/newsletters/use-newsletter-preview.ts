import { useEffect, useState } from 'react'
import type { RenderedNewsletter } from '#domain/newsletter.ts'
import { newslettersApi } from './newsletters-api'
import { failureText } from '#src/features/admin/kit/use-flash.ts'

export type NewsletterPreview =
  | { status: 'empty' }
  | { status: 'updating'; email?: RenderedNewsletter }
  | { status: 'ready'; email: RenderedNewsletter }
  | { status: 'failed'; email?: RenderedNewsletter; error: string }

/** How long typing must pause before the preview asks again. */
const PAUSE_MS = 500

const PREVIEW_FAILED = 'The preview could not be made.'

type Answer = { key: string; email?: RenderedNewsletter; error?: string }

/**
 * The email exactly as subscribers will get it (both parts), made by the server's own template and
 * kept up to date as she types: one call per pause, an older call dropped when a newer one is on
 * its way. Nothing is asked until both a subject and a message are written (the server refuses an
 * email without either, and a pause after the subject is no mistake to show her). Until the
 * answer for what is in the form arrives, the last preview stays, marked as updating; a failure
 * keeps it too and says why.
 */
export function useNewsletterPreview(subject: string, body: string): NewsletterPreview {
  const [answer, setAnswer] = useState<Answer | null>(null)
  const key = JSON.stringify([subject, body])
  const empty = subject.trim() === '' || body.trim() === ''

  useEffect(() => {
    if (empty) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      newslettersApi.previewNewsletter({ subject, body }, controller.signal).then(
        (email) => setAnswer({ key, email }),
        (error: unknown) => {
          if (!controller.signal.aborted) setAnswer((last) => ({ key, email: last?.email, error: failureText(error, PREVIEW_FAILED) }))
        },
      )
    }, PAUSE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
    // `key` stands for subject and body together.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, empty])

  if (empty) return { status: 'empty' }
  if (!answer || answer.key !== key) return { status: 'updating', email: answer?.email }
  if (answer.error !== undefined) return { status: 'failed', email: answer.email, error: answer.error }
  return { status: 'ready', email: answer.email! }
}
