import type { Context } from '@netlify/functions'
import * as z from 'zod/mini'
import { booking } from '#domain/api/site.ts'
import { BOOKING_MESSAGES, BookingRequestSchema, type BookingRequest } from '#domain/booking.ts'
import { BOOKING_FIELDS } from '#domain/form-answer.ts'
import { deliverBookingEmail } from '#lib/email/booking-email.ts'
import { bookings } from '#lib/data/bookings.ts'
import { runtimeOf } from '#lib/config/env.ts'
import { answerFormPost } from '#lib/forms/answer.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { answerPageOf } from '#lib/pages/data-page.ts'
import { limitPublicForm } from '#lib/forms/public-forms.ts'

/**
 * POST /.netlify/functions/send-booking-email: a visitor's booking request, as JSON from the
 * page's code or form-encoded from the browser itself (answered with the page). It is stored
 * before any email is tried, so a mail failure loses nothing: the admin sees it in Bookings and
 * the scheduled retry sends it later. The same request twice is one booking and one email.
 */
export default endpoint(booking, {
  POST: async ({ req, context, body }) => {
    // No JSON body: the browser's own form post, answered with the page.
    if (body === null) return answerBookingForm(req, context)
    await submit(body, req, context)
    return { message: BOOKING_MESSAGES.success }
  },
})

async function submit(request: BookingRequest, req: Request, context: Context): Promise<void> {
  // A filled honeypot is a bot: answer as if it worked, keep nothing.
  if (request.website) return
  await limitPublicForm('booking', req, context)
  const { booking, created } = await bookings.submit(request)
  if (created) await deliverBookingEmail(booking, runtimeOf(context))
}

function answerBookingForm(req: Request, context: Context): Promise<Response> {
  return answerFormPost(req, context, {
    fields: [...BOOKING_FIELDS, 'website'],
    async act(fields) {
      const parsed = z.safeParse(BookingRequestSchema, fields)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        return { ok: false, message: issue?.message ?? BOOKING_MESSAGES.failed, field: String(issue?.path[0] ?? '') }
      }
      await submit(parsed.data, req, context)
      return { ok: true, message: BOOKING_MESSAGES.success }
    },
    async page(outcome, fields) {
      const { website: _honeypot, ...typed } = fields
      const field = BOOKING_FIELDS.find((name) => name === outcome.field)
      const answer = { form: 'booking' as const, ok: outcome.ok, message: outcome.message, field, values: outcome.ok ? {} : typed }
      return answerPageOf('bookNow', answer)
    },
  })
}
