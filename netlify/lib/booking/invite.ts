import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus, type ICalEventData } from 'ical-generator'
import { whereItHappens } from '#domain/session-place.ts'
import type { StoredSession } from '#domain/booking-session.ts'
import { siteUrl } from '#lib/config/site-url.ts'

/**
 * A session as a calendar event (RFC 5545, written by ical-generator). Its UID is the session's
 * own, the same in every invite, reminder and feed, and SEQUENCE is the session's, which rises on
 * every move and on the cancellation: so a calendar that holds the event replaces it rather than
 * adding another. Times are written in UTC (DTSTART/DTEND with `Z`); each calendar shows them in
 * its reader's zone.
 */
export type InviteParties = {
  /** The site's name, as the organizer and in the event's title. */
  siteName: string
  /** The coach's address (the organizer). */
  coachEmail: string
}

const PRODUCT = { company: 'Faithful Finances', product: 'Online booking', language: 'EN' } as const

/** The event's UID: the session id and the site's host, so no other calendar's event can share it. */
export function sessionUid(session: Pick<StoredSession, 'id'>): string {
  return `${session.id}@${new URL(siteUrl()).host}`
}

/** Where the session happens, in words a calendar shows: the place, or how the call goes. */
export function locationText(session: Pick<StoredSession, 'location'>): string {
  return whereItHappens(session.location)
}

function eventOf(session: StoredSession, parties: InviteParties, attendee: boolean): ICalEventData {
  const cancelled = session.status === 'cancelled'
  return {
    id: sessionUid(session),
    sequence: session.sequence,
    start: new Date(session.start),
    end: new Date(session.end),
    stamp: new Date(session.updatedAt),
    summary: `${session.service} (${parties.siteName})`,
    description: [`${session.service}, ${session.minutes} minutes.`, locationText(session), session.confirmation ?? '']
      .filter(Boolean)
      .join('\n'),
    location: locationText(session),
    organizer: { name: parties.siteName, email: parties.coachEmail },
    ...(attendee && {
      attendees: [
        {
          email: session.email,
          name: `${session.firstName} ${session.lastName}`,
          role: ICalAttendeeRole.REQ,
          status: cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
          rsvp: false,
        },
      ],
    }),
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  }
}

/** The invite an email carries: METHOD:REQUEST for a booked session, METHOD:CANCEL once it is cancelled. */
export function sessionInvite(session: StoredSession, parties: InviteParties): { method: 'REQUEST' | 'CANCEL'; ics: string } {
  const method = session.status === 'cancelled' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST
  const calendar = ical({ prodId: PRODUCT, method, events: [eventOf(session, parties, true)] })
  return { method: method === ICalCalendarMethod.CANCEL ? 'CANCEL' : 'REQUEST', ics: calendar.toString() }
}

/** Her feed: every session given, as a published calendar (no METHOD), without the visitors' addresses. */
export function sessionsFeed(sessions: readonly StoredSession[], parties: InviteParties): string {
  const calendar = ical({
    prodId: PRODUCT,
    name: `${parties.siteName}: booked sessions`,
    ttl: 15 * 60,
    events: sessions.map((session) => ({
      ...eventOf(session, parties, false),
      summary: `${session.service}: ${session.firstName} ${session.lastName}`,
    })),
  })
  return calendar.toString()
}
