import { ENDPOINTS } from '#domain/endpoints.ts'
import {
  isImageType,
  MEDIA_MESSAGES,
  MEDIA_SNIFF_BYTES,
  MEDIA_MAX_BYTES,
  sniffMedia,
  type MediaListItem,
  type MediaUpload,
} from '#domain/media.ts'
import { api, ApiError, addressOf } from '#src/lib/api-client.ts'
import { readSession } from '#src/lib/session.ts'

/**
 * The quick answer before anything is sent: the size, and what the first bytes say the file is
 * (the server reads them again and decides); for a picture field, a PDF is refused too.
 * Undefined when the file may go.
 */
export async function checkMediaFile(file: Blob, { imagesOnly = false }: { imagesOnly?: boolean } = {}): Promise<string | undefined> {
  if (file.size === 0) return MEDIA_MESSAGES.emptyFile
  if (file.size > MEDIA_MAX_BYTES) return MEDIA_MESSAGES.tooLarge
  const first = new Uint8Array(await file.slice(0, MEDIA_SNIFF_BYTES).arrayBuffer())
  const sniffed = sniffMedia(first)
  if ('refused' in sniffed) return sniffed.refused
  return imagesOnly && !isImageType(sniffed.type) ? MEDIA_MESSAGES.notImage : undefined
}

const token = () => readSession()?.token ?? ''

/**
 * Uploads a file in parts, one request each (a request is smaller than a file may be), then asks
 * the server to complete it. `onProgress` hears the bytes sent after each part. Any refusal
 * throws the server's ApiError, whose message the screen shows.
 */
export async function uploadMedia(
  file: File,
  { onProgress, signal }: { onProgress: (sent: number) => void; signal?: AbortSignal },
): Promise<MediaListItem> {
  const { upload } = await api<{ upload: MediaUpload }>(addressOf(ENDPOINTS.adminMedia), {
    method: 'POST',
    body: { name: file.name, size: file.size, type: file.type },
    token: token(),
    signal,
  })
  for (let n = 1; n <= upload.parts; n++) {
    const part = file.slice((n - 1) * upload.partSize, n * upload.partSize)
    // Raw bytes, not JSON: the one call the API client's JSON helper cannot make.
    const response = await fetch(addressOf(ENDPOINTS.adminMediaPart, { id: upload.id, n: String(n) }), {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token()}`, 'Content-Type': 'application/octet-stream' },
      body: part,
      signal,
    })
    if (!response.ok) {
      const data = (await response.json().catch(() => null)) as { message?: unknown } | null
      throw new ApiError(response.status, typeof data?.message === 'string' ? data.message : undefined)
    }
    onProgress(Math.min(file.size, n * upload.partSize))
  }
  const { file: stored } = await api<{ file: MediaListItem }>(addressOf(ENDPOINTS.adminMediaComplete, { id: upload.id }), {
    method: 'POST',
    token: token(),
    signal,
  })
  return stored
}
