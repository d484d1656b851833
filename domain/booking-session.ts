import * as z from 'zod/mini'
import { SESSION_MESSAGES } from './session-messages'
import { LOCATION_KINDS, type LocationKind } from './availability'
import { BookingRequestSchema, STORED_VISITOR_FIELDS } from './booking'
import { IdSchema } from './fields'
import { isTimeZone } from './time-zones'

// A session booked online: a visitor's request with a time in the coach's calendar. Times travel
// and are stored as UTC slot ids ("2026-03-09T14:00:00.000Z", as domain/booking-slots.ts `slotId`
// writes them); every display names its zone. docs/booking.md tells the whole flow.

export { SESSION_MESSAGES } from './session-messages'

/** How many free times a refusal offers instead of the one taken. */
export const NEXT_SLOTS_OFFERED = 6

/** A slot id: an instant on the minute, written as `slotId` writes it (UTC, milliseconds, `Z`). */
const SLOT_ID = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/
export function isSlotId(value: unknown): value is string {
  if (typeof value !== 'string' || !SLOT_ID.test(value)) return false
  const ms = Date.parse(value)
  return Number.isFinite(ms) && new Date(ms).toISOString() === value
}

export const SlotIdSchema = z
  .string({ error: SESSION_MESSAGES.chooseTime })
  .check(z.refine(isSlotId, { error: SESSION_MESSAGES.chooseTime }))

const TimeZoneSchema = z.string({ error: SESSION_MESSAGES.chooseZone }).check(z.refine(isTimeZone, { error: SESSION_MESSAGES.chooseZone }))

/**
 * A booking from the page: the request form's fields, checked with its schema in its order and
 * with its messages (the honeypot `website` included), then the chosen time and the visitor's
 * own zone, which her emails show times in. The service must also be one she can book online:
 * the function checks that against the coach's availability.
 */
export const BookSessionSchema = z.extend(BookingRequestSchema, { start: SlotIdSchema, timeZone: TimeZoneSchema })
export type BookSessionInput = z.input<typeof BookSessionSchema>
export type BookSession = z.output<typeof BookSessionSchema>

/** The free times of one service. */
export const SlotsQuerySchema = z.object({
  service: z
    .string({ error: SESSION_MESSAGES.chooseService })
    // No ceiling here: a name longer than any title is simply not one of hers (404).
    .check(z.minLength(1, { error: SESSION_MESSAGES.chooseService })),
})

/** What an emailed link posts: a new time (a reschedule link) or `cancel: true` (a cancel link). */
export const SessionChangeSchema = z
  .object({ start: z.optional(SlotIdSchema), cancel: z.optional(z.literal(true, { error: SESSION_MESSAGES.chooseChange })) })
  .check(z.refine((change) => (change.start === undefined) !== (change.cancel === undefined), { error: SESSION_MESSAGES.chooseChange }))
export type SessionChange = z.output<typeof SessionChangeSchema>

/** The coach moving a session. */
export const RescheduleSchema = z.object({ start: SlotIdSchema })

export const SESSION_STATUSES = ['booked', 'cancelled'] as const
/** The changes a session's emails tell of (the reminder aside), and who gets each. */
export const SESSION_CHANGES = ['booked', 'moved', 'cancelled'] as const
export type SessionChangeEvent = (typeof SESSION_CHANGES)[number]
export const RECIPIENTS = ['visitor', 'coach'] as const
export type Recipient = (typeof RECIPIENTS)[number]
export type SessionStatus = (typeof SESSION_STATUSES)[number]

export type PublicLocation = { kind: LocationKind; text?: string }

/** A service a visitor can book online, as she is told of it. */
export type ServiceOffer = { name: string; minutes: number; location: PublicLocation }

/**
 * What a visitor is told of booking online: the services, the coach's zone and how many days
 * ahead times are offered. The services call answers it, and Book Now is drawn with it.
 */
export type PublicOffer = { services: ServiceOffer[]; timeZone: string; horizonDays: number }

/** What the visitor's pages are told of a session: nothing she did not choose herself, no contact details. */
export type PublicSession = {
  id: string
  service: string
  minutes: number
  location: PublicLocation
  /** UTC slot ids. */
  start: string
  end: string
  /** The visitor's zone, in which her emails and pages show the times. */
  timeZone: string
  /** The coach's line for those who booked the service (how the call starts), when she wrote one. */
  confirmation?: string
}

/** What the coach's admin is told: the session and who booked it. */
export type AdminSession = PublicSession &
  Pick<StoredSession, 'firstName' | 'lastName' | 'email' | 'phone' | 'company' | 'country' | 'message' | 'status' | 'createdAt'>

/**
 * A stored session. `sequence` rises with every change the invite carries (a new time, a
 * cancellation), so calendars replace the event they hold instead of adding one; `reminder` is
 * the claim of the run that sends the reminder, so it goes out once.
 */
export const StoredSessionSchema = z.object({
  id: IdSchema,
  service: z.string(),
  minutes: z.number(),
  location: z.object({ kind: z.enum(LOCATION_KINDS), text: z.optional(z.string()) }),
  /** The service's confirmation line when booked, for the emails that follow. */
  confirmation: z.optional(z.string()),
  start: z.string(),
  end: z.string(),
  timeZone: z.string(),
  ...STORED_VISITOR_FIELDS,
  message: z.string(),
  status: z.enum(SESSION_STATUSES),
  sequence: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Who holds or held the reminder, and since when; `sent` once it went out. */
  reminder: z.optional(z.object({ claim: z.string(), at: z.string(), sent: z.boolean() })),
  /**
   * The email about the last change still owed, and to whom: set with the change, cleared as each
   * goes out; what the request could not send, the maintenance job sends (`claim`: the run doing it).
   */
  mail: z.optional(
    z.object({
      event: z.enum(SESSION_CHANGES),
      to: z.array(z.enum(RECIPIENTS)),
      claim: z.optional(z.string()),
      at: z.optional(z.string()),
    }),
  ),
})
export type StoredSession = z.infer<typeof StoredSessionSchema>

export function publicSession(session: StoredSession): PublicSession {
  return {
    id: session.id,
    service: session.service,
    minutes: session.minutes,
    location: session.location.text ? { kind: session.location.kind, text: session.location.text } : { kind: session.location.kind },
    start: session.start,
    end: session.end,
    timeZone: session.timeZone,
    ...(session.confirmation && { confirmation: session.confirmation }),
  }
}

export function adminSession(session: StoredSession): AdminSession {
  return {
    ...publicSession(session),
    firstName: session.firstName,
    lastName: session.lastName,
    email: session.email,
    ...(session.phone && { phone: session.phone }),
    ...(session.company && { company: session.company }),
    country: session.country,
    message: session.message,
    status: session.status,
    createdAt: session.createdAt,
  }
}
