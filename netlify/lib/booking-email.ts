import type { StoredBooking } from '../../domain/booking'
import { bookings } from './data/bookings'
import type { Runtime } from './env'
import { emailSetup, sendEmail } from './mailer'

function bookingEmail(booking: StoredBooking, to: string) {
  const lines = [
    `New booking request from ${booking.firstName} ${booking.lastName}`,
    '',
    `Email: ${booking.email}`,
    `Phone: ${booking.phone ?? '-'}`,
    `Company: ${booking.company ?? '-'}`,
    `Country: ${booking.country}`,
    `Service: ${booking.service}`,
    '',
    booking.message,
    '',
    `Received ${booking.createdAt} (booking ${booking.id}).`,
  ]
  return {
    to,
    replyTo: booking.email,
    subject: `Booking request: ${booking.firstName} ${booking.lastName}`,
    text: lines.join('\n'),
  }
}

/** After this many failed attempts the retry gives up; the booking stays visible in the admin. */
export const MAX_EMAIL_ATTEMPTS = 10

/**
 * Tries once to email the coach about a stored booking and records the outcome. Never throws:
 * the booking is safe either way, and a failed email is retried by the scheduled function. The
 * claim makes sure two attempts (the visitor's request and a retry) never both send it.
 */
export async function deliverBookingEmail(booking: StoredBooking, runtime: Runtime): Promise<boolean> {
  // Not set up: the booking stays due, untouched, and goes out once email is configured.
  const setup = emailSetup(runtime)
  if (setup.transport === 'none') return false
  const claimed = await bookings.claimEmail(booking.id).catch((error) => {
    console.error(`booking ${booking.id}: could not claim the email:`, error)
    return false
  })
  if (!claimed) return false
  let sent = false
  try {
    await sendEmail(bookingEmail(booking, setup.bookingsTo), runtime)
    sent = true
  } catch (error) {
    console.error(`booking ${booking.id}: email failed:`, error instanceof Error ? error.message : error)
  }
  await bookings.markEmail(booking.id, sent).catch((error) => console.error('could not record email outcome:', error))
  return sent
}

/** The scheduled retry: every booking whose email is still due, oldest first. */
export async function retryBookingEmails(runtime: Runtime): Promise<{ sent: number; failed: number }> {
  let sent = 0
  let failed = 0
  if (emailSetup(runtime).transport === 'none') return { sent, failed }
  for (const booking of await bookings.unsent()) {
    if (booking.emailAttempts >= MAX_EMAIL_ATTEMPTS) continue
    if (await deliverBookingEmail(booking, runtime)) sent++
    else failed++
  }
  return { sent, failed }
}
