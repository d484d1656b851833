import { Upload } from 'lucide-react'
import { useState, type DragEvent } from 'react'
import { formatBytes, MEDIA_ACCEPT, MEDIA_MAX_BYTES } from '#domain/media.ts'
import { FileField } from '#src/features/admin/kit/field.tsx'
import { Panel } from '#src/features/admin/kit/panel.tsx'
import styles from './media.module.css'
import { uploadProgressText, type UploadState } from './use-media-upload'

/**
 * Choose a file (or drop one on the box): the bar advances as each part arrives, and the line
 * under it says how far, for screen readers too. A refusal is said under it, naming the file.
 */
export function MediaUploader({ state, onFile }: { state: UploadState; onFile: (file: File) => void }) {
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
        <FileField
          label="Choose a PDF or an image"
          hint={`PDF, JPEG, PNG, WebP or GIF, up to ${formatBytes(MEDIA_MAX_BYTES)}. You can also drop a file here.`}
          accept={MEDIA_ACCEPT}
          disabled={uploading}
          onFile={onFile}
        />
      </div>
      {uploading && (
        <div className={styles.uploadProgress}>
          <progress max={state.total} value={state.sent} aria-label={`Uploading ${state.name}`} />
        </div>
      )}
      <p role="status" aria-live="polite" className={styles.uploadStatus}>
        {uploading ? uploadProgressText(state) : ''}
      </p>
      {state.status === 'failed' && (
        <p className="notice notice-error" role="alert">
          {`"${state.name}" was not uploaded. ${state.message}`}
        </p>
      )}
    </Panel>
  )
}
