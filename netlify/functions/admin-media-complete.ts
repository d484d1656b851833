import type { Config } from '@netlify/functions'
import { adminMediaComplete } from '#domain/api/library.ts'
import { formatBytes, MEDIA_MESSAGES, MEDIA_TYPE_LABELS, mediaPath, type MediaListItem } from '#domain/media.ts'
import { written } from '#lib/data/written.ts'
import { media } from '#lib/data/media.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/**
 * POST /api/admin/media/{id}/complete: checks that every part arrived and the size adds up, then
 * recognises the file from its first bytes. Anything but a PDF or a JPEG, PNG, WebP or GIF image
 * is refused (and deleted) whatever its name or declared type. Completing twice answers the same file.
 */
export default endpoint(adminMediaComplete, {
  POST: async ({ session: { user }, params: { id } }) => {
    const { file, completed } = await media.complete(id)
    if (completed) {
      const changes = [`Type: "${file.contentType ? MEDIA_TYPE_LABELS[file.contentType] : ''}"`, `Size: "${formatBytes(file.size)}"`]
      await written({ subject: 'media', action: 'uploaded', recordId: file.id, label: file.name, before: null, after: file, changes }, user)
    }
    const listed: MediaListItem = { ...file, url: mediaPath(file), usedIn: [] }
    return { file: listed, message: MEDIA_MESSAGES.uploaded }
  },
})

export const config: Config = { path: '/api/admin/media/:id/complete' }
