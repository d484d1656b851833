import type { BookingStatus } from '#domain/booking.ts'
import * as mail from '#domain/api/mail.ts'
import { adminCall } from '#src/features/admin/kit/admin-call.ts'

/** The booking requests, and marking one handled or new. */
export const bookingsApi = {
  bookings: async () => (await adminCall(mail.adminBookings, 'GET')).bookings,
  setBookingStatus: (id: string, status: BookingStatus) => adminCall(mail.adminBooking, 'PUT', { params: { id }, body: { status } }),
}
