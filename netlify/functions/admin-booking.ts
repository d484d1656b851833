import type { Config } from '@netlify/functions'
import { BookingStatusUpdateSchema } from '../../domain/booking'
import { CHANGE_FIELDS, describeChanges } from '../../domain/activity'
import { requireAdmin } from '../lib/auth'
import { activity } from '../lib/data/activity'
import { bookings } from '../lib/data/bookings'
import { json, pathParam, readBody, route } from '../lib/http'

/** PUT /api/admin/bookings/{id}: body { status: 'new' | 'handled' }. */
export default route({
  PUT: async (req, context) => {
    const { user } = await requireAdmin(req)
    const id = pathParam(context, 'id', 'Booking not found')
    const { status } = await readBody(req, BookingStatusUpdateSchema)
    const before = await bookings.get(id)
    const booking = await bookings.setStatus(id, status)
    const label = `${booking.firstName} ${booking.lastName}`
    const changes = describeChanges(before ?? booking, booking, CHANGE_FIELDS.booking)
    await activity.record(user, { action: 'updated', subject: 'booking', recordId: id, label, changes })
    return json({ success: true, booking, message: 'Booking updated' })
  },
})

export const config: Config = { path: '/api/admin/bookings/:id' }
