import fc from 'fast-check'
import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { AvailabilitySchema, SLOT_STEP_MINUTES, timeOf, WEEKDAYS, type Availability, type TimeRange } from './availability'
import { slotsByDay, slotTimeLabels } from './booking-slot-display'
import { freeSlots } from './booking-slots'
import { formatSlot } from './text'
import { wallClockReader } from './testing/wall-clock'

// Random calendars on the weeks clocks change, checked against an oracle that shares no code with
// freeSlots: it reads her wall clock with Intl at every quarter hour of a candidate slot. All the
// zones below change their clocks on the hour and keep whole-hour offsets, so every boundary of her
// hours falls on a quarter hour of UTC and the oracle's quarter-hour look misses nothing.

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const STEP = SLOT_STEP_MINUTES * MINUTE
/** Sized so this file runs in a few seconds: four pairs of zones, each this many calendars. */
const RUNS = 20

/**
 * `changes`: the dates her clock changes; `weeks`: those, the dates the visitor's changes, and a
 * date between two changes, when one side has moved and the other has not.
 */
type Pair = { coach: string; visitor: string; changes: string[]; weeks: string[] }
const NEW_YORK = ['2026-03-08', '2026-11-01']
const LONDON = ['2026-03-29', '2026-10-25']
const SYDNEY = ['2026-04-05', '2026-10-04']
const PAIRS: Pair[] = [
  { coach: 'America/New_York', visitor: 'Europe/London', changes: NEW_YORK, weeks: [...NEW_YORK, ...LONDON, '2026-03-18', '2026-10-28'] },
  {
    coach: 'America/New_York',
    visitor: 'Australia/Sydney',
    changes: NEW_YORK,
    weeks: [...NEW_YORK, ...SYDNEY, '2026-03-20', '2026-10-20'],
  },
  // Los Angeles changes on New York's dates.
  { coach: 'Europe/London', visitor: 'America/Los_Angeles', changes: LONDON, weeks: [...LONDON, ...NEW_YORK, '2026-03-18', '2026-10-28'] },
  // Kolkata never changes: every change of hers is one the visitor does not make.
  { coach: 'Australia/Sydney', visitor: 'Asia/Kolkata', changes: SYDNEY, weeks: [...SYDNEY, '2026-04-08', '2026-10-07'] },
]

/** Quarter hours of a day (0..96), leaning on the small hours, where the clocks change. */
const quarter = fc.oneof(
  fc.integer({ min: 0, max: 96 }),
  { arbitrary: fc.integer({ min: 0, max: 20 }), weight: 2 },
  fc.constantFrom(0, 4, 6, 8, 10, 12, 14, 16, 36, 68, 96),
)
/** Up to three ranges, apart or meeting, never overlapping: sorted points taken two by two. */
const dayRanges = fc.array(quarter, { maxLength: 6 }).map((points) => {
  const sorted = [...points].sort((a, b) => a - b)
  const ranges: TimeRange[] = []
  for (let i = 0; i + 1 < sorted.length; i += 2) {
    if (sorted[i]! < sorted[i + 1]!) ranges.push({ start: timeOf(sorted[i]! * 15), end: timeOf(sorted[i + 1]! * 15) })
  }
  return ranges
})

/**
 * A random calendar and question on one of the pair's weeks. `night`: the window holds the night
 * her clock changes, asked well ahead with little notice, so slots fall on both sides of it.
 */
function scenario(pair: Pair, night: boolean) {
  return fc
    .record({
      week: fc.constantFrom(...(night ? pair.changes : pair.weeks)),
      // Windows of an hour to five days that mostly hold the week's date, asked up to days ahead.
      fromMinutes: night ? fc.integer({ min: -24 * 60, max: -12 * 60 }) : fc.integer({ min: -2 * 24 * 60, max: 6 * 60 }),
      lengthMinutes: night
        ? fc.integer({ min: 2 * 24 * 60, max: 3 * 24 * 60 })
        : fc.oneof(fc.integer({ min: 60, max: 5 * 24 * 60 }), { arbitrary: fc.integer({ min: 2 * 24 * 60, max: 5 * 24 * 60 }), weight: 2 }),
      nowBefore: night
        ? fc.integer({ min: 24 * 60, max: 3 * 24 * 60 })
        : fc.oneof({ arbitrary: fc.integer({ min: 0, max: 3 * 24 * 60 }), weight: 3 }, fc.integer({ min: -24 * 60, max: 4 * 24 * 60 })),
      weekly: fc.tuple(...WEEKDAYS.map(() => dayRanges)),
      offDays: fc.uniqueArray(fc.integer({ min: -5, max: 6 }), { maxLength: 2 }),
      extra: fc.array(
        fc.record({
          day: fc.oneof(fc.integer({ min: -1, max: 1 }), fc.integer({ min: -5, max: 6 })),
          ranges: dayRanges.filter((r) => r.length > 0),
        }),
        {
          maxLength: 2,
        },
      ),
      gapMinutes: fc.oneof(fc.constantFrom(0, 15, 120), fc.integer({ min: 0, max: 120 })),
      noticeHours: night
        ? fc.integer({ min: 0, max: 24 })
        : fc.oneof({ arbitrary: fc.integer({ min: 0, max: 48 }), weight: 3 }, fc.integer({ min: 0, max: 336 })),
      horizonDays: night
        ? fc.integer({ min: 5, max: 365 })
        : fc.oneof(fc.integer({ min: 1, max: 7 }), { arbitrary: fc.integer({ min: 8, max: 365 }), weight: 3 }),
      minutes: fc.constantFrom(30, 60, 90),
      booked: fc.array(fc.record({ at: fc.integer({ min: -2 * 24 * 60, max: 6 * 24 * 60 }), length: fc.integer({ min: 1, max: 180 }) }), {
        maxLength: 6,
      }),
    })
    .map((s) => {
      const anchor = Date.parse(`${s.week}T00:00:00Z`)
      const from = anchor + s.fromMinutes * MINUTE
      const dateAt = (days: number) => new Date(anchor + days * DAY).toISOString().slice(0, 10)
      const datesOff = s.offDays.map(dateAt)
      const extraHours = s.extra
        .map((e) => ({ date: dateAt(e.day), ranges: e.ranges }))
        .filter((e, i, all) => !datesOff.includes(e.date) && all.findIndex((o) => o.date === e.date) === i)
      const availability: Availability = z.parse(AvailabilitySchema, {
        timeZone: pair.coach,
        weekly: Object.fromEntries(WEEKDAYS.map((day, i) => [day, s.weekly[i]])),
        datesOff,
        extraHours,
        gapMinutes: s.gapMinutes,
        noticeHours: s.noticeHours,
        horizonDays: s.horizonDays,
        services: [{ name: 'Session', minutes: s.minutes, location: { kind: 'video' } }],
      })
      const booked: { start: string; end: string }[] = s.booked.map((b) => ({
        start: new Date(from + b.at * MINUTE).toISOString(),
        end: new Date(from + (b.at + b.length) * MINUTE).toISOString(),
      }))
      return { availability, booked, from, to: from + s.lengthMinutes * MINUTE, now: from - s.nowBefore * MINUTE, minutes: s.minutes }
    })
}

/** Her wall clock at an instant, read by Intl: the date and the minute of the day. */
function wallClock(timeZone: string) {
  const read = wallClockReader(timeZone)
  const seen = new Map<number, { date: string; minute: number }>()
  return (instant: number) => {
    let wall = seen.get(instant)
    if (!wall) {
      const p = read(instant)
      wall = { date: `${p.year}-${p.month}-${p.day}`, minute: Number(p.hour) * 60 + Number(p.minute) }
      seen.set(instant, wall)
    }
    return wall
  }
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3))

/** Her ranges on a date, as the rules say: none on a date off, else the weekday's and the date's extra ones. */
function rangesOn(availability: Availability, date: string): TimeRange[] {
  if (availability.datesOff.includes(date)) return []
  const weekday = WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!
  return [...availability.weekly[weekday], ...(availability.extraHours.find((e) => e.date === date)?.ranges ?? [])]
}

type Case = ReturnType<typeof scenario> extends fc.Arbitrary<infer T> ? T : never

function oracle(c: Case) {
  const wall = wallClock(c.availability.timeZone)
  const length = c.minutes * MINUTE
  const gap = c.availability.gapMinutes * MINUTE
  const sessions = c.booked.map((b) => [Date.parse(b.start), Date.parse(b.end)] as const)
  const earliest = c.now + c.availability.noticeHours * 60 * MINUTE
  const latest = c.now + c.availability.horizonDays * DAY
  /** Every quarter hour of the slot is on her clock on the slot's date, inside one of that date's ranges. */
  const inHours = (slot: number) => {
    const date = wall(slot).date
    const ranges = rangesOn(c.availability, date)
    for (let at = slot; at < slot + length; at += STEP) {
      const here = wall(at)
      if (here.date !== date || !ranges.some((r) => minutesOf(r.start) <= here.minute && here.minute < minutesOf(r.end))) return false
    }
    return true
  }
  const overlaps = (slot: number, widen: number) => sessions.some(([start, end]) => slot < end + widen && start - widen < slot + length)
  return {
    inHours,
    overlapsSession: (slot: number) => overlaps(slot, 0),
    overlapsBusy: (slot: number) => overlaps(slot, gap),
    earliest,
    latest,
  }
}

function expectRules(c: Case, slots: string[]) {
  const { inHours, overlapsSession, overlapsBusy, earliest, latest } = oracle(c)
  const starts = slots.map((slot) => Date.parse(slot))
  for (const start of starts) {
    const at = new Date(start).toISOString()
    expect(inHours(start), `${at} lies outside her hours`).toBe(true)
    expect(overlapsSession(start), `${at} overlaps a session`).toBe(false)
    expect(overlapsBusy(start), `${at} is inside the gap around a session`).toBe(false)
    expect(start >= earliest, `${at} is sooner than the notice`).toBe(true)
    expect(start < latest, `${at} is past the horizon`).toBe(true)
    expect(start >= c.from && start < c.to, `${at} is outside the window`).toBe(true)
  }
  expect(
    starts.every((start, i) => i === 0 || start > starts[i - 1]!),
    'sorted, each once',
  ).toBe(true)
  // And none missed: every quarter hour of the window that keeps every rule is offered.
  const expected: string[] = []
  for (let slot = Math.ceil(c.from / STEP) * STEP; slot < c.to; slot += STEP) {
    if (slot >= earliest && slot < latest && inHours(slot) && !overlapsBusy(slot)) expected.push(new Date(slot).toISOString())
  }
  expect(slots).toEqual(expected)
}

function expectVisitorDays(slots: string[], visitor: string) {
  const days = slotsByDay(slots, visitor)
  expect(
    days.flatMap((day) => day.slots),
    'every slot in one day, in order',
  ).toEqual(slots)
  expect(
    days.every((day, i) => i === 0 || day.date > days[i - 1]!.date),
    'days in order',
  ).toBe(true)
  const date = wallClock(visitor)
  for (const day of days) {
    for (const slot of day.slots) expect(date(Date.parse(slot)).date, `${slot} in ${visitor}`).toBe(day.date)
    const labels = slotTimeLabels(day.slots, visitor)
    expect(new Set(labels).size, `no two buttons alike on ${day.date}`).toBe(labels.length)
    labels.forEach((label, i) => expect(label.startsWith(formatSlot(day.slots[i]!, { timeZone: visitor, style: 'time' }))).toBe(true))
  }
}

describe.each(PAIRS)('a coach in $coach, a visitor in $visitor', (pair) => {
  it.each([
    ['on the weeks either clock changes', false],
    ['across the nights her clock changes', true],
  ])('offers exactly the slots inside her hours, clear of sessions and gaps, after the notice, before the horizon, %s', (_, night) => {
    fc.assert(
      fc.property(scenario(pair, night), (c) => {
        const slots = freeSlots({ availability: c.availability, service: 'Session', booked: c.booked, now: c.now, from: c.from, to: c.to })
        expectRules(c, slots)
        expectVisitorDays(slots, pair.visitor)
        // The window only filters: two halves asked apart are the whole asked at once.
        const middle = c.from + Math.floor((c.to - c.from) / 2)
        const query = { availability: c.availability, service: 'Session', booked: c.booked, now: c.now }
        expect([...freeSlots({ ...query, from: c.from, to: middle }), ...freeSlots({ ...query, from: middle, to: c.to })]).toEqual(slots)
      }),
      { numRuns: RUNS },
    )
  })
})
