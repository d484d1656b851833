import type { Config } from '@netlify/functions'
import { bookingSessions } from '#domain/api/booking.ts'
import { publicSession, SESSION_MESSAGES } from '#domain/booking-session.ts'
import { slotId } from '#domain/booking-slots.ts'
import { bookableService, bookingOffer } from '#lib/booking/offer.ts'
import { deliverSessionEmails } from '#lib/booking/session-emails.ts'
import { answeringTaken } from '#lib/booking/taken.ts'
import { runtimeOf } from '#lib/config/env.ts'
import { sessions } from '#lib/data/sessions.ts'
import { limitPublicForm } from '#lib/forms/public-forms.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { newId } from '#lib/storage/ids.ts'

/**
 * POST /api/booking/sessions: a visitor books a free time. The time is checked again on a fresh
 * read of her calendar and written by compare-and-swap (lib/data/sessions.ts), so of any number
 * of people choosing one time, one gets it and the others are answered 409 with the next free
 * times. The visitor and the coach are then emailed, each with the calendar invite.
 */
export default endpoint(bookingSessions, {
  POST: async ({ req, context, body }) => {
    const { availability, services } = await bookingOffer()
    // A filled honeypot is a bot: answered as if booked, nothing kept, nobody emailed.
    if (body.website) {
      const minutes = services.find((service) => service.name === body.service)?.minutes ?? 60
      const end = slotId(Date.parse(body.start) + minutes * 60_000)
      return {
        session: {
          id: newId(),
          service: body.service,
          minutes,
          location: { kind: 'video' as const },
          start: body.start,
          end,
          timeZone: body.timeZone,
        },
        message: SESSION_MESSAGES.booked,
      }
    }
    await limitPublicForm('session', req, context)
    const service = bookableService(services, body.service)
    return answeringTaken(async () => {
      const session = await sessions.book(body, { availability, service })
      await deliverSessionEmails(session, runtimeOf(context), availability.timeZone)
      return { session: publicSession(session), message: SESSION_MESSAGES.booked }
    })
  },
})

export const config: Config = { path: '/api/booking/sessions' }
