import type { Config } from '@netlify/functions'
import { RESOURCE_MESSAGES } from '../../domain/resource'
import { requireEditor } from '../lib/auth'
import { resources } from '../lib/data/resources'
import { json, pathParam, route } from '../lib/http'

/** DELETE /api/admin/resources/{id} */
export default route({
  DELETE: async (req, context) => {
    await requireEditor(req)
    await resources.remove(pathParam(context, 'id', RESOURCE_MESSAGES.notFound))
    return json({ success: true, message: RESOURCE_MESSAGES.deleted })
  },
})

export const config: Config = { path: '/api/admin/resources/:id' }
