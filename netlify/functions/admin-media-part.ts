import type { Config } from '@netlify/functions'
import { MEDIA_MESSAGES, MEDIA_PART_BYTES } from '../../domain/media'
import { requireEditor } from '../lib/auth'
import { BODY_TYPES } from '../lib/cross-site'
import { media } from '../lib/data/media'
import { HttpError, json, pathParam, readLimitedBytes, route } from '../lib/http'

/**
 * PUT /api/admin/media/{id}/parts/{n}: one part of an upload (n from 1), the raw bytes as the
 * body. A file is larger than one request may be, so it arrives in parts of MEDIA_PART_BYTES; a
 * part sent again (a retry) replaces itself.
 */
export default route(
  {
    PUT: async (req, context) => {
      await requireEditor(req)
      const id = pathParam(context, 'id', MEDIA_MESSAGES.uploadNotFound)
      const n = context.params?.n ?? ''
      if (!/^\d{1,3}$/.test(n)) throw new HttpError(400, MEDIA_MESSAGES.partUnknown)
      const bytes = await readLimitedBytes(req, MEDIA_PART_BYTES)
      await media.putPart(id, Number(n), bytes)
      return json({ success: true })
    },
  },
  { accepts: [BODY_TYPES.bytes] },
)

export const config: Config = { path: '/api/admin/media/:id/parts/:n' }
