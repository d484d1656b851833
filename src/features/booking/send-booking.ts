import type { BookingRequest } from '#domain/booking.ts'
import { BOOKING_MESSAGES } from '#domain/booking-messages.ts'
import { api, errorMessage, paths } from '#src/lib/api-client.ts'

export async function sendBooking(request: BookingRequest): Promise<{ ok: boolean; message: string }> {
  try {
    const { message } = await api<{ message?: string }>(paths.booking(), { method: 'POST', body: request })
    return { ok: true, message: message ?? BOOKING_MESSAGES.success }
  } catch (error) {
    return { ok: false, message: errorMessage(error, BOOKING_MESSAGES.failed, BOOKING_MESSAGES.unexpected) }
  }
}
