import { useCallback, useEffect, useRef, useState } from 'react'
import type { Newsletter, NewsletterReport } from '#domain/newsletter.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { newslettersApi } from './newsletters-api'
import type { AdminData } from '#src/features/admin/kit/use-admin-data.ts'

/** How often a send in progress is asked about. */
export const POLL_MS = 2000

const LOAD_FAILED = 'Failed to load the newsletter'

/**
 * One newsletter and its counts. While it is sending, it is asked for again every two seconds,
 * each time only after the last answer came (never two requests at once), until it is sent or the
 * page is left. A failed poll keeps what is shown and tries again at the next tick; only the
 * first load shows a failure. `reload` asks at once (after a send starts, or a refusal).
 */
export function useNewsletterReport(id: string) {
  const [state, setState] = useState<AdminData<NewsletterReport>>({ status: 'loading' })
  const [version, setVersion] = useState(0)
  // What is on screen, read by the effect without restarting it.
  const shown = useRef<NewsletterReport | null>(null)

  useEffect(() => {
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = () => {
      timer = setTimeout(load, POLL_MS)
    }
    function load() {
      newslettersApi.newsletter(id).then(
        (report) => {
          if (!live) return
          shown.current = report
          setState({ status: 'ready', data: report })
          if (report.newsletter.status === 'sending') poll()
        },
        (error: unknown) => {
          if (!live) return
          if (shown.current) {
            if (shown.current.newsletter.status === 'sending') poll()
            return
          }
          const message = error instanceof ApiError ? (error.serverMessage ?? LOAD_FAILED) : 'Network error. Please try again.'
          setState({ status: 'error', error: message })
        },
      )
    }
    load()
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [id, version])

  const reload = useCallback(() => setVersion((v) => v + 1), [])
  /** Shows the newsletter an answer carried (a save, a send) without waiting for the next load. */
  const show = useCallback((newsletter: Newsletter) => {
    const report = { ...shown.current, newsletter }
    shown.current = report
    setState({ status: 'ready', data: report })
  }, [])
  return { state, reload, show }
}
