import type { Config } from '@netlify/functions'
import { bookingSlots } from '#domain/api/booking.ts'
import { bookableService, bookingOffer } from '#lib/booking/offer.ts'
import { slotsOf } from '#lib/data/sessions.ts'
import { briefCdnHeaders, canonicalRedirect, keyedQuery, plainPathRedirect } from '#lib/http/cdn.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { REVALIDATE, SECURITY_HEADERS } from '#lib/http/route.ts'

/** The one parameter the answer is built from: the CDN keeps one copy per service, whatever else the address adds. */
const QUERY = ['service'] as const
/**
 * A minute at most: a time booked meanwhile may still be offered that long (booking it is then
 * refused with the next free times), and a new day's times appear within a minute. Browsers keep
 * nothing.
 */
const CDN_SECONDS = 60

/** GET /api/booking/slots?service=<title>: the free start times of a service, UTC, from now to her horizon. */
export default endpoint(bookingSlots, {
  GET: async ({ req, query }) => {
    // One spelling of the path, and of the service, the parameter the copy is keyed by: any other is
    // sent to the one the key reads, uncached.
    const url = new URL(req.url)
    const offPath = plainPathRedirect(url, SECURITY_HEADERS)
    if (offPath) return offPath
    const { canonical } = keyedQuery(url, QUERY)
    if (canonical) return canonicalRedirect(canonical, SECURITY_HEADERS)
    const { availability, services } = await bookingOffer()
    const service = bookableService(services, query.service)
    const slots = await slotsOf(availability, service.name)
    return new Response(JSON.stringify({ success: true, slots }), {
      headers: {
        ...SECURITY_HEADERS,
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': REVALIDATE,
        ...briefCdnHeaders(CDN_SECONDS, QUERY),
      },
    })
  },
})

export const config: Config = { path: '/api/booking/slots' }
