import type { Config } from '@netlify/functions'
import { adminCalendarFeed } from '#domain/api/booking.ts'
import { SESSION_MESSAGES } from '#domain/booking-session.ts'
import { feedUrl } from '#lib/booking/feed-url.ts'
import { calendarFeed } from '#lib/data/calendar-feed.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/** POST /api/admin/calendar-feed: makes her private calendar address, or a new one in place of the old (admins only). */
export default endpoint(adminCalendarFeed, {
  POST: async ({ session: { user } }) => ({ feedUrl: feedUrl(await calendarFeed.renew({ by: user })), message: SESSION_MESSAGES.feedMade }),
})

export const config: Config = { path: '/api/admin/calendar-feed' }
