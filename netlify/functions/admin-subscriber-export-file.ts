import type { Config } from '@netlify/functions'
import { adminSubscriberExportFile } from '#domain/api/mail.ts'
import { EXPORT_MESSAGES, exportFileName } from '#domain/subscriber-export.ts'
import { subscriberExports } from '#lib/data/subscriber-exports.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { contentDisposition, HttpError, SECURITY_HEADERS } from '#lib/http/route.ts'

/**
 * GET /api/admin/subscribers/exports/{id}/file: the finished CSV, streamed from storage (never
 * whole in memory; within Netlify's 20 MB streamed answer, see EXPORT_MAX_BYTES). Only its owner
 * may download it, and nothing may keep a copy.
 */
export default endpoint(adminSubscriberExportFile, {
  GET: async ({ req, session: { user }, params: { id } }) => {
    const job = await subscriberExports.findFor(id, user.id)
    if (!job) throw new HttpError(404, EXPORT_MESSAGES.notFound)
    if (job.state !== 'done')
      throw new HttpError(409, job.state === 'failed' ? (job.message ?? EXPORT_MESSAGES.failed) : EXPORT_MESSAGES.notReady)
    const file = await subscriberExports.file(id)
    if (!file) throw new HttpError(404, EXPORT_MESSAGES.notFound)
    return new Response(req.method === 'HEAD' ? null : file, {
      headers: {
        ...SECURITY_HEADERS,
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Length': String(job.bytes),
        'Content-Disposition': contentDisposition('attachment', exportFileName(job)),
        'Cache-Control': 'no-store',
      },
    })
  },
})

export const config: Config = { path: '/api/admin/subscribers/exports/:id/file' }
