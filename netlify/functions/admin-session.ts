import type { Config } from '@netlify/functions'
import { adminSession as adminSessionContract } from '#domain/api/booking.ts'
import { adminSession, SESSION_MESSAGES } from '#domain/booking-session.ts'
import { deliverSessionEmails } from '#lib/booking/session-emails.ts'
import { answeringTaken } from '#lib/booking/taken.ts'
import { runtimeOf } from '#lib/config/env.ts'
import { availability } from '#lib/data/availability.ts'
import { sessions } from '#lib/data/sessions.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/**
 * POST/DELETE /api/admin/sessions/:id: the coach moves a session to another free time, or cancels
 * it (admins only). The visitor is emailed the updated invite (same event, higher sequence, or the
 * cancellation), with new links; the earlier links stop working.
 */
export default endpoint(adminSessionContract, {
  POST: async ({ context, params, body, session: { user } }) => {
    const rules = await availability.get()
    return answeringTaken(async () => {
      const moved = await sessions.reschedule(params.id, body.start, { availability: rules, by: user })
      await deliverSessionEmails(moved, runtimeOf(context), rules.timeZone)
      return { session: adminSession(moved), message: SESSION_MESSAGES.adminMoved }
    })
  },

  DELETE: async ({ context, params, session: { user } }) => {
    const cancelled = await sessions.cancel(params.id, { by: user })
    await deliverSessionEmails(cancelled, runtimeOf(context), (await availability.get()).timeZone)
    return { session: adminSession(cancelled), message: SESSION_MESSAGES.adminCancelled }
  },
})

export const config: Config = { path: '/api/admin/sessions/:id' }
