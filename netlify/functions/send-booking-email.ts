import { BOOKING_MESSAGES, BookingRequestSchema } from '../../domain/booking'
import { bookings } from '../lib/data/bookings'
import { runtimeOf } from '../lib/env'
import { json, readBody, route } from '../lib/http'
import { deliverBookingEmail } from '../lib/booking-email'
import { limitPublicForm } from '../lib/public-forms'

/**
 * POST /.netlify/functions/send-booking-email: a visitor's booking request. It is stored before
 * any email is tried, so a mail failure loses nothing: the admin sees it in
 * Bookings and the scheduled retry sends it later.
 */
export default route({
  POST: async (req, context) => {
    const request = await readBody(req, BookingRequestSchema)
    if (request.website) return json({ success: true, message: BOOKING_MESSAGES.success })
    await limitPublicForm('booking', req, context)
    const booking = await bookings.add(request)
    await deliverBookingEmail(booking, runtimeOf(context))
    return json({ success: true, message: BOOKING_MESSAGES.success })
  },
})
