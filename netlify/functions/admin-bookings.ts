import type { Config } from '@netlify/functions'
import { adminBookings } from '#domain/api/mail.ts'
import { bookings } from '#lib/data/bookings.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/** GET /api/admin/bookings: every stored booking request, newest first (admins only; docs/decisions.md, Bookings are kept). */
export default endpoint(adminBookings, {
  GET: async () => ({ bookings: await bookings.list() }),
})

export const config: Config = { path: '/api/admin/bookings' }
