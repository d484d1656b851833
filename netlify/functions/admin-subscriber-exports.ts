import type { Config } from '@netlify/functions'
import { adminSubscriberExports } from '../../domain/api/mail'
import { EXPORT_MESSAGES, exportStatus } from '../../domain/subscriber-export'
import { rateLimits } from '../lib/data/rate-limits'
import { subscriberExports } from '../lib/data/subscriber-exports'
import { endpoint } from '../lib/endpoint'
import { HttpError } from '../lib/http'
import { dispatchExport } from '../lib/subscriber-export'
import { TRANSFER_LIMITS } from '../lib/subscriber-limits'

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
