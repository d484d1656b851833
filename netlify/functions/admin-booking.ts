import type { Config } from '@netlify/functions'
import { BookingStatusUpdateSchema } from '../../domain/booking'
import { requireAdmin } from '../lib/auth'
import { bookings } from '../lib/data/bookings'
import { json, pathParam, readBody, route } from '../lib/http'

/** PUT /api/admin/bookings/{id}: body { status: 'new' | 'handled' }. */
export default route({
  PUT: async (req, context) => {
    await requireAdmin(req)
    const id = pathParam(context, 'id', 'Booking not found')
    const { status } = await readBody(req, BookingStatusUpdateSchema)
    const booking = await bookings.setStatus(id, status)
    return json({ success: true, booking, message: 'Booking updated' })
  },
})

export const config: Config = { path: '/api/admin/bookings/:id' }
