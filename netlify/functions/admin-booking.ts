import type { Config } from '@netlify/functions'
import { adminBooking } from '#domain/api/mail.ts'
import { CHANGE_FIELDS, describeChanges } from '#domain/activity.ts'
import { activity } from '#lib/data/activity.ts'
import { bookings } from '#lib/data/bookings.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/** PUT /api/admin/bookings/{id}: body { status: 'new' | 'handled' }. */
export default endpoint(adminBooking, {
  PUT: async ({ session: { user }, params: { id }, body: { status } }) => {
    const before = await bookings.get(id)
    const booking = await bookings.setStatus(id, status)
    const label = `${booking.firstName} ${booking.lastName}`
    const changes = describeChanges(before ?? booking, booking, CHANGE_FIELDS.booking)
    await activity.record(user, { action: 'updated', subject: 'booking', recordId: id, label, changes })
    return { booking, message: 'Booking updated' }
  },
})

export const config: Config = { path: '/api/admin/bookings/:id' }
