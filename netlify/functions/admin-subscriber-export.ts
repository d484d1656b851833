import type { Config } from '@netlify/functions'
import { EXPORT_MESSAGES, exportStatus } from '../../domain/subscriber-export'
import { requireEditor } from '../lib/auth'
import { subscriberExports } from '../lib/data/subscriber-exports'
import { HttpError, json, pathParam, route } from '../lib/http'

/** GET /api/admin/subscribers/exports/{id}: how far the export has come. Only its owner sees it. */
export default route({
  GET: async (req, context) => {
    const { user } = await requireEditor(req)
    const id = pathParam(context, 'id', EXPORT_MESSAGES.notFound)
    const job = await subscriberExports.findFor(id, user.id)
    if (!job) throw new HttpError(404, EXPORT_MESSAGES.notFound)
    return json({ success: true, export: exportStatus(job) })
  },
})

export const config: Config = { path: '/api/admin/subscribers/exports/:id' }
