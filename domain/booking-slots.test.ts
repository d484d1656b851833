import * as z from 'zod/mini'
import { describe, expect, it, vi } from 'vitest'
import { AvailabilitySchema, WEEKDAYS, type AvailabilityInput, type TimeRange } from './availability'
import { freeSlots, isFreeSlot, toEpochMs, type SlotQuery } from './booking-slots'
import { wallClockReader } from './testing/wall-clock'

// One rule at a time, on hand-picked days; booking-slots.property.test.ts checks them all at once
// on random calendars.

const NO_HOURS = Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as AvailabilityInput['weekly']
const SERVICES = [
  { name: 'Half hour', minutes: 30, location: { kind: 'phone' } },
  { name: 'Hour', minutes: 60, location: { kind: 'video' } },
  { name: 'Long', minutes: 90, location: { kind: 'place', text: 'The church hall' } },
]

type Setup = Omit<Partial<AvailabilityInput>, 'weekly'> & { weekly?: Partial<Record<(typeof WEEKDAYS)[number], TimeRange[]>> }
function availability({ weekly, ...over }: Setup = {}) {
  return z.parse(AvailabilitySchema, {
    timeZone: 'America/New_York',
    weekly: { ...NO_HOURS, ...weekly },
    datesOff: [],
    extraHours: [],
    gapMinutes: 0,
    noticeHours: 0,
    horizonDays: 365,
    services: SERVICES,
    ...over,
  })
}

const range = (start: string, end: string): TimeRange => ({ start, end })

/** Slots between `from` and `to` (ISO), asked on 2026-01-01 unless told. */
function slots(setup: Setup, query: Partial<Omit<SlotQuery, 'availability'>> & Pick<SlotQuery, 'from' | 'to'>): string[] {
  return freeSlots({ availability: availability(setup), service: 'Hour', booked: [], now: '2026-01-01T00:00:00Z', ...query })
}

/** Each slot as her wall clock shows it, e.g. "2026-06-01 09:00 EDT", read by Intl, not by the code under test. */
function walls(slots: readonly string[], timeZone = 'America/New_York'): string[] {
  const read = wallClockReader(timeZone)
  return slots.map((slot) => {
    const p = read(slot)
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute} ${p.timeZoneName}`
  })
}

// 2026-06-01 is a Monday; New York is on summer time (UTC-4).
const MONDAY = { from: '2026-06-01T00:00:00-04:00', to: '2026-06-02T00:00:00-04:00' }

describe('her hours', () => {
  it('offer every slot that fits wholly inside a range, every 15 minutes from its start', () => {
    const hours = { weekly: { monday: [range('09:15', '12:00')] } }
    expect(walls(slots(hours, MONDAY))).toEqual(
      ['09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45', '11:00'].map((t) => `2026-06-01 ${t} EDT`),
    )
    expect(walls(slots(hours, { ...MONDAY, service: 'Long' })).at(-1)).toBe('2026-06-01 10:30 EDT')
    expect(slots(hours, MONDAY)[0]).toBe('2026-06-01T13:15:00.000Z')
  })

  it('take several ranges a day, and ranges that meet act as one', () => {
    expect(walls(slots({ weekly: { monday: [range('09:00', '10:00'), range('13:00', '14:30')] } }, MONDAY))).toEqual(
      ['09:00', '13:00', '13:15', '13:30'].map((t) => `2026-06-01 ${t} EDT`),
    )
    expect(
      walls(slots({ weekly: { monday: [range('09:00', '10:00'), range('10:00', '11:00')] } }, { ...MONDAY, service: 'Long' })),
    ).toEqual(['09:00', '09:15', '09:30'].map((t) => `2026-06-01 ${t} EDT`))
  })

  it('run to midnight with 24:00, and never past it into the next day', () => {
    const late = { weekly: { monday: [range('22:30', '24:00')], tuesday: [range('00:00', '01:00')] } }
    const found = walls(slots(late, { from: MONDAY.from, to: '2026-06-03T00:00:00-04:00' }))
    expect(found).toEqual(['2026-06-01 22:30', '2026-06-01 22:45', '2026-06-01 23:00', '2026-06-02 00:00'].map((t) => `${t} EDT`))
  })

  it('are the weekly hours plus the extra hours of a date, and none on a date off', () => {
    const week = { from: '2026-06-01T00:00:00-04:00', to: '2026-06-08T00:00:00-04:00' }
    const setup: Setup = {
      weekly: { monday: [range('09:00', '10:00')], tuesday: [range('09:00', '10:00')] },
      datesOff: ['2026-06-02'],
      extraHours: [
        { date: '2026-06-01', ranges: [range('09:30', '11:00')] },
        { date: '2026-06-06', ranges: [range('14:00', '15:00')] },
      ],
    }
    expect(walls(slots(setup, week))).toEqual(
      ['2026-06-01 09:00', '2026-06-01 09:15', '2026-06-01 09:30', '2026-06-01 09:45', '2026-06-01 10:00', '2026-06-06 14:00'].map(
        (t) => `${t} EDT`,
      ),
    )
  })

  it('are read in her zone, whatever zone the server runs in', () => {
    const london = { timeZone: 'Europe/London', weekly: { monday: [range('09:00', '10:00')] } }
    expect(slots(london, MONDAY)).toEqual(['2026-06-01T08:00:00.000Z'])
    vi.stubEnv('TZ', 'Pacific/Kiritimati') // UTC+14: another date than hers for half the day
    try {
      expect(new Date(Date.UTC(2026, 5, 1, 12)).getDate()).toBe(2)
      expect(slots(london, MONDAY)).toEqual(['2026-06-01T08:00:00.000Z'])
    } finally {
      vi.unstubAllEnvs()
    }
  })
})

describe('booked sessions and the gap', () => {
  const hours = { weekly: { monday: [range('08:00', '13:00')] } }
  const booked = [{ start: '2026-06-01T10:00:00-04:00', end: '2026-06-01T11:00:00-04:00' }]

  it('leave no slot that overlaps a session; one that meets it is free', () => {
    expect(walls(slots(hours, { ...MONDAY, booked })).map((w) => w.slice(11, 16))).toEqual([
      '08:00',
      '08:15',
      '08:30',
      '08:45',
      '09:00',
      '11:00',
      '11:15',
      '11:30',
      '11:45',
      '12:00',
    ])
  })

  it('keep the gap free before and after each session', () => {
    const found = walls(slots({ ...hours, gapMinutes: 15 }, { ...MONDAY, booked })).map((w) => w.slice(11, 16))
    expect(found).toEqual(['08:00', '08:15', '08:30', '08:45', '11:15', '11:30', '11:45', '12:00'])
  })

  it('block whatever service they were for, given as instants of any kind', () => {
    const asNumbers = [{ start: toEpochMs(booked[0]!.start), end: new Date(booked[0]!.end) }]
    expect(slots(hours, { ...MONDAY, booked: asNumbers, service: 'Half hour' })).toEqual(
      slots(hours, { ...MONDAY, booked, service: 'Half hour' }),
    )
    expect(slots(hours, { ...MONDAY, booked, service: 'Half hour' })).not.toContain('2026-06-01T14:30:00.000Z')
  })
})

describe('notice and horizon', () => {
  const hours = { weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, [range('09:00', '17:00')]])) }
  const week = { from: '2026-06-01T00:00:00Z', to: '2026-06-09T00:00:00Z' }

  it('offer nothing sooner than the notice after now (exactly then is fine)', () => {
    const found = slots({ ...hours, noticeHours: 2 }, { ...week, now: '2026-06-01T08:00:00-04:00' })
    expect(walls(found)[0]).toBe('2026-06-01 10:00 EDT')
  })

  it('offer nothing from now plus the horizon on', () => {
    const found = slots({ ...hours, horizonDays: 1 }, { ...week, now: '2026-06-01T09:30:00-04:00' })
    expect(walls([found[0]!, found.at(-1)!])).toEqual(['2026-06-01 09:30 EDT', '2026-06-02 09:15 EDT'])
  })

  it('keep to the window asked for: from included, to left out', () => {
    const found = slots(hours, { from: '2026-06-01T10:00:00-04:00', to: '2026-06-01T11:00:00-04:00' })
    expect(walls(found)).toEqual(['10:00', '10:15', '10:30', '10:45'].map((t) => `2026-06-01 ${t} EDT`))
    expect(slots(hours, { from: '2026-06-01T11:00:00-04:00', to: '2026-06-01T10:00:00-04:00' })).toEqual([])
  })
})

describe('the answer', () => {
  it('is UTC ISO strings in time order, each once; an unknown service has none', () => {
    const found = slots(
      { weekly: { monday: [range('09:00', '17:00')], tuesday: [range('09:00', '17:00')] } },
      { from: MONDAY.from, to: '2026-06-03T00:00:00Z' },
    )
    expect(found.every((slot) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/.test(slot))).toBe(true)
    expect([...new Set(found)].sort()).toEqual(found)
    expect(slots({ weekly: { monday: [range('09:00', '17:00')] } }, { ...MONDAY, service: 'Hourly' })).toEqual([])
  })

  it('refuses an instant that names no offset, rather than guess one', () => {
    expect(() => slots({}, { from: '2026-06-01T09:00', to: MONDAY.to })).toThrow(RangeError)
    expect(() => slots({}, { from: Number.NaN, to: MONDAY.to })).toThrow(RangeError)
    // Date.parse would read these as 2026-03-02 and the next day's midnight.
    for (const text of ['2026-02-30T00:00:00.000Z', '2026-06-01T24:00:00.000Z', '2026-06-01', 'tomorrow'])
      expect(() => toEpochMs(text), text).toThrow(RangeError)
    expect(toEpochMs('2026-06-01T09:00:00-04:00')).toBe(toEpochMs('2026-06-01T13:00:00.000Z'))
  })

  it('tells whether one start is free, as the booking endpoint asks before it books', () => {
    const query = {
      availability: availability({ weekly: { monday: [range('09:00', '12:00')] } }),
      service: 'Hour',
      booked: [],
      now: '2026-01-01T00:00:00Z',
    }
    expect(isFreeSlot(query, '2026-06-01T09:15:00-04:00')).toBe(true)
    expect(isFreeSlot(query, '2026-06-01T13:15:00Z')).toBe(true)
    expect(isFreeSlot(query, '2026-06-01T09:10:00-04:00')).toBe(false)
    expect(isFreeSlot(query, '2026-06-01T11:15:00-04:00')).toBe(false)
    expect(
      isFreeSlot({ ...query, booked: [{ start: '2026-06-01T14:00:00Z', end: '2026-06-01T15:00:00Z' }] }, '2026-06-01T09:15:00-04:00'),
    ).toBe(false)
  })
})

describe('clocks that change', () => {
  // New York: 2026-03-08 02:00 EST becomes 03:00 EDT; 2026-11-01 02:00 EDT becomes 01:00 EST.
  const sunday = { weekly: { sunday: [range('09:00', '17:00')] } }

  it('keep 09:00-17:00 on her wall clock on both change days', () => {
    for (const date of ['2026-03-08', '2026-11-01']) {
      const found = walls(slots(sunday, { from: `${date}T00:00:00Z`, to: `${date}T23:59:00Z` }))
      expect(found[0]?.slice(11, 16), date).toBe('09:00')
      expect(found.at(-1)?.slice(11, 16), date).toBe('16:00')
      expect(found).toHaveLength(29)
    }
  })

  it('skip the hour that does not exist when the clock goes forward: no slot in it, none twice', () => {
    const night = { weekly: { sunday: [range('00:00', '04:00')] } }
    const found = walls(slots(night, { from: '2026-03-08T00:00:00Z', to: '2026-03-09T00:00:00Z', service: 'Half hour' }))
    expect(found).toEqual([
      ...['00:00', '00:15', '00:30', '00:45', '01:00', '01:15', '01:30', '01:45'].map((t) => `2026-03-08 ${t} EST`),
      ...['03:00', '03:15', '03:30'].map((t) => `2026-03-08 ${t} EDT`),
    ])
    // 01:45 EST for 30 minutes ends at 03:15 EDT: half an hour on any watch.
    expect(new Set(found).size).toBe(found.length)
  })

  it('offer nothing for a range inside the missing hour, and clip one that runs into it', () => {
    const from = '2026-03-08T00:00:00Z'
    const to = '2026-03-09T00:00:00Z'
    expect(slots({ weekly: { sunday: [range('02:00', '03:00')] } }, { from, to, service: 'Half hour' })).toEqual([])
    expect(walls(slots({ weekly: { sunday: [range('01:00', '02:30')] } }, { from, to, service: 'Half hour' }))).toEqual(
      ['01:00', '01:15', '01:30'].map((t) => `2026-03-08 ${t} EST`),
    )
  })

  it('offer the repeated hour twice when the clock goes back, each instant once', () => {
    const found = slots({ weekly: { sunday: [range('00:00', '03:00')] } }, { from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z' })
    // 00:00 EDT to 03:00 EST is four hours: 13 hour-long slots.
    expect(found).toHaveLength(13)
    expect(new Set(found).size).toBe(13)
    expect(walls(found).filter((w) => w.includes(' 01:00 '))).toEqual(['2026-11-01 01:00 EDT', '2026-11-01 01:00 EST'])
  })

  it('keep a range that ends in the repeated hour to the times her clock shows inside it', () => {
    const found = walls(
      slots(
        { weekly: { sunday: [range('00:00', '01:30')] } },
        { from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z', service: 'Half hour' },
      ),
    )
    expect(found).toEqual([
      ...['00:00', '00:15', '00:30', '00:45', '01:00'].map((t) => `2026-11-01 ${t} EDT`),
      '2026-11-01 01:00 EST', // 01:00-01:30 comes round again; 01:30-02:00 EDT is not in her hours
    ])
  })

  it('hold in London and Sydney, which change on other days and at other hours', () => {
    // London: 2026-03-29 01:00 GMT becomes 02:00 BST.
    const london = slots(
      { timeZone: 'Europe/London', weekly: { sunday: [range('00:30', '02:30')] } },
      { from: '2026-03-29T00:00:00Z', to: '2026-03-30T00:00:00Z', service: 'Half hour' },
    )
    expect(walls(london, 'Europe/London')).toEqual(['2026-03-29 00:30 GMT', '2026-03-29 00:45 GMT', '2026-03-29 02:00 GMT+1'])
    // Sydney: 2026-04-05 03:00 AEDT becomes 02:00 AEST; 2026-10-04 02:00 AEST becomes 03:00 AEDT.
    const sydney = { timeZone: 'Australia/Sydney', weekly: { sunday: [range('01:30', '03:30')] } }
    expect(slots(sydney, { from: '2026-04-04T00:00:00Z', to: '2026-04-06T00:00:00Z' })).toHaveLength(9)
    expect(
      walls(slots(sydney, { from: '2026-10-03T00:00:00Z', to: '2026-10-05T00:00:00Z', service: 'Half hour' }), 'Australia/Sydney'),
    ).toEqual([
      '2026-10-04 01:30 GMT+10',
      '2026-10-04 01:45 GMT+10',
      '2026-10-04 03:00 GMT+11', // 01:30 to 03:30 on her clock is one hour that night
    ])
  })

  it('keep each date to its own hours where the clock jumps at midnight', () => {
    // Santiago: 2026-09-06 00:00 (UTC-4) becomes 01:00 (UTC-3); that Sunday's 00:00-01:00 does not exist.
    const santiago = { timeZone: 'America/Santiago', weekly: { saturday: [range('22:00', '24:00')], sunday: [range('00:00', '02:00')] } }
    const found = slots(santiago, { from: '2026-09-05T00:00:00Z', to: '2026-09-07T00:00:00Z' })
    expect(found).toEqual([
      '2026-09-06T02:00:00.000Z',
      '2026-09-06T02:15:00.000Z',
      '2026-09-06T02:30:00.000Z',
      '2026-09-06T02:45:00.000Z',
      '2026-09-06T03:00:00.000Z',
      '2026-09-06T04:00:00.000Z',
    ])
  })
})
