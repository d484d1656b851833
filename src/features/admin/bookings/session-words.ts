import type { AdminSession } from '#domain/booking-session.ts'
import { formatSlot } from '#domain/text.ts'
import { dateLabel } from '#src/features/admin/availability/availability-words.ts'

// A session in the coach's words and her zone: "Tuesday 1 December", "10:00–11:00".

/** "10:00" in her zone, on the 24-hour clock; midnight "00:00" (the British style writes it "0:00"). */
export const clock = (slot: string, timeZone: string) =>
  formatSlot(slot, { timeZone, locale: 'en-GB', style: 'time' }).replace(/^(\d):/, '0$1:')

/** "10:00–11:00". */
export const hoursOf = (session: Pick<AdminSession, 'start' | 'end'>, timeZone: string) =>
  `${clock(session.start, timeZone)}–${clock(session.end, timeZone)}`

/** A day's heading, "Tuesday 1 December"; with its year when that is not this year's. */
export function dayHeading(date: string, now = new Date()): string {
  return dateLabel(date, { withYear: date.slice(0, 4) !== String(now.getFullYear()) })
}

/** "Tuesday 1 December at 10:00", for a question or a button. */
export const whenOf = (date: string, slot: string, timeZone: string) => `${dayHeading(date)} at ${clock(slot, timeZone)}`

export const whoOf = (session: Pick<AdminSession, 'firstName' | 'lastName'>) => `${session.firstName} ${session.lastName}`
