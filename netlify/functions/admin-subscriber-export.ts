import type { Config } from '@netlify/functions'
import { adminSubscriberExport } from '#domain/api/mail.ts'
import { EXPORT_MESSAGES, exportStatus } from '#domain/subscriber-export.ts'
import { subscriberExports } from '#lib/data/subscriber-exports.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError } from '#lib/http/route.ts'

/** GET /api/admin/subscribers/exports/{id}: how far the export has come. Only its owner sees it. */
export default endpoint(adminSubscriberExport, {
  GET: async ({ session: { user }, params: { id } }) => {
    const job = await subscriberExports.findFor(id, user.id)
    if (!job) throw new HttpError(404, EXPORT_MESSAGES.notFound)
    return { export: exportStatus(job) }
  },
})

export const config: Config = { path: '/api/admin/subscribers/exports/:id' }
