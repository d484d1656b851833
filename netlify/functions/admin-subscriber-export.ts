import type { Config } from '@netlify/functions'
import { adminSubscriberExport } from '../../domain/api/mail'
import { EXPORT_MESSAGES, exportStatus } from '../../domain/subscriber-export'
import { subscriberExports } from '../lib/data/subscriber-exports'
import { endpoint } from '../lib/endpoint'
import { HttpError } from '../lib/http'

/** GET /api/admin/subscribers/exports/{id}: how far the export has come. Only its owner sees it. */
export default endpoint(adminSubscriberExport, {
  GET: async ({ session: { user }, params: { id } }) => {
    const job = await subscriberExports.findFor(id, user.id)
    if (!job) throw new HttpError(404, EXPORT_MESSAGES.notFound)
    return { export: exportStatus(job) }
  },
})

export const config: Config = { path: '/api/admin/subscribers/exports/:id' }
