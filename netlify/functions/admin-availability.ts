import type { Config } from '@netlify/functions'
import * as z from 'zod/mini'
import { adminAvailability } from '#domain/api/booking.ts'
import { availabilitySchema, listedServiceTitles } from '#domain/availability.ts'
import { SESSION_MESSAGES } from '#domain/booking-session.ts'
import { toSiteTexts } from '#domain/content-item.ts'
import { firstIssue } from '#domain/fields.ts'
import { feedUrl } from '#lib/booking/feed-url.ts'
import { availability } from '#lib/data/availability.ts'
import { calendarFeed } from '#lib/data/calendar-feed.ts'
import { content } from '#lib/data/content.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError } from '#lib/http/route.ts'

/** The titles the Services page lists now: a bookable service must be one of them. */
const serviceTitles = async () => listedServiceTitles(toSiteTexts(await content.list()))

/**
 * GET/PUT /api/admin/availability: her hours, spacing rules and bookable services (admins only),
 * with the Services page's titles to choose from and her private calendar address.
 */
export default endpoint(adminAvailability, {
  GET: async () => {
    const [saved, titles, token] = await Promise.all([availability.get(), serviceTitles(), calendarFeed.token()])
    return { availability: saved, serviceTitles: titles, feedUrl: token ? feedUrl(token) : null }
  },

  PUT: async ({ body, session: { user } }) => {
    // The body passed the schema alone; a save must also name only services the page lists now.
    const checked = z.safeParse(availabilitySchema(await serviceTitles()), body)
    if (!checked.success) throw new HttpError(400, firstIssue(checked.error))
    const saved = await availability.save(checked.data, { by: user })
    return { availability: saved, message: SESSION_MESSAGES.availabilitySaved }
  },
})

export const config: Config = { path: '/api/admin/availability' }
