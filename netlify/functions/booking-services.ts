import type { Config } from '@netlify/functions'
import { bookingServices } from '#domain/api/booking.ts'
import { publicOffer } from '#lib/booking/offer.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/**
 * GET /api/booking/services: the services a visitor can book online, each with its length and
 * where it happens, and the coach's zone. The confirmation line is left out: it is for the people
 * who booked. `horizonDays` lets the page say how far ahead it looked when no time is free. Answered fresh each time (a save of her availability shows at once).
 */
export default endpoint(bookingServices, {
  GET: () => publicOffer(),
})

export const config: Config = { path: '/api/booking/services' }
