import type { Config } from '@netlify/functions'
import { CONTENT_MESSAGES } from '../../domain/content-item'
import { requireEditor } from '../lib/auth'
import { content } from '../lib/data/content'
import { json, pathParam, route } from '../lib/http'

/** DELETE /api/admin/content/{id} */
export default route({
  DELETE: async (req, context) => {
    await requireEditor(req)
    await content.remove(pathParam(context, 'id', CONTENT_MESSAGES.notFound))
    return json({ success: true, message: CONTENT_MESSAGES.deleted })
  },
})

export const config: Config = { path: '/api/admin/content/:id' }
