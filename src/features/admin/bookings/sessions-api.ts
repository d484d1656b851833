import { adminAvailability, adminSession, adminSessions, bookingSlots } from '#domain/api/booking.ts'
import { adminCall } from '#src/features/admin/kit/admin-call.ts'

/** Her booked sessions (with her zone, which the agenda is written in), the free times to move one to, moving and cancelling. */
export const sessionsApi = {
  agenda: async () => {
    const [{ sessions }, { availability }] = await Promise.all([adminCall(adminSessions, 'GET'), adminCall(adminAvailability, 'GET')])
    return { sessions, timeZone: availability.timeZone }
  },
  freeTimes: async (service: string) => (await adminCall(bookingSlots, 'GET', { query: { service } })).slots,
  move: (id: string, start: string) => adminCall(adminSession, 'POST', { params: { id }, body: { start } }),
  cancel: (id: string) => adminCall(adminSession, 'DELETE', { params: { id } }),
}
