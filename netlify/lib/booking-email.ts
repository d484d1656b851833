import type { StoredBooking } from '../../domain/booking'
import { bookings } from './data/bookings'
import { env } from './env'
import { sendEmail } from './mailer'

function bookingEmail(booking: StoredBooking) {
  const lines = [
    `New booking request from ${booking.firstName} ${booking.lastName}`,
    '',
    `Email: ${booking.email}`,
    `Phone: ${booking.phone ?? '-'}`,
    `Company: ${booking.company ?? '-'}`,
    `Country: ${booking.country}`,
    '',
    booking.message,
    '',
    `Received ${booking.createdAt} (booking ${booking.id}).`,
  ]
  return {
    to: env('BOOKING_TO_EMAIL') ?? 'coach@example.com',
    replyTo: booking.email,
    subject: `Booking request: ${booking.firstName} ${booking.lastName}`,
    text: lines.join('\n'),
  }
}

/**
 * Tries once to email the coach about a stored booking and records the outcome. Never throws:
 * the booking is safe either way, and a failed email is retried by the scheduled function.
 */
export async function deliverBookingEmail(booking: StoredBooking): Promise<boolean> {
  let sent = false
  try {
    await sendEmail(bookingEmail(booking))
    sent = true
  } catch (error) {
    console.error(`booking ${booking.id}: email failed:`, error instanceof Error ? error.message : error)
  }
  await bookings.markEmail(booking.id, sent).catch((error) => console.error('could not record email outcome:', error))
  return sent
}
