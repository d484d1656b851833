import type { Config } from '@netlify/functions'
import { RESOURCE_MESSAGES } from '../../domain/resource'
import { resources } from '../lib/data/resources'
import { json, pathParam, route } from '../lib/http'

/** POST /api/resources/{id}/download: records one download. The page opens the file itself. */
export default route({
  POST: async (_req, context) => {
    const id = pathParam(context, 'id', RESOURCE_MESSAGES.notFound)
    await resources.recordDownload(id)
    return json({ success: true })
  },
})

export const config: Config = { path: '/api/resources/:id/download' }
