import type { Config } from '@netlify/functions'
import { adminMediaPart } from '#domain/api/library.ts'
import { MEDIA_MESSAGES, MEDIA_PART_BYTES } from '#domain/media.ts'
import { media } from '#lib/data/media.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError, readLimitedBytes } from '#lib/http/route.ts'

/**
 * PUT /api/admin/media/{id}/parts/{n}: one part of an upload (n from 1), the raw bytes as the
 * body. A file is larger than one request may be, so it arrives in parts of MEDIA_PART_BYTES; a
 * part sent again (a retry) replaces itself.
 */
export default endpoint(adminMediaPart, {
  PUT: async ({ req, params: { id, n } }) => {
    if (!/^\d{1,3}$/.test(n ?? '')) throw new HttpError(400, MEDIA_MESSAGES.partUnknown)
    const bytes = await readLimitedBytes(req, MEDIA_PART_BYTES)
    await media.putPart(id, Number(n), bytes)
    return {}
  },
})

export const config: Config = { path: '/api/admin/media/:id/parts/:n' }
