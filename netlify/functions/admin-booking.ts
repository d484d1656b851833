import type { Config } from '@netlify/functions'
import { adminBooking } from '#domain/api/mail.ts'
import { bookings } from '#lib/data/bookings.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/** PUT /api/admin/bookings/{id}: body { status: 'new' | 'handled' }. */
export default endpoint(adminBooking, {
  PUT: async ({ session: { user }, params: { id }, body: { status } }) => {
    const booking = await bookings.setStatus(id, status, { by: user })
    return { booking, message: 'Booking updated' }
  },
})

export const config: Config = { path: '/api/admin/bookings/:id' }
