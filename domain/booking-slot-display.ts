import { formatSlot } from './slot-text'

// Free slots as a visitor sees them: grouped by the days of HER calendar (the visitor's zone, not
// the coach's), each time written in her zone. Intl only, no Temporal: the booking page loads this,
// and the slots themselves come from the functions (domain/booking-slots.ts). See docs/booking-slots.md.

/** The slots of one day in the visitor's zone: the date ("2026-03-09") and the slot ids that start on it, in order. */
export type SlotDay = { date: string; slots: string[] }

/** The zone the visitor's device is set to, or UTC when it names none. */
export function visitorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** How en-US writes a date with these options: "11/30/2026". */
const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/

/**
 * "2026-03-09": the date an instant falls on in `timeZone`, in digits whatever the visitor's
 * language. A calendar of free times asks this of every slot (a thousand and more): `format`
 * costs a fifth of `formatToParts` in Chrome, so the parts are asked for only should the written
 * date ever take another shape.
 */
function dateIn(timeZone: string, instant: number): string {
  let format = dayFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    if (dayFormats.size >= 100) dayFormats.clear()
    dayFormats.set(timeZone, format)
  }
  const written = US_DATE.exec(format.format(instant))
  if (written) return `${written[3]}-${written[1]}-${written[2]}`
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}

/**
 * The slots grouped by the day they start on in the visitor's zone, days and slots in time order.
 * One of the coach's days can fall on two of the visitor's (her afternoon in New York is the
 * visitor's night and next morning in Sydney), and a visitor's day can hold slots from two of hers.
 * A zone the runtime does not know is an error (RangeError).
 */
export function slotsByDay(slots: readonly string[], visitorZone: string): SlotDay[] {
  const days = new Map<string, string[]>()
  const ordered = slots.map((slot) => ({ slot, at: Date.parse(slot) })).sort((a, b) => a.at - b.at)
  for (const { slot, at } of ordered) {
    const date = dateIn(visitorZone, at)
    const day = days.get(date)
    if (day) day.push(slot)
    else days.set(date, [slot])
  }
  return [...days].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([date, starts]) => ({ date, slots: starts }))
}

/**
 * The button words of a day's slots in the visitor's zone: "9:00 AM", ... Where a clock set back
 * shows the same time twice in one day, both of those say which (“1:00 AM EDT”, “1:00 AM EST”),
 * so no two buttons read alike.
 */
export function slotTimeLabels(slots: readonly string[], timeZone: string, locale?: string): string[] {
  const plain = slots.map((slot) => formatSlot(slot, { timeZone, locale, style: 'time' }))
  const count = new Map<string, number>()
  for (const label of plain) count.set(label, (count.get(label) ?? 0) + 1)
  return slots.map((slot, index) =>
    count.get(plain[index]!)! > 1 ? formatSlot(slot, { timeZone, locale, style: 'time', zoneName: true }) : plain[index]!,
  )
}
