import { useRef, useState } from 'react'
import { MEDIA_MESSAGES, type MediaListItem } from '#domain/media.ts'
import { errorMessage } from '#src/lib/api-client.ts'
import { checkMediaFile, uploadMedia } from './upload-media'

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; name: string; sent: number; total: number }
  | { status: 'failed'; name: string; message: string }

/**
 * One upload at a time: the quick check in the browser (size, first bytes), then the parts, with
 * the bytes sent so far for the progress bar. A refusal, from the check or the server, is kept
 * with the file's name for the screen to say.
 */
export function useMediaUpload(onUploaded: (file: MediaListItem) => void) {
  const [state, setState] = useState<UploadState>({ status: 'idle' })
  const busy = useRef(false)

  async function upload(file: File) {
    if (busy.current) return
    busy.current = true
    try {
      const refused = await checkMediaFile(file)
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
