import ICAL from 'ical.js'
import * as z from 'zod/mini'
import { DEFAULT_AVAILABILITY, type Availability, type BookableService } from '#domain/availability.ts'
import { BookSessionSchema, type PublicSession } from '#domain/booking-session.ts'
import * as bookingSessions from '#functions/booking-sessions.ts'
import * as bookingSlots from '#functions/booking-slots.ts'
import { availability } from '#lib/data/availability.ts'
import { sessionLinkToken } from '#lib/booking/session-links.ts'
import { outbox, type OutboxEmail } from '#lib/data/outbox.ts'
import { sessions, slotsOf } from '#lib/data/sessions.ts'
import { call, type CallResult } from './call'
import { bookingInput } from './factories'

/**
 * Online booking's shared fixtures: her availability open every hour of every day in UTC with no
 * notice (so a test always has free times, whenever it runs), a booking body, calls, and the
 * invites read back with ical.js.
 */
export const COACHING = '1-1 Financial Coaching'
export const INVESTING = 'Investment Coaching'

const allDay = () => [{ start: '00:00', end: '24:00' }]

export function openAvailability(overrides: Partial<Availability> = {}): Availability {
  const service = (name: string, minutes: 30 | 60 | 90, extra: Partial<BookableService> = {}): BookableService => ({
    name,
    minutes,
    location: { kind: 'video', text: 'Zoom link in your invitation' },
    confirmation: 'Grace will send the video link the day before.',
    ...extra,
  })
  return {
    ...structuredClone(DEFAULT_AVAILABILITY),
    timeZone: 'America/New_York',
    weekly: {
      monday: allDay(),
      tuesday: allDay(),
      wednesday: allDay(),
      thursday: allDay(),
      friday: allDay(),
      saturday: allDay(),
      sunday: allDay(),
    },
    gapMinutes: 0,
    noticeHours: 0,
    horizonDays: 14,
    services: [service(COACHING, 60), service(INVESTING, 30, { location: { kind: 'phone', text: undefined }, confirmation: undefined })],
    ...overrides,
  }
}

export const saveAvailability = (overrides: Partial<Availability> = {}) => availability.save(openAvailability(overrides))

let network = 0
/** A fresh network each call, unless one is given: the per-network limit is tested on its own. */
export const nextIp = () => `198.51.${100 + Math.floor(++network / 250)}.${(network % 250) + 1}`

export type BookAnswer = { success: boolean; message?: string; error?: string; session: PublicSession; slots?: string[] }

export function sessionBody(start: string, overrides: Record<string, unknown> = {}) {
  return { ...bookingInput(), service: COACHING, start, timeZone: 'Europe/London', ...overrides }
}

export function book(start: string, overrides: Record<string, unknown> = {}, ip = nextIp()): Promise<CallResult<BookAnswer>> {
  return call<BookAnswer>(bookingSessions, { method: 'POST', path: '/api/booking/sessions', body: sessionBody(start, overrides), ip })
}

export async function slots(service = COACHING): Promise<string[]> {
  const { status, body } = await call<{ success: boolean; slots: string[] }>(bookingSlots, {
    path: `/api/booking/slots?service=${encodeURIComponent(service)}`,
  })
  if (status !== 200) throw new Error(`slots answered ${status}`)
  return body.slots
}

/** The emails in the outbox with an invite, each with its invite's calendar read back. */
export async function invites(): Promise<(OutboxEmail & { calendar: ICAL.Component })[]> {
  return (await outbox.list()).flatMap((email) => {
    const file = email.attachments?.find((attachment) => attachment.type.startsWith('text/calendar'))
    return file ? [{ ...email, calendar: new ICAL.Component(ICAL.parse(file.content)) }] : []
  })
}

/** The one event of an invite: its UID, SEQUENCE, METHOD, and its times as UTC instants. */
export function eventOf(calendar: ICAL.Component) {
  const vevent = calendar.getFirstSubcomponent('vevent')!
  const event = new ICAL.Event(vevent)
  const utc = (name: string) => {
    const raw = vevent.getFirstProperty(name)!.toICALString()
    return {
      raw,
      iso:
        vevent.getFirstPropertyValue(name) instanceof ICAL.Time
          ? (vevent.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString()
          : '',
    }
  }
  return {
    uid: event.uid,
    sequence: event.sequence,
    method: calendar.getFirstPropertyValue('method') as string | null,
    status: vevent.getFirstPropertyValue('status') as string | null,
    start: utc('dtstart'),
    end: utc('dtend'),
  }
}

/** The token in an emailed link of this purpose. */
export function linkToken(email: OutboxEmail, purpose: 'reschedule' | 'cancel'): string {
  const match = new RegExp(`/book-now/${purpose}\\?token=([^\\s"&<]+)`).exec(email.text)
  if (!match) throw new Error(`no ${purpose} link in "${email.subject}"`)
  return decodeURIComponent(match[1]!)
}

/**
 * A booked session for the endpoint tables, on her open availability: its id and another free
 * time to move it to (moving it there again is allowed: the session itself is set aside).
 */
export async function createSessionFixture(firstName = 'Fixture'): Promise<{ sessionId: string; sessionMoveTo: string }> {
  const saved = await saveAvailability()
  const service = saved.services[0]!
  const free = await slotsOf(saved, service.name)
  const body = z.parse(BookSessionSchema, sessionBody(free[0]!, { firstName }))
  const session = await sessions.book(body, { availability: saved, service })
  return { sessionId: session.id, sessionMoveTo: free[8]! }
}

/** A fresh session and a link of its own (a cancel link is used up by its first use). */
export async function freshSessionLink(purpose: 'reschedule' | 'cancel'): Promise<{ token: string; sessionMoveTo: string }> {
  const { sessionId, sessionMoveTo } = await createSessionFixture(`Link ${++network}`)
  const session = (await sessions.get(sessionId))!
  return { token: await sessionLinkToken(session, purpose), sessionMoveTo }
}

/** A free time to book now (each booking takes the first, so the next call gets the next one). */
export async function freeStart(): Promise<string> {
  const saved = await availability.get()
  return (await slotsOf(saved, COACHING))[0]!
}
