import type { Config } from '@netlify/functions'
import { adminSubscriberExports } from '#domain/api/mail.ts'
import { EXPORT_MESSAGES, exportStatus } from '#domain/subscriber-export.ts'
import { rateLimits } from '#lib/data/rate-limits.ts'
import { subscriberExports } from '#lib/data/subscriber-exports.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError } from '#lib/http/route.ts'
import { dispatchExport } from '#lib/subscribers/export.ts'
import { TRANSFER_LIMITS } from '#lib/subscribers/limits.ts'

/**
 * POST /api/admin/subscribers/exports: starts building the subscriber list's CSV in the
 * background and answers the job (202); the page follows it at /exports/{id}.
 */
export default endpoint(adminSubscriberExports, {
  POST: async ({ context, session: { user } }) => {
    const taken = await rateLimits.take(TRANSFER_LIMITS.export, user.id)
    if (!taken.allowed) throw new HttpError(429, EXPORT_MESSAGES.tooMany, { 'Retry-After': String(taken.retryAfterSeconds) })
    const job = await subscriberExports.create(user.id)
    if (!(await dispatchExport(context, job.id))) {
      await subscriberExports.update(job, { state: 'failed', message: EXPORT_MESSAGES.couldNotStart })
      throw new HttpError(503, EXPORT_MESSAGES.couldNotStart, { 'Retry-After': '5' })
    }
    return { message: EXPORT_MESSAGES.started, export: exportStatus(job) }
  },
})

export const config: Config = { path: '/api/admin/subscribers/exports' }
