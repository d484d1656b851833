import { Download, X } from 'lucide-react'
import { EXPORT_MESSAGES } from '#domain/subscriber-export.ts'
import { formatCount as count } from '#domain/text.ts'
import { Button } from '#src/features/admin/kit/button.tsx'
import type { ExportView } from './use-subscriber-export'
import styles from './subscriber-transfer.module.css'

/**
 * How far the export has come, read out politely as it moves; the download starts by itself when
 * it is ready, with a button to download again. A failure is announced at once.
 */
export function SubscriberExportStatus({
  view,
  onDownload,
  onDismiss,
}: {
  view: ExportView
  onDownload: () => void
  onDismiss: () => void
}) {
  if (view.status === 'idle') return null
  if (view.status === 'failed') {
    return (
      <div className={`notice notice-error ${styles.exportBox}`}>
        <p role="alert">{`The export did not finish. ${view.message}`}</p>
        <div className={styles.actions}>
          <Button icon={X} onClick={onDismiss}>
            Dismiss
          </Button>
        </div>
      </div>
    )
  }
  const { job } = view
  const running = view.status === 'running'
  const text = running
    ? job.total > 0
      ? `${EXPORT_MESSAGES.started} ${count(job.processed)} of ${count(job.total)} subscribers.`
      : `${EXPORT_MESSAGES.started} Counting subscribers.`
    : `${EXPORT_MESSAGES.done} ${count(job.processed)} subscribers; the download has started.`
  return (
    <div className={`notice ${running ? 'notice-warning' : 'notice-success'} ${styles.exportBox}`}>
      {running && (
        <progress
          className={styles.progress}
          max={Math.max(job.total, 1)}
          value={job.total > 0 ? job.processed : undefined}
          aria-label="Export progress"
        />
      )}
      <p role="status" aria-live="polite" className={styles.status}>
        {text}
      </p>
      {!running && (
        <div className={styles.actions}>
          <Button icon={Download} onClick={onDownload}>
            Download again
          </Button>
          <Button icon={X} onClick={onDismiss}>
            Dismiss
          </Button>
        </div>
      )}
    </div>
  )
}
