import * as z from 'zod/mini'
import type { Availability, BookableService } from '#domain/availability.ts'
import type { BookSession } from '#domain/booking-session.ts'
import {
  NEXT_SLOTS_OFFERED,
  SESSION_MESSAGES,
  StoredSessionSchema,
  type Recipient,
  type SessionChangeEvent,
  type StoredSession,
} from '#domain/booking-session.ts'
import { freeSlots, isFreeSlot, slotId, type BookedSession } from '#domain/booking-slots.ts'
import { ConflictError, NotFoundError } from '#domain/errors.ts'
import { openStore } from '#lib/storage/blobs.ts'
import { defineDocument } from '#lib/storage/document.ts'
import { newId } from '#lib/storage/ids.ts'
import { written, type WrittenBy } from './written'

/**
 * Her sessions: one document, changed only by compare-and-swap. Whether a time is free depends on
 * every other session, so each booking, move and cancellation reads the whole calendar strongly,
 * checks the time again on that fresh copy, and writes only if nobody wrote in between (else it
 * starts over): two people can never be given one time, and a refusal writes nothing.
 *
 * Past sessions are kept KEEP_PAST_MS (the agenda shows today's, the history can be followed) and
 * then dropped, by any write and by the maintenance job.
 */
export const KEEP_PAST_MS = 30 * 24 * 60 * 60_000

/** How long a reminder's claim holds before another run may take it over (a run that died mid-send). */
export const REMINDER_CLAIM_MS = 10 * 60_000

/** An email a change still owes is sent by the maintenance job once the change is this old. */
export const MAIL_RETRY_AFTER_MS = 2 * 60_000

/** A change owes its email to both people. */
const owed = (event: SessionChangeEvent): StoredSession['mail'] => ({ event, to: ['visitor', 'coach'] })

/** A reminder goes out this long before a session starts (or as soon after as a run comes, until it starts). */
export const REMINDER_BEFORE_MS = 24 * 60 * 60_000

const doc = defineDocument(
  () => openStore('sessions'),
  z.object({ sessions: z.array(StoredSessionSchema) }),
  () => ({ sessions: [] }),
)

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/** The time is no longer free: the refusal carries the next free times, from the same fresh read. */
export class SlotTakenError extends ConflictError {
  constructor(readonly slots: string[]) {
    super(SESSION_MESSAGES.taken)
  }
}

const kept = (sessions: readonly StoredSession[], now: number) => sessions.filter((session) => Date.parse(session.end) > now - KEEP_PAST_MS)

/** What a slot must not overlap: every booked session but the one being moved. */
const busy = (sessions: readonly StoredSession[], except?: string): BookedSession[] =>
  sessions.filter((session) => session.status === 'booked' && session.id !== except).map(({ start, end }) => ({ start, end }))

/**
 * The next free times of a service after `start` (or the soonest, when none comes after it): what
 * a refusal offers instead, so the visitor can choose again without another call.
 */
export function nextFreeSlots(
  availability: Availability,
  service: string,
  booked: readonly BookedSession[],
  start: string,
  now: number,
): string[] {
  const all = freeSlots({ availability, service, booked, now, from: now, to: now + availability.horizonDays * DAY })
  const after = all.filter((slot) => slot >= start)
  return (after.length > 0 ? after : all).slice(0, NEXT_SLOTS_OFFERED)
}

/** The free times of a service now, from a strong read of her calendar (`except`: a session being moved, set aside). */
export async function slotsOf(availability: Availability, service: string, now = Date.now(), except?: string): Promise<string[]> {
  const { sessions } = await doc.read()
  return freeSlots({ availability, service, booked: busy(sessions, except), now, from: now, to: now + availability.horizonDays * DAY })
}

/**
 * The rules a session is moved by: her availability, with its service as she offers it now; one
 * she no longer offers (renamed, taken off) keeps its own length, so it can still be moved.
 */
export function rulesFor(availability: Availability, session: Pick<StoredSession, 'service' | 'minutes' | 'location'>): Availability {
  if (availability.services.some((service) => service.name === session.service)) return availability
  const kept: BookableService = {
    name: session.service,
    minutes: session.minutes as BookableService['minutes'],
    location: session.location as BookableService['location'],
    confirmation: undefined,
  }
  return { ...availability, services: [kept] }
}

/** A session's history entry: the coach's moves and cancellations are hers; a visitor's own are not recorded. */
const label = (session: StoredSession) => `${session.firstName} ${session.lastName}`

type Checked = { availability: Availability; service: BookableService; now?: number }

export const sessions = {
  async list(): Promise<StoredSession[]> {
    return (await doc.read()).sessions
  },

  async get(id: string): Promise<StoredSession | undefined> {
    return (await doc.read()).sessions.find((session) => session.id === id)
  },

  /**
   * Books `request.start` for the service, if it is free on a fresh read; else throws
   * SlotTakenError with the next free times. Nothing is written for a refusal.
   */
  async book(request: BookSession, { availability, service, now = Date.now() }: Checked): Promise<StoredSession> {
    return doc.update(({ sessions: current }) => {
      const list = kept(current, now)
      const booked = busy(list)
      if (!isFreeSlot({ availability, service: service.name, booked, now }, request.start)) {
        throw new SlotTakenError(nextFreeSlots(availability, service.name, booked, request.start, now))
      }
      const at = new Date(now).toISOString()
      const session: StoredSession = {
        id: newId(),
        service: service.name,
        minutes: service.minutes,
        location: service.location.text ? { kind: service.location.kind, text: service.location.text } : { kind: service.location.kind },
        ...(service.confirmation && { confirmation: service.confirmation }),
        start: request.start,
        end: slotId(Date.parse(request.start) + service.minutes * MINUTE),
        timeZone: request.timeZone,
        firstName: request.firstName,
        lastName: request.lastName,
        email: request.email,
        ...(request.phone && { phone: request.phone }),
        ...(request.company && { company: request.company }),
        country: request.country,
        message: request.message,
        status: 'booked',
        sequence: 0,
        createdAt: at,
        updatedAt: at,
        mail: owed('booked'),
      }
      return { doc: { sessions: [...list, session] }, result: session }
    })
  },

  /**
   * Moves a booked session that has not started to `start`, if that is free for its service (the
   * session itself set aside); its invite's sequence rises and its reminder is due again for the
   * new time. `expect`: the sequence the caller saw (an emailed link's), so a link used once, or
   * made before another change, moves nothing.
   */
  async reschedule(
    id: string,
    start: string,
    { availability, now = Date.now(), expect, by }: { availability: Availability; now?: number; expect?: number } & WrittenBy,
  ): Promise<StoredSession> {
    const { before, after } = await doc.update(({ sessions: current }) => {
      const list = kept(current, now)
      const session = changeable(list, id, now, expect)
      const booked = busy(list, id)
      // Its service as she offers it now; one she no longer offers keeps its length.
      const offered = availability.services.some((service) => service.name === session.service)
      const rules = offered
        ? availability
        : { ...availability, services: [{ name: session.service, minutes: session.minutes } as BookableService] }
      if (!isFreeSlot({ availability: rules, service: session.service, booked, now }, start)) {
        throw new SlotTakenError(nextFreeSlots(rules, session.service, booked, start, now))
      }
      const moved: StoredSession = {
        ...session,
        start,
        end: slotId(Date.parse(start) + session.minutes * MINUTE),
        sequence: session.sequence + 1,
        updatedAt: new Date(now).toISOString(),
        reminder: undefined,
        mail: owed('moved'),
      }
      return { doc: { sessions: list.map((s) => (s.id === id ? moved : s)) }, result: { before: session, after: moved } }
    })
    if (by) await written(history(before, after, 'updated'), by)
    return after
  },

  /** Cancels a booked session that has not started; its invite's sequence rises (the cancellation is an update of the event). */
  async cancel(id: string, { now = Date.now(), expect, by }: { now?: number; expect?: number } & WrittenBy = {}): Promise<StoredSession> {
    const { before, after } = await doc.update(({ sessions: current }) => {
      const list = kept(current, now)
      const session = changeable(list, id, now, expect)
      const cancelled: StoredSession = {
        ...session,
        status: 'cancelled',
        sequence: session.sequence + 1,
        updatedAt: new Date(now).toISOString(),
        mail: owed('cancelled'),
      }
      return { doc: { sessions: list.map((s) => (s.id === id ? cancelled : s)) }, result: { before: session, after: cancelled } }
    })
    if (by) await written(history(before, after, 'updated'), by)
    return after
  },

  /**
   * Claims, for this run, every booked session whose reminder is due: it starts within
   * REMINDER_BEFORE_MS and has not started, and no reminder was sent or is being sent (a claim
   * older than REMINDER_CLAIM_MS is taken over). One compare-and-swap for all of them, so two runs
   * at once each get a different set, and a session is in at most one.
   */
  async claimReminders(claim: string, now = Date.now()): Promise<StoredSession[]> {
    return doc.update(({ sessions: current }) => {
      const claimed: StoredSession[] = []
      const list = kept(current, now).map((session) => {
        const start = Date.parse(session.start)
        const due = session.status === 'booked' && start > now && start - now <= REMINDER_BEFORE_MS
        const held = session.reminder && (session.reminder.sent || now - Date.parse(session.reminder.at) < REMINDER_CLAIM_MS)
        if (!due || held) return session
        const mine = { ...session, reminder: { claim, at: new Date(now).toISOString(), sent: false } }
        claimed.push(mine)
        return mine
      })
      return { doc: { sessions: list }, result: claimed }
    })
  },

  /**
   * After a run's sends: the sessions whose reminder went out are marked sent; those that failed
   * are released for the next run. Only while the claim is still this run's (a move in between
   * cleared it: the new time gets its own reminder).
   */
  async settleReminders(claim: string, sent: readonly string[], failed: readonly string[]): Promise<void> {
    await doc.update(({ sessions: current }) => ({
      doc: {
        sessions: current.map((session) => {
          if (session.reminder?.claim !== claim) return session
          if (sent.includes(session.id)) return { ...session, reminder: { ...session.reminder, sent: true } }
          if (failed.includes(session.id)) return { ...session, reminder: undefined }
          return session
        }),
      },
      result: undefined,
    }))
  },

  /**
   * Records who the email about a change reached: they are no longer owed it. Only while the
   * session is still at that change (`sequence`): a later change owes its own email, which says all.
   */
  async mailSent(id: string, sequence: number, sent: readonly Recipient[]): Promise<void> {
    const current = (await doc.read()).sessions.find((session) => session.id === id)
    if (!current?.mail || current.sequence !== sequence || sent.length === 0) return
    await doc.update(({ sessions: list }) => ({
      doc: {
        sessions: list.map((session) => {
          if (session.id !== id || session.sequence !== sequence || !session.mail) return session
          const to = session.mail.to.filter((recipient) => !sent.includes(recipient))
          return { ...session, mail: to.length > 0 ? { event: session.mail.event, to } : undefined }
        }),
      },
      result: undefined,
    }))
  },

  /**
   * Claims, for this run, every session whose email is still owed MAIL_RETRY_AFTER_MS after its
   * change (the request that made the change has had its try), unless another run holds a claim
   * younger than REMINDER_CLAIM_MS. Owed emails of a session that has started are dropped: too late.
   */
  async claimOwedMail(claim: string, now = Date.now()): Promise<StoredSession[]> {
    const { sessions: stored } = await doc.read()
    const due = (session: StoredSession) =>
      session.mail !== undefined &&
      now - Date.parse(session.updatedAt) >= MAIL_RETRY_AFTER_MS &&
      !(session.mail.at && now - Date.parse(session.mail.at) < REMINDER_CLAIM_MS)
    if (!stored.some(due)) return []
    return doc.update(({ sessions: current }) => {
      const claimed: StoredSession[] = []
      const list = kept(current, now).map((session) => {
        if (!due(session)) return session
        if (Date.parse(session.start) <= now) return { ...session, mail: undefined }
        const mine = { ...session, mail: { ...session.mail!, claim, at: new Date(now).toISOString() } }
        claimed.push(mine)
        return mine
      })
      return { doc: { sessions: list }, result: claimed }
    })
  },

  /** Drops sessions that ended more than KEEP_PAST_MS ago; run by the maintenance job. */
  async prune(now = Date.now()): Promise<number> {
    // Most runs find nothing to drop: they then write nothing.
    const { sessions: stored } = await doc.read()
    if (kept(stored, now).length === stored.length) return 0
    return doc.update(({ sessions: current }) => {
      const list = kept(current, now)
      return { doc: { sessions: list }, result: current.length - list.length }
    })
  },
}

/** The session a link or the coach may change: booked, not started, and (for a link) unchanged since the link was made. */
function changeable(list: readonly StoredSession[], id: string, now: number, expect: number | undefined): StoredSession {
  const session = list.find((s) => s.id === id)
  if (!session) throw new NotFoundError(SESSION_MESSAGES.notFound)
  if (session.status !== 'booked') throw new ConflictError(SESSION_MESSAGES.alreadyCancelled)
  if (Date.parse(session.start) <= now) throw new ConflictError(SESSION_MESSAGES.started)
  if (expect !== undefined && session.sequence !== expect) throw new NotFoundError(SESSION_MESSAGES.linkInvalid)
  return session
}

function history(before: StoredSession, after: StoredSession, action: 'updated') {
  return {
    subject: 'session' as const,
    recordId: after.id,
    label: label(after),
    before: { ...before },
    after: { ...after },
    action,
    changes:
      after.status === 'cancelled'
        ? [`Cancelled the ${after.service} session`]
        : [{ label: 'Time', kind: 'time' as const, before: before.start, after: after.start }],
  }
}
