import { ImagePlus } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { formatBytes, isImageType, MEDIA_TYPE_LABELS, type MediaListItem } from '#domain/media.ts'
import { EmptyState } from '#src/components/ui/empty-state.tsx'
import { useMediaLibrary } from './use-media-library'
import { Button } from '#src/features/admin/kit/button.tsx'
import { Dialog } from '#src/features/admin/kit/dialog.tsx'
import { Muted } from '#src/features/admin/kit/text.tsx'
import styles from './media.module.css'
import { LoadState } from '#src/features/admin/kit/load-state.tsx'
import { MediaPreview } from './media-preview'

/**
 * "Choose from library": a dialog lists the library's files (only images for a picture field)
 * and a choice hands back the file and its address. The dialog closes on Escape and gives the
 * focus back to its button.
 */
export function MediaPicker({
  field,
  imagesOnly = false,
  disabled,
  onPick,
}: {
  field: string
  imagesOnly?: boolean
  disabled?: boolean
  onPick: (url: string, file: MediaListItem) => void
}) {
  const [open, setOpen] = useState(false)
  const library = useMediaLibrary()
  const { load } = library
  const button = useRef<HTMLButtonElement>(null)
  const wasOpen = useRef(false)

  useEffect(() => {
    if (open) load()
    // Once the modal dialog is gone (the page behind it is inert while it is open), focus goes back to the button.
    else if (wasOpen.current) button.current?.focus()
    wasOpen.current = open
  }, [open, load])

  function close(file?: MediaListItem) {
    setOpen(false)
    if (file) onPick(file.url, file)
  }

  return (
    <>
      <Button ref={button} icon={ImagePlus} onClick={() => setOpen(true)} aria-haspopup="dialog" disabled={disabled}>
        Choose from library
        <span className="visually-hidden"> for {field}</span>
      </Button>
      {open && <PickerDialog field={field} imagesOnly={imagesOnly} state={library.state} onClose={close} />}
    </>
  )
}

function PickerDialog({
  field,
  imagesOnly,
  state,
  onClose,
}: {
  field: string
  imagesOnly: boolean
  state: ReturnType<typeof useMediaLibrary>['state']
  onClose: (file?: MediaListItem) => void
}) {
  const shown = (files: MediaListItem[]) => (imagesOnly ? files.filter((file) => isImageType(file.contentType)) : files)

  return (
    <Dialog
      title={`${imagesOnly ? 'Choose an image' : 'Choose a file'} for ${field}`}
      wide
      onCancel={() => onClose()}
      actions={<Button onClick={() => onClose()}>Cancel</Button>}
    >
      <LoadState state={state} loading="Loading files…">
        {(files) =>
          shown(files).length === 0 ? (
            <EmptyState
              message={
                imagesOnly
                  ? 'No images in the library yet. Upload one under Media.'
                  : 'No files in the library yet. Upload one under Media.'
              }
            />
          ) : (
            <ul className={styles.pickerList} aria-label="Library files">
              {shown(files).map((file) => (
                <li key={file.id}>
                  <button type="button" className={styles.pickerItem} onClick={() => onClose(file)}>
                    <MediaPreview file={file} />
                    <span>
                      <strong>{file.name}</strong>
                      <Muted>
                        {file.contentType ? MEDIA_TYPE_LABELS[file.contentType] : ''}, {formatBytes(file.size)}
                        {file.width && file.height ? `, ${file.width} × ${file.height}` : ''}
                      </Muted>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </LoadState>
    </Dialog>
  )
}
