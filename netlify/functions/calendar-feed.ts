import type { Config } from '@netlify/functions'
import { calendarFeed as calendarFeedContract } from '#domain/api/booking.ts'
import { sessionsFeed } from '#lib/booking/invite.ts'
import { emailSetup } from '#lib/email/mailer.ts'
import { siteNameForEmail } from '#lib/email/transactional.ts'
import { runtimeOf } from '#lib/config/env.ts'
import { calendarFeed } from '#lib/data/calendar-feed.ts'
import { sessions } from '#lib/data/sessions.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { SECURITY_HEADERS } from '#lib/http/route.ts'

/** A session stays in her feed a day after it ends, so today's are still in her calendar tonight. */
const KEEP_IN_FEED_MS = 24 * 60 * 60_000

const notFound = () =>
  new Response('Not found', {
    status: 404,
    headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })

/**
 * GET /api/calendar/:token.ics: her booked sessions as a calendar her calendar program subscribes
 * to, at an address only she has (lib/data/calendar-feed.ts). Any other address is a plain 404
 * that says nothing of why. Never kept by a cache: it names the people who booked.
 */
export default endpoint(calendarFeedContract, {
  GET: async ({ params, context }) => {
    // The platform always fills it; a call without one is no address of hers either.
    const token = typeof params.token === 'string' ? params.token.replace(/\.ics$/, '') : ''
    if (!(await calendarFeed.matches(token))) return notFound()
    const now = Date.now()
    const upcoming = (await sessions.list())
      .filter((session) => session.status === 'booked' && Date.parse(session.end) > now - KEEP_IN_FEED_MS)
      .sort((a, b) => a.start.localeCompare(b.start))
    const setup = emailSetup(runtimeOf(context))
    const body = sessionsFeed(upcoming, {
      siteName: await siteNameForEmail(),
      coachEmail: setup.transport === 'none' ? 'noreply@invalid' : setup.bookingsTo,
    })
    return new Response(body, {
      headers: {
        ...SECURITY_HEADERS,
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': 'inline; filename="sessions.ics"',
        'Cache-Control': 'private, no-store',
        'X-Robots-Tag': 'noindex',
      },
    })
  },
})

export const config: Config = { path: '/api/calendar/:token' }
