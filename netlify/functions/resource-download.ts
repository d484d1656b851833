import type { Config } from '@netlify/functions'
import { RESOURCE_MESSAGES } from '../../domain/resource'
import { resources } from '../lib/data/resources'
import { json, pathParam, route } from '../lib/http'
import { limitPublicForm } from '../lib/public-forms'

/**
 * POST /api/resources/{id}/download: records one download. The page opens the file itself, so a
 * refusal here (the per-network limit) costs a visitor nothing; it keeps a script from filling
 * storage with download events.
 */
export default route({
  POST: async (req, context) => {
    const id = pathParam(context, 'id', RESOURCE_MESSAGES.notFound)
    await limitPublicForm('download', req, context)
    await resources.recordDownload(id)
    return json({ success: true })
  },
})

export const config: Config = { path: '/api/resources/:id/download' }
