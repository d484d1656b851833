import { useEffect, useRef, useState } from 'react'
import { EXPORT_MESSAGES, EXPORT_POLL_MS, exportFileName, type ExportStatus } from '#domain/subscriber-export.ts'
import { errorMessage } from '#src/lib/api-client.ts'
import { downloadExport, exportProgress, startExport } from './export-subscribers'

export type ExportView =
  | { status: 'idle' }
  | { status: 'running'; job: ExportStatus }
  | { status: 'done'; job: ExportStatus }
  | { status: 'failed'; message: string }

const NETWORK = 'Network error. Please try again.'

/**
 * The export as the page shows it: start the background job, ask how far it has come every
 * second, and download the file once it is ready (and again on request).
 */
export function useSubscriberExport() {
  const [view, setView] = useState<ExportView>({ status: 'idle' })
  const stop = useRef<AbortController | null>(null)
  useEffect(() => () => stop.current?.abort(), [])

  async function download(job: ExportStatus) {
    try {
      await downloadExport(job.id, exportFileName(job))
    } catch (error) {
      setView({ status: 'failed', message: errorMessage(error, EXPORT_MESSAGES.failed, NETWORK) })
    }
  }

  async function start() {
    if (view.status === 'running') return
    stop.current?.abort()
    const controller = new AbortController()
    stop.current = controller
    try {
      let job = await startExport()
      setView({ status: 'running', job })
      while (job.state === 'queued' || job.state === 'running') {
        await new Promise((resolve) => setTimeout(resolve, EXPORT_POLL_MS))
        if (controller.signal.aborted) return
        job = await exportProgress(job.id, controller.signal)
        if (controller.signal.aborted) return
        setView({ status: 'running', job })
      }
      if (job.state === 'failed') return setView({ status: 'failed', message: job.message ?? EXPORT_MESSAGES.failed })
      setView({ status: 'done', job })
      await download(job)
    } catch (error) {
      if (controller.signal.aborted) return
      setView({ status: 'failed', message: errorMessage(error, EXPORT_MESSAGES.failed, NETWORK) })
    }
  }

  return {
    view,
    start,
    downloadAgain: () => view.status === 'done' && download(view.job),
    dismiss: () => setView({ status: 'idle' }),
  }
}
