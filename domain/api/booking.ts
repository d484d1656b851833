import { answers, contract } from './contract'
import { ENDPOINTS } from '#domain/endpoints.ts'
import { AvailabilitySchema, type Availability } from '#domain/availability.ts'
import {
  BookSessionSchema,
  RescheduleSchema,
  SESSION_MESSAGES,
  SessionChangeSchema,
  SlotsQuerySchema,
  type AdminSession,
  type PublicOffer,
  type PublicSession,
} from '#domain/booking-session.ts'

/** Online booking (docs/booking.md): her availability and calendar feed, the free times, the sessions and their emailed links. */

/** A refusal because the time is no longer free: the next free ones come with it. */
const TAKEN = `409 "${SESSION_MESSAGES.taken}" with \`slots\`, the next free times (up to 6)`

export const adminAvailability = contract({
  endpoint: ENDPOINTS.adminAvailability,
  methods: {
    GET: {
      access: 'admin',
      answers:
        "`availability` (the saved one, or the built-in default), `serviceTitles` (the Services page's titles), `feedUrl` (her private calendar address, or null before one is made)",
      answer: answers<{ availability: Availability; serviceTitles: string[]; feedUrl: string | null }>(),
    },
    PUT: {
      access: 'admin',
      sends: 'the whole availability (timeZone, weekly, datesOff, extraHours, gapMinutes, noticeHours, horizonDays, services)',
      answers: `\`availability\`, "${SESSION_MESSAGES.availabilitySaved}"; 400 with the first failing check (a service must be on the Services page)`,
      body: AvailabilitySchema,
      answer: answers<{ availability: Availability; message: string }>(),
    },
  },
})

export const adminCalendarFeed = contract({
  endpoint: ENDPOINTS.adminCalendarFeed,
  methods: {
    POST: {
      access: 'admin',
      sends: 'no body',
      answers: `\`feedUrl\`, "${SESSION_MESSAGES.feedMade}"; the address before it answers 404 from then on`,
      answer: answers<{ feedUrl: string; message: string }>(),
    },
  },
})


export const bookingServices = contract({
  endpoint: ENDPOINTS.bookingServices,
  methods: {
    GET: {
      access: 'public',
      answers:
        "`services` (name, minutes, location `{ kind, text? }`): the services that can be booked online; `timeZone`: the coach's; `horizonDays`: how many days ahead times are offered. The confirmation line is sent only once booked",
      answer: answers<PublicOffer>(),
    },
  },
})

export const bookingSlots = contract({
  endpoint: ENDPOINTS.bookingSlots,
  methods: {
    GET: {
      access: 'public',
      sends: '`service` (query): a service title',
      answers: `\`slots\`: the free start times from now to her horizon, UTC (\`2026-03-09T14:00:00.000Z\`); 404 "${SESSION_MESSAGES.notBookable}"; kept by the CDN for a minute at most, one copy per service`,
      query: SlotsQuerySchema,
      answer: answers<{ slots: string[] }>(),
    },
  },
})

export const bookingSessions = contract({
  endpoint: ENDPOINTS.bookingSessions,
  methods: {
    POST: {
      access: 'public',
      sends:
        "firstName, lastName, email, phone, company, country, service, message (the request form's, same checks in the same order, honeypot `website`), `start` (a free time) and `timeZone` (the visitor's)",
      answers: `201, \`session\` (id, service, minutes, location, start, end, timeZone, and the service's confirmation line when she wrote one), \`message\`; emails the visitor and the coach, each with the calendar invitation; 400 with the first failing check; 404 "${SESSION_MESSAGES.notBookable}"; ${TAKEN}; 429`,
      body: BookSessionSchema,
      status: 201,
      answer: answers<{ session: PublicSession; message: string }>(),
    },
  },
})

export const bookingSession = contract({
  endpoint: ENDPOINTS.bookingSession,
  methods: {
    GET: {
      access: 'public',
      who: 'whoever holds the emailed link, a reschedule or a cancel token',
      answers: `\`session\`, \`purpose\` (\`reschedule\` or \`cancel\`), and for a reschedule \`slots\` (the free times); 404 "${SESSION_MESSAGES.linkInvalid}" for a bad, used, wrong-purpose or expired link (the session started or is cancelled)`,
      answer: answers<{ session: PublicSession; purpose: 'reschedule' | 'cancel'; slots?: string[] }>(),
    },
    POST: {
      access: 'public',
      who: 'whoever holds the emailed link',
      sends: '`{ start }` with a reschedule link, `{ cancel: true }` with a cancel link',
      answers: `\`session\`, "${SESSION_MESSAGES.moved}" (the invitation again, same event, new time); or "${SESSION_MESSAGES.cancelled}" (a cancellation for her calendar); ${TAKEN}; 404 "${SESSION_MESSAGES.linkInvalid}"`,
      body: SessionChangeSchema,
      answer: answers<{ session?: PublicSession; message: string }>(),
    },
  },
})

export const adminSessions = contract({
  endpoint: ENDPOINTS.adminSessions,
  methods: {
    GET: {
      access: 'admin',
      answers: "`sessions`: the upcoming ones and today's, soonest first, each with who booked it and its `status`",
      answer: answers<{ sessions: AdminSession[] }>(),
    },
  },
})

export const adminSession = contract({
  endpoint: ENDPOINTS.adminSession,
  ids: { id: SESSION_MESSAGES.notFound },
  methods: {
    POST: {
      access: 'admin',
      sends: '`start`, a free time',
      answers: `\`session\`, "${SESSION_MESSAGES.adminMoved}" (the visitor is emailed the updated invitation); ${TAKEN}; 404 "${SESSION_MESSAGES.notFound}"`,
      body: RescheduleSchema,
      answer: answers<{ session: AdminSession; message: string }>(),
    },
    DELETE: {
      access: 'admin',
      answers: `\`session\`, "${SESSION_MESSAGES.adminCancelled}" (the visitor is emailed the cancellation); 404 "${SESSION_MESSAGES.notFound}"`,
      answer: answers<{ session: AdminSession; message: string }>(),
    },
  },
})

export const calendarFeed = contract({
  endpoint: ENDPOINTS.calendarFeed,
  methods: {
    GET: {
      access: 'public',
      who: 'whoever holds her private address (a calendar program)',
      answers: '`text/calendar`: her upcoming sessions, times in UTC; a plain 404 "Not found" for any other address',
      served: 'text',
    },
  },
})
