import type { Config } from '@netlify/functions'
import { adminSessions } from '#domain/api/booking.ts'
import { adminSession } from '#domain/booking-session.ts'
import { availability } from '#lib/data/availability.ts'
import { sessions } from '#lib/data/sessions.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/** A date as her calendar shows it in a zone ("2026-03-09"), for comparing days. */
const dateIn = (instant: string | number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant))

/** GET /api/admin/sessions: her sessions from today (in her zone) on, soonest first, cancelled ones included (admins only). */
export default endpoint(adminSessions, {
  GET: async () => {
    const [all, { timeZone }] = await Promise.all([sessions.list(), availability.get()])
    const today = dateIn(Date.now(), timeZone)
    const upcoming = all.filter((session) => dateIn(session.start, timeZone) >= today).sort((a, b) => a.start.localeCompare(b.start))
    return { sessions: upcoming.map(adminSession) }
  },
})

export const config: Config = { path: '/api/admin/sessions' }
