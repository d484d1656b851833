import { Temporal } from '@js-temporal/polyfill'
import { minutesOf, SLOT_STEP_MINUTES, WEEKDAYS, type Availability, type TimeRange } from './availability'

// The free slots of a service, computed in the coach's time zone. The model, and why it is drawn
// this way, is in docs/booking-slots.md. Only the functions import this module: it carries the
// Temporal polyfill (about 47 KB gzip), which no page should load. Pages group and write the
// slots they are sent with domain/booking-slot-display.ts, which needs nothing but Intl.

/** An instant: an ISO string with `Z` or an offset ("2026-03-09T14:00:00.000Z"), epoch milliseconds, or a Date. */
export type InstantInput = string | number | Date

/** A session already in her calendar, whatever service it is. */
export type BookedSession = { start: InstantInput; end: InstantInput }

export type SlotQuery = {
  availability: Availability
  /** The service's name, as listed in `availability.services`. */
  service: string
  booked: readonly BookedSession[]
  now: InstantInput
  /** The window asked for: slots that start at or after `from` and before `to`. */
  from: InstantInput
  to: InstantInput
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const STEP = SLOT_STEP_MINUTES * MINUTE

/** Milliseconds since the epoch. A string must name its offset: a bare "2026-03-09T09:00" has no instant. */
export function toEpochMs(instant: InstantInput): number {
  const ms = typeof instant === 'number' ? instant : instant instanceof Date ? instant.getTime() : fromText(instant)
  if (!Number.isFinite(ms)) throw new RangeError(`Not an instant: ${String(instant)}`)
  return ms
}

/**
 * Slots and stored sessions are written as `slotId` writes them, which Date.parse reads twenty
 * times quicker than Temporal's parser (a year of sessions was most of a call's time); whatever
 * does not read back the same, "2026-02-30" or "T24:00" included, is left to Temporal's strict one.
 */
function fromText(text: string): number {
  const ms = Date.parse(text)
  return Number.isFinite(ms) && slotId(ms) === text ? ms : Temporal.Instant.from(text).epochMilliseconds
}

/** The one way a slot is written: UTC, to the millisecond, e.g. "2026-03-09T14:00:00.000Z" (so text order is time order). */
export function slotId(ms: number): string {
  return new Date(ms).toISOString()
}

/**
 * The start of every free slot of `service` between `from` and `to`, in time order, each once, as
 * UTC ISO strings (`slotId`). A slot is free when:
 * - every minute of it falls within her hours of the date it starts on, read on her wall clock in
 *   her zone (the weekly hours of that weekday plus the date's extra hours; none on a date off);
 * - it starts on the 15-minute grid counted from the start of those hours;
 * - it does not overlap a booked session widened by the gap on both sides (meeting one is fine);
 * - it starts at least `noticeHours` after `now`, and before `now` plus `horizonDays` of 24 hours.
 * An unknown service has no slots.
 */
export function freeSlots(query: SlotQuery): string[] {
  const { availability } = query
  const service = availability.services.find((candidate) => candidate.name === query.service)
  if (!service) return []
  const length = service.minutes * MINUTE
  const now = toEpochMs(query.now)
  const earliest = Math.max(toEpochMs(query.from), now + availability.noticeHours * HOUR)
  const latest = Math.min(toEpochMs(query.to), now + availability.horizonDays * DAY)
  if (earliest >= latest) return []

  const zone = offsetsOf(availability.timeZone, earliest - 2 * DAY, latest + 2 * DAY)
  const busy = busyTimes(query.booked, availability.gapMinutes * MINUTE)
  const slots: number[] = []
  // One day either side: near a transition a start's wall date can sit a day off the window's.
  for (let day = zone.wallDay(earliest) - 1; day <= zone.wallDay(latest) + 1; day++) {
    for (const [start, end] of zone.instantsOf(day, hoursOf(availability, day))) {
      for (let slot = start; slot + length <= end; slot += STEP) {
        if (slot >= earliest && slot < latest && !busy.overlaps(slot, slot + length)) slots.push(slot)
      }
    }
  }
  // Days come out in order, but a clock set back at midnight can put a day's last hour after the
  // next day's first: sorted once at the end.
  return slots.sort((a, b) => a - b).map(slotId)
}

/** Whether `start` is one of the free slots: what the booking endpoint asks before it books. */
export function isFreeSlot(query: Omit<SlotQuery, 'from' | 'to'>, start: InstantInput): boolean {
  const ms = toEpochMs(start)
  return freeSlots({ ...query, from: ms, to: ms + 1 }).includes(slotId(ms))
}

/** The date written "2026-03-09" of a day number (days since 1970-01-01). */
function dateOf(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10)
}

/** Her ranges for a day number, in minutes of that day: none on a date off, else the weekly ones and the date's extra ones. */
function hoursOf(availability: Availability, day: number): [number, number][] {
  const date = dateOf(day)
  if (availability.datesOff.includes(date)) return []
  // 1970-01-01 was a Thursday, the fourth day of a week that starts on Monday.
  const weekday = WEEKDAYS[(((day + 3) % 7) + 7) % 7]!
  const extra = availability.extraHours.find((entry) => entry.date === date)?.ranges ?? []
  return [...availability.weekly[weekday], ...extra].map((range: TimeRange) => [minutesOf(range.start), minutesOf(range.end)])
}

/**
 * Her zone's UTC offsets over a window, from the time zone database through Temporal: the offset
 * in force at the start, then each transition (a clock set forward or back) and the offset after
 * it. Between transitions the offset is fixed, so a wall-clock time maps to instants by plain
 * subtraction there; nothing here knows any zone's rules.
 */
function offsetsOf(timeZone: string, from: number, to: number) {
  let at = Temporal.Instant.fromEpochMilliseconds(from).toZonedDateTimeISO(timeZone)
  const stretches = [{ from: -Infinity, offset: at.offsetNanoseconds / 1e6 }]
  // A zone changes its clocks at most a few times a year; the bound only guards a broken database.
  for (let guard = 0; guard < 1000; guard++) {
    const next = at.getTimeZoneTransition('next')
    if (!next || next.epochMilliseconds >= to) break
    stretches.push({ from: next.epochMilliseconds, offset: next.offsetNanoseconds / 1e6 })
    at = next
  }
  const offsetAt = (instant: number) => stretches.findLast((stretch) => stretch.from <= instant)!.offset

  return {
    /** The day number of the date her wall clock shows at an instant. */
    wallDay: (instant: number) => Math.floor((instant + offsetAt(instant)) / DAY),
    /**
     * The instants at which her wall clock shows a time of `day` inside one of `ranges`, as sorted
     * [start, end) pieces, touching ones joined. A range over a clock set forward skips the hour
     * that does not exist (and one wholly inside it is empty); over a clock set back it holds the
     * repeated hour twice, as her clock does, each instant once.
     */
    instantsOf(day: number, ranges: readonly [number, number][]): [number, number][] {
      const pieces: [number, number][] = []
      for (const [first, last] of ranges) {
        stretches.forEach((stretch, index) => {
          const until = stretches[index + 1]?.from ?? Infinity
          const start = Math.max(day * DAY + first * MINUTE - stretch.offset, stretch.from)
          const end = Math.min(day * DAY + last * MINUTE - stretch.offset, until)
          if (start < end) pieces.push([start, end])
        })
      }
      pieces.sort((a, b) => a[0] - b[0])
      const joined: [number, number][] = []
      for (const piece of pieces) {
        const previous = joined.at(-1)
        if (previous && piece[0] <= previous[1]) previous[1] = Math.max(previous[1], piece[1])
        else joined.push([...piece])
      }
      return joined
    },
  }
}

/** The booked sessions widened by the gap, joined where they meet, with a quick overlap test. */
function busyTimes(booked: readonly BookedSession[], gap: number) {
  const spans = booked.map((session) => [toEpochMs(session.start) - gap, toEpochMs(session.end) + gap] as const).sort((a, b) => a[0] - b[0])
  const joined: [number, number][] = []
  for (const [start, end] of spans) {
    const previous = joined.at(-1)
    if (previous && start <= previous[1]) previous[1] = Math.max(previous[1], end)
    else joined.push([start, end])
  }
  return {
    /** Whether [start, end) overlaps a busy span; one that only meets it does not. */
    overlaps(start: number, end: number): boolean {
      // The first span that ends after `start`: the only one that can overlap.
      let low = 0
      let high = joined.length
      while (low < high) {
        const middle = (low + high) >> 1
        if (joined[middle]![1] <= start) low = middle + 1
        else high = middle
      }
      return low < joined.length && joined[low]![0] < end
    },
  }
}
