import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import {
  AVAILABILITY_LIMITS as L,
  AvailabilitySchema,
  availabilitySchema,
  bookableServices,
  DEFAULT_AVAILABILITY,
  isPlainDate,
  isTimeZone,
  listedServiceTitles,
  timeZoneNames,
  WEEKDAYS,
  type AvailabilityInput,
} from './availability'
import { firstIssue } from './fields'
import { toSiteTexts } from './site-texts'

/** The request body limit of every endpoint (netlify/lib/http/route.ts, which domain/ cannot import). */
const MAX_BODY_BYTES = 64 * 1024
const BUILT_IN_TITLES = listedServiceTitles(toSiteTexts([]))

const base = (): AvailabilityInput => structuredClone(DEFAULT_AVAILABILITY)
function problem(input: unknown): string | undefined {
  const result = z.safeParse(AvailabilitySchema, input)
  return result.success ? undefined : firstIssue(result.error)
}
function problemAt(input: unknown): { message: string; path: PropertyKey[] } | undefined {
  const result = z.safeParse(AvailabilitySchema, input)
  return result.success ? undefined : { message: result.error.issues[0]!.message, path: result.error.issues[0]!.path }
}
const withMonday = (...ranges: unknown[]) => ({ ...base(), weekly: { ...base().weekly, monday: ranges } })

describe('the defaults', () => {
  it('are a valid availability: weekdays 9 to 5, 15 min gap, 24 h notice, 60 days, New York', () => {
    expect(problem(DEFAULT_AVAILABILITY)).toBeUndefined()
    expect(DEFAULT_AVAILABILITY).toMatchObject({ timeZone: 'America/New_York', gapMinutes: 15, noticeHours: 24, horizonDays: 60 })
    expect(DEFAULT_AVAILABILITY.weekly.friday).toEqual([{ start: '09:00', end: '17:00' }])
    expect(DEFAULT_AVAILABILITY.weekly.sunday).toEqual([])
  })

  it('offer only services the Services page lists', () => {
    expect(z.safeParse(availabilitySchema(BUILT_IN_TITLES), DEFAULT_AVAILABILITY).success).toBe(true)
  })
})

describe('time ranges', () => {
  it('take HH:MM on the quarter hour, and 24:00 as the end of the day', () => {
    expect(problem(withMonday({ start: '00:00', end: '24:00' }))).toBeUndefined()
    expect(problem(withMonday({ start: '09:15', end: '09:45' }))).toBeUndefined()
  })

  it.each([
    ['9:00', 'Enter a time like 09:00'],
    ['09:00 ', 'Enter a time like 09:00'],
    ['0900', 'Enter a time like 09:00'],
    ['09:60', 'Enter a time like 09:00'],
    ['25:00', 'Enter a time like 09:00'],
    ['24:15', 'Enter a time like 09:00'],
    ['-1:00', 'Enter a time like 09:00'],
    ['09:00\n', 'Enter a time like 09:00'],
    ['', 'Enter a time like 09:00'],
    [900, 'Enter a time like 09:00'],
    ['09:05', 'Times go in steps of 15 minutes (:00, :15, :30 or :45)'],
    ['24:00', 'A range cannot start at 24:00'],
  ])('refuses %j as a start: %s', (start, message) => {
    expect(problemAt(withMonday({ start, end: '24:00' }))).toEqual({ message, path: ['weekly', 'monday', 0, 'start'] })
  })

  it('ends after it starts', () => {
    expect(problemAt(withMonday({ start: '10:00', end: '10:00' }))).toEqual({
      message: 'The end must be after the start',
      path: ['weekly', 'monday', 0, 'end'],
    })
    expect(problem(withMonday({ start: '10:00', end: '09:00' }))).toBe('The end must be after the start')
  })

  it('may not overlap in a day, but may meet', () => {
    expect(
      problemAt(withMonday({ start: '09:00', end: '12:00' }, { start: '13:00', end: '17:00' }, { start: '11:45', end: '12:30' })),
    ).toEqual({
      message: 'These hours overlap 09:00–12:00',
      path: ['weekly', 'monday', 2, 'start'],
    })
    expect(problem(withMonday({ start: '09:00', end: '17:00' }, { start: '10:00', end: '11:00' }))).toBe('These hours overlap 09:00–17:00')
    expect(problem(withMonday({ start: '09:00', end: '12:00' }, { start: '12:00', end: '13:00' }))).toBeUndefined()
  })

  it(`holds at most ${L.rangesPerDay} a day`, () => {
    const quarter = (i: number) => ({ start: `${String(i).padStart(2, '0')}:00`, end: `${String(i).padStart(2, '0')}:30` })
    expect(problem(withMonday(...Array.from({ length: L.rangesPerDay }, (_, i) => quarter(i))))).toBeUndefined()
    expect(problem(withMonday(...Array.from({ length: L.rangesPerDay + 1 }, (_, i) => quarter(i))))).toBe('At most 6 time ranges a day')
  })
})

describe('the time zone', () => {
  it.each(['America/New_York', 'Europe/London', 'Australia/Sydney', 'UTC', 'Etc/UTC', 'America/Argentina/Buenos_Aires'])(
    'takes %s',
    (zone) => {
      expect(problem({ ...base(), timeZone: zone })).toBeUndefined()
    },
  )

  it('takes both names runtimes give India and Ukraine, whichever this one lists', () => {
    for (const zone of ['Asia/Kolkata', 'Asia/Calcutta', 'Europe/Kyiv', 'Europe/Kiev']) expect(isTimeZone(zone), zone).toBe(true)
  })

  it.each([
    'Mars/Olympus',
    'America/Atlantis',
    '+05:30',
    'EST',
    'utc',
    'america/new_york',
    'America/NEW_YORK',
    ' America/New_York',
    'Local',
    '',
    '__proto__',
    'constructor',
    'toString',
    'x'.repeat(100_000),
  ])('refuses %j', (zone) => {
    expect(problem({ ...base(), timeZone: zone })).toBe('Choose a time zone from the list')
  })

  it('refuses what is not text', () => {
    for (const zone of [undefined, null, 5, ['UTC'], { toString: () => 'UTC' }])
      expect(problem({ ...base(), timeZone: zone })).toBe('Choose a time zone from the list')
  })

  it('lists every zone of the runtime, with UTC, for a picker', () => {
    const names = timeZoneNames()
    expect(names).toContain('UTC')
    expect(names).toContain('America/New_York')
    expect(names.every(isTimeZone)).toBe(true)
    expect([...names].sort()).toEqual(names)
  })
})

describe('dates off and extra hours', () => {
  it('are real calendar dates written 2026-12-25', () => {
    for (const date of ['2026-12-25', '2028-02-29', '2000-01-01']) expect(isPlainDate(date), date).toBe(true)
    for (const date of [
      '2026-02-29',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '26-12-25',
      '2026-1-5',
      '2026-12-25T00:00',
      '1999-12-31',
      '0000-01-01',
      '3000-01-01',
      ' 2026-12-25',
    ])
      expect(isPlainDate(date), date).toBe(false)
    expect(problemAt({ ...base(), datesOff: ['2026-12-25', '2026-02-30'] })).toEqual({
      message: 'Enter a date like 2026-12-25',
      path: ['datesOff', 1],
    })
  })

  it('list a date once', () => {
    expect(problemAt({ ...base(), datesOff: ['2026-12-25', '2026-12-26', '2026-12-25'] })).toEqual({
      message: '2026-12-25 is listed twice',
      path: ['datesOff', 2],
    })
    const extra = { date: '2026-12-05', ranges: [{ start: '10:00', end: '12:00' }] }
    expect(problemAt({ ...base(), extraHours: [extra, extra] })).toEqual({
      message: '2026-12-05 is listed twice: put all its hours together',
      path: ['extraHours', 1, 'date'],
    })
  })

  it('give a date extra hours only if it is not off, and at least one range', () => {
    const extraHours = [{ date: '2026-12-25', ranges: [{ start: '10:00', end: '12:00' }] }]
    expect(problemAt({ ...base(), datesOff: ['2026-12-25'], extraHours })).toEqual({
      message: '2026-12-25 is a date off: remove it there to add hours',
      path: ['extraHours', 0, 'date'],
    })
    expect(problem({ ...base(), extraHours: [{ date: '2026-12-26', ranges: [] }] })).toBe('Add at least one time range')
    expect(problem({ ...base(), extraHours })).toBeUndefined()
  })
})

describe('gap, notice and horizon', () => {
  it.each([
    ['gapMinutes', [0, 120], [-1, 121, 7.5, '15', Number.NaN, Infinity, null], 'The gap between sessions is 0 to 120 minutes'],
    ['noticeHours', [0, 336], [-1, 337, 0.5, '24', Number.NaN], 'Minimum notice is 0 to 336 hours (two weeks)'],
    ['horizonDays', [1, 365], [0, 366, 1.5, '60', -Infinity], 'Bookings open 1 to 365 days ahead'],
  ])('%s takes whole numbers in its range', (field, good, bad, message) => {
    for (const value of good) expect(problem({ ...base(), [field as string]: value }), String(value)).toBeUndefined()
    for (const value of bad) expect(problem({ ...base(), [field as string]: value }), String(value)).toBe(message)
  })
})

describe('services', () => {
  const service = (over: object = {}) => ({ name: '1-1 Financial Coaching', minutes: 60, location: { kind: 'video' }, ...over })
  const servicesProblem = (...services: unknown[]) => problem({ ...base(), services })

  it('last 30, 60 or 90 minutes', () => {
    for (const minutes of [30, 60, 90]) expect(servicesProblem(service({ minutes }))).toBeUndefined()
    for (const minutes of [45, 15, 120, '60', 0, null])
      expect(servicesProblem(service({ minutes }))).toBe('A session lasts 30, 60 or 90 minutes')
  })

  it('happen by video, by phone, or at a place she names', () => {
    expect(servicesProblem(service({ location: { kind: 'phone', text: 'Grace calls you at the number you gave' } }))).toBeUndefined()
    expect(servicesProblem(service({ location: { kind: 'place', text: '12 Elm Street, Springfield' } }))).toBeUndefined()
    expect(servicesProblem(service({ location: { kind: 'place' } }))).toBe('Say where you will meet')
    expect(servicesProblem(service({ location: { kind: 'place', text: '   ' } }))).toBe('Say where you will meet')
    expect(servicesProblem(service({ location: { kind: 'zoom' } }))).toBe('Choose video call, phone call or in person')
    expect(servicesProblem(service({ location: 'video' }))).toBe('Choose video call, phone call or in person')
    expect(servicesProblem(service({ location: { kind: 'place', text: 'Line one\nLine two' } }))).toBe(
      'Place must be plain text on one line',
    )
  })

  it('keep HTML in their texts as the text it is (pages and emails escape it)', () => {
    const text = '<img src=x onerror=alert(1)> "Hall" & co'
    const result = z.parse(AvailabilitySchema, {
      ...base(),
      services: [service({ location: { kind: 'place', text }, confirmation: `<script>alert(1)</script>` })],
    })
    expect(result.services[0]).toMatchObject({ location: { kind: 'place', text }, confirmation: '<script>alert(1)</script>' })
  })

  it('are each listed once, and never "Not sure yet"', () => {
    expect(servicesProblem(service(), service({ name: '1-1 FINANCIAL COACHING' }))).toBe('“1-1 FINANCIAL COACHING” is listed twice')
    expect(servicesProblem(service({ name: 'Not sure yet' }))).toBe('“Not sure yet” is not a service that can be booked')
    expect(servicesProblem(service({ name: '  ' }))).toBe('Choose a service')
  })

  it('must be on the Services page when saved, as she named them there', () => {
    const schema = availabilitySchema(['1-1 Financial Coaching', 'Budget Bootcamp'])
    expect(z.safeParse(schema, { ...base(), services: [service({ name: 'Budget Bootcamp' })] }).success).toBe(true)
    const result = z.safeParse(schema, { ...base(), services: [service(), service({ name: 'Investment Coaching' })] })
    expect(result.error?.issues).toMatchObject([
      { message: '“Investment Coaching” is not on the Services page', path: ['services', 1, 'name'] },
    ])
  })

  it('that she renamed since stay readable, but are no longer offered', () => {
    const stored = z.parse(AvailabilitySchema, base())
    const renamed = ['1-1 Coaching', 'Investment Coaching']
    expect(bookableServices(stored, renamed).map((s) => s.name)).toEqual(['Investment Coaching'])
  })
})

describe('the service titles of the Services page', () => {
  const texts = (items: string) => toSiteTexts([{ section: 'services', key: 'items', value: items }])

  it('are her edited titles, trimmed, each once, without "Not sure yet"', () => {
    const items = JSON.stringify([
      { title: ' Budget Bootcamp ', text: 'x' },
      { title: 'Budget Bootcamp', text: 'y' },
      { title: 'Not sure yet', text: 'z' },
      { title: '', text: 'w' },
    ])
    expect(listedServiceTitles(texts(items))).toEqual(['Budget Bootcamp'])
  })

  it('are the built-in ones when hers cannot be read, as the pages show them', () => {
    expect(BUILT_IN_TITLES).toEqual([
      '1-1 Financial Coaching',
      'Investment Coaching',
      'Pre-Marital Financial Coaching',
      'Post-Marital Financial Coaching',
      'Speaking Engagements',
    ])
    for (const broken of ['not json', '{"title":"x","text":"y"}', '[{"title":5,"text":"y"}]', '[{"title":"No text"}]', '[null]', ''])
      expect(listedServiceTitles(texts(broken)), broken).toEqual(BUILT_IN_TITLES)
  })
})

describe('hostile input', () => {
  it('drops unknown keys, __proto__ and constructor among them, without touching any prototype', () => {
    const json = JSON.stringify({ ...base(), extra: 1 }).replace(
      '{',
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},',
    )
    const weekly = '"weekly":{"__proto__":[{"start":"00:00","end":"24:00"}],"constructor":[],'
    const result = z.parse(AvailabilitySchema, JSON.parse(json.replace('"weekly":{', weekly)))
    expect(Object.keys(result).sort()).toEqual([
      'datesOff',
      'extraHours',
      'gapMinutes',
      'horizonDays',
      'noticeHours',
      'services',
      'timeZone',
      'weekly',
    ])
    expect(Object.keys(result.weekly)).toEqual([...WEEKDAYS])
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('refuses a week given as a list, or a day missing', () => {
    expect(problem({ ...base(), weekly: [[], [], [], [], [], [], []] })).toBeDefined()
    const { sunday: _, ...sixDays } = base().weekly
    expect(problem({ ...base(), weekly: sixDays })).toBeDefined()
  })

  it('answers a huge list with one message about its size, quickly', () => {
    const huge = Array.from({ length: 200_000 }, () => '2026-02-30')
    const started = performance.now()
    const result = z.safeParse(AvailabilitySchema, {
      ...base(),
      datesOff: huge,
      extraHours: huge,
      services: huge,
      weekly: { ...base().weekly, monday: huge },
    })
    expect(performance.now() - started).toBeLessThan(500)
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'At most 6 time ranges a day',
      'At most 366 dates off',
      'At most 100 dates with extra hours',
      'At most 12 services',
    ])
  })

  it('takes the largest document anyone may post, which fits in a request body; one more of anything is refused', () => {
    const time = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
    const fullDay = Array.from({ length: L.rangesPerDay }, (_, i) => ({ start: time(i * 120), end: time(i * 120 + 105) }))
    const date = (i: number) => new Date(Date.UTC(2027, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)
    // Three bytes a character: the most a character of the Basic Plane costs in UTF-8.
    const text = (n: number, tag: number) => `${tag}`.padEnd(n, '€')
    const largest = {
      timeZone: 'America/Argentina/ComodRivadavia',
      weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, fullDay])),
      datesOff: Array.from({ length: L.datesOff }, (_, i) => date(i)),
      extraHours: Array.from({ length: L.extraDates }, (_, i) => ({ date: date(L.datesOff + i), ranges: fullDay })),
      gapMinutes: 120,
      noticeHours: 336,
      horizonDays: 365,
      services: Array.from({ length: L.services }, (_, i) => ({
        name: text(120, i),
        minutes: 90,
        location: { kind: 'place', text: text(L.placeText, i) },
        confirmation: text(L.confirmationText, i),
      })),
    }
    expect(problem(largest)).toBeUndefined()
    expect(new TextEncoder().encode(JSON.stringify(largest)).length).toBeLessThan(MAX_BODY_BYTES)

    expect(problem({ ...largest, datesOff: [...largest.datesOff, '2030-01-01'] })).toBe('At most 366 dates off')
    expect(problem({ ...largest, extraHours: [...largest.extraHours, { date: '2030-01-01', ranges: fullDay }] })).toBe(
      'At most 100 dates with extra hours',
    )
    expect(problem({ ...largest, services: [...largest.services, largest.services[0]] })).toBe('At most 12 services')
    const service = largest.services[0]!
    expect(problem({ ...largest, services: [{ ...service, name: text(121, 0) }] })).toBe('Service must be at most 120 characters')
    expect(problem({ ...largest, services: [{ ...service, location: { kind: 'place', text: text(201, 0) } }] })).toBe(
      'Place must be at most 200 characters',
    )
    expect(problem({ ...largest, services: [{ ...service, confirmation: text(301, 0) }] })).toBe(
      'Confirmation line must be at most 300 characters',
    )
  })
})
