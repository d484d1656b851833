import { useRef, useState } from 'react'
import { formatBytes, MEDIA_MESSAGES, type MediaListItem } from '#domain/media.ts'
import { errorMessage } from '#src/lib/api-client.ts'
import { checkMediaFile, uploadMedia } from './upload-media'

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; name: string; sent: number; total: number }
  | { status: 'failed'; name: string; message: string }

/** What the line under the progress bar says: 'Uploading "a.pdf": 8.4 MB of 20.0 MB (41%)'. */
export function uploadProgressText(state: Extract<UploadState, { status: 'uploading' }>): string {
  return `Uploading "${state.name}": ${formatBytes(state.sent)} of ${formatBytes(state.total)} (${Math.floor((state.sent / state.total) * 100)}%)`
}

/**
 * One upload at a time: the quick check in the browser (size, first bytes; images only for a
 * picture field), then the parts, with the bytes sent so far for the progress bar. A refusal, from
 * the check or the server, is kept with the file's name for the screen to say.
 */
export function useMediaUpload(onUploaded: (file: MediaListItem) => void, { imagesOnly = false }: { imagesOnly?: boolean } = {}) {
  const [state, setState] = useState<UploadState>({ status: 'idle' })
  const busy = useRef(false)

  async function upload(file: File) {
    if (busy.current) return
    busy.current = true
    try {
      const refused = await checkMediaFile(file, { imagesOnly })
      if (refused) return setState({ status: 'failed', name: file.name, message: refused })
      setState({ status: 'uploading', name: file.name, sent: 0, total: file.size })
      const stored = await uploadMedia(file, {
        onProgress: (sent) => setState({ status: 'uploading', name: file.name, sent, total: file.size }),
      })
      setState({ status: 'idle' })
      onUploaded(stored)
    } catch (error) {
      setState({
        status: 'failed',
        name: file.name,
        message: errorMessage(error, MEDIA_MESSAGES.uploadFailed, 'Network error. Please try again.'),
      })
    } finally {
      busy.current = false
    }
  }

  return { state, upload, clear: () => setState({ status: 'idle' }) }
}
