import { Upload } from 'lucide-react'
import { useId, useState, type DragEvent } from 'react'
import { formatBytes, MEDIA_ACCEPT, MEDIA_MAX_BYTES } from '#domain/media.ts'
import type { UploadState } from './use-media-upload'
import styles from '#src/features/admin/kit/admin-ui.module.css'
import { Panel } from '#src/features/admin/kit/panel.tsx'

/**
 * Choose a file (or drop one on the box): the bar advances as each part arrives, and the line
 * under it says how far, for screen readers too. A refusal is said under it, naming the file.
 */
export function MediaUploader({ state, onFile }: { state: UploadState; onFile: (file: File) => void }) {
  const id = useId()
  const [dragging, setDragging] = useState(false)
  const uploading = state.status === 'uploading'

  function drop(event: DragEvent) {
    event.preventDefault()
    setDragging(false)
    const file = event.dataTransfer.files[0]
    if (file && !uploading) onFile(file)
  }

  return (
    <Panel title="Upload a file">
      <div
        className={`${styles.dropZone} ${dragging ? styles.dropZoneActive : ''}`}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <Upload aria-hidden="true" size={28} />
        <label htmlFor={id} className={styles.dropLabel}>
          Choose a PDF or an image
        </label>
        <input
          id={id}
          type="file"
          accept={MEDIA_ACCEPT}
          disabled={uploading}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file) onFile(file)
          }}
        />
        <p className="muted" id={`${id}-hint`}>
          PDF, JPEG, PNG, WebP or GIF, up to {formatBytes(MEDIA_MAX_BYTES)}. You can also drop a file here.
        </p>
      </div>
      {uploading && (
        <div className={styles.uploadProgress}>
          <progress max={state.total} value={state.sent} aria-label={`Uploading ${state.name}`} />
        </div>
      )}
      <p role="status" aria-live="polite" className={styles.uploadStatus}>
        {uploading
          ? `Uploading "${state.name}": ${formatBytes(state.sent)} of ${formatBytes(state.total)} (${Math.floor((state.sent / state.total) * 100)}%)`
          : ''}
      </p>
      {state.status === 'failed' && (
        <p className="notice notice-error" role="alert">
          {`"${state.name}" was not uploaded. ${state.message}`}
        </p>
      )}
    </Panel>
  )
}
