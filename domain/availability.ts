import * as z from 'zod/mini'
import { SERVICE_MAX, SERVICE_NOT_SURE } from './booking-messages'
import { DEFAULT_TEXTS } from './default-texts'
import { optionalText, requiredText } from './fields'
import { siteText, type SiteTexts } from './site-texts'
import { isTimeZone } from './time-zones'

export { isTimeZone, timeZoneNames } from './time-zones'

// When the coach can be booked: her time zone, her weekly hours, dates off and extra hours, the
// spacing rules, and which services take a session of what length. docs/booking-slots.md tells how
// free slots are drawn from it (domain/booking-slots.ts).

/** Monday first, as her week is laid out on the Availability screen. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
export type Weekday = (typeof WEEKDAYS)[number]
/** Each weekday's name as she reads it: "monday" → "Monday". */
export const WEEKDAY_LABELS = Object.fromEntries(WEEKDAYS.map((day) => [day, day[0]!.toUpperCase() + day.slice(1)])) as Record<
  Weekday,
  string
>

/** Slots start every 15 minutes from a range's start, so every time she sets is on that step. */
export const SLOT_STEP_MINUTES = 15
export const SESSION_LENGTHS = [30, 60, 90] as const
export type SessionLength = (typeof SESSION_LENGTHS)[number]

export { LOCATION_KINDS, LOCATION_LABELS, type LocationKind } from './session-place'

/**
 * Every list and text has a ceiling, so the largest document anyone can post stays a few tens of KB
 * (under the 64 KB a request body may hold; the schema's test builds it).
 */
export const AVAILABILITY_LIMITS = {
  rangesPerDay: 6,
  /** A year of days off ahead; past ones can be dropped by the screen that saves them. */
  datesOff: 366,
  extraDates: 100,
  /** As many as the Services page can list. */
  services: 12,
  placeText: 200,
  confirmationText: 300,
  gapMinutes: { min: 0, max: 120 },
  noticeHours: { min: 0, max: 336 },
  horizonDays: { min: 1, max: 365 },
} as const

const L = AVAILABILITY_LIMITS

/**
 * A list whose length is checked before its items are: a posted array of 100,000 items gets one
 * message, not 100,000 (the length check walks it once and looks at nothing inside).
 */
function boundedList<T extends z.core.SomeType>(item: T, max: number, tooMany: string) {
  return z.pipe(z.array(z.unknown()).check(z.maxLength(max, { error: tooMany })), z.array(item))
}

// "HH:MM" on the quarter hour; "24:00" only as an end, meaning the end of her day.
const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/
const ON_STEP = /:(?:00|15|30|45)$/

/** Minutes since the start of the day: "09:30" → 570, "24:00" → 1440. */
export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
}

/** 570 → "09:30". */
export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

const timeField = (which: 'start' | 'end') =>
  z.string({ error: 'Enter a time like 09:00' }).check(
    z.regex(TIME_PATTERN, { error: 'Enter a time like 09:00' }),
    z.regex(ON_STEP, { error: 'Times go in steps of 15 minutes (:00, :15, :30 or :45)' }),
    z.refine((time) => which === 'end' || time !== '24:00', { error: 'A range cannot start at 24:00' }),
  )

export const TimeRangeSchema = z
  .object({ start: timeField('start'), end: timeField('end') })
  .check(z.refine((range) => minutesOf(range.end) > minutesOf(range.start), { error: 'The end must be after the start', path: ['end'] }))
export type TimeRange = z.infer<typeof TimeRangeSchema>

/** One day's ranges: none to six, apart from each other (ranges that only meet are allowed, and act as one). */
const rangesOfDay = (min: number) =>
  boundedList(TimeRangeSchema, L.rangesPerDay, `At most ${L.rangesPerDay} time ranges a day`).check(
    z.minLength(min, { error: 'Add at least one time range' }),
    z.superRefine((ranges, context) => {
      ranges.forEach((range, index) => {
        const other = ranges.findIndex(
          (earlier, at) => at < index && minutesOf(earlier.start) < minutesOf(range.end) && minutesOf(range.start) < minutesOf(earlier.end),
        )
        if (other >= 0) {
          context.addIssue({
            code: 'custom',
            message: `These hours overlap ${ranges[other]!.start}–${ranges[other]!.end}`,
            path: [index, 'start'],
            input: range,
          })
        }
      })
    }),
  )

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/** A calendar date written "2026-12-25" that exists (no February 30th), in the years 2000 to 2999. */
export function isPlainDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < 2000 || year > 2999) return false
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

const dateField = z
  .string({ error: 'Enter a date like 2026-12-25' })
  .check(z.refine(isPlainDate, { error: 'Enter a date like 2026-12-25' }))

/** The first item whose key was already seen, for a message on the duplicate itself. */
function firstRepeat<T>(items: readonly T[], key: (item: T) => string): number {
  const seen = new Set<string>()
  return items.findIndex((item) => {
    const k = key(item)
    if (seen.has(k)) return true
    seen.add(k)
    return false
  })
}

const repeatCheck = <T>(key: (item: T) => string, message: (item: T) => string, field?: string) =>
  z.superRefine<T[]>((items, context) => {
    const index = firstRepeat(items, key)
    if (index >= 0) {
      context.addIssue({ code: 'custom', message: message(items[index]!), path: field ? [index, field] : [index], input: items[index] })
    }
  })

const ExtraHoursSchema = z.object({ date: dateField, ranges: rangesOfDay(1) })
export type ExtraHours = z.infer<typeof ExtraHoursSchema>

const LocationSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('video'), text: optionalText(L.placeText, 'Video call details') }),
    z.object({ kind: z.literal('phone'), text: optionalText(L.placeText, 'Phone call details') }),
    z.object({ kind: z.literal('place'), text: requiredText('Say where you will meet', L.placeText, 'Place') }),
  ],
  { error: 'Choose video call, phone call or in person' },
)
export type SessionLocation = z.infer<typeof LocationSchema>

export const BookableServiceSchema = z.object({
  /** A title from the Services page; checked against the current titles by `availabilitySchema`. */
  name: requiredText('Choose a service', SERVICE_MAX, 'Service').check(
    z.refine((name) => name !== SERVICE_NOT_SURE, { error: `“${SERVICE_NOT_SURE}” is not a service that can be booked` }),
  ),
  minutes: z.literal(SESSION_LENGTHS, { error: 'A session lasts 30, 60 or 90 minutes' }),
  location: LocationSchema,
  /** One line added to the visitor's confirmation email, e.g. how the call will start. */
  confirmation: optionalText(L.confirmationText, 'Confirmation line'),
})
export type BookableService = z.infer<typeof BookableServiceSchema>

const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).check(z.int({ error: message }), z.minimum(min, { error: message }), z.maximum(max, { error: message }))

/**
 * What the Availability screen sends and what is stored (read back with the same schema). Unknown
 * keys, `__proto__` and `constructor` included, are dropped: the output is built from the known
 * keys only.
 */
export const AvailabilitySchema = z
  .object({
    timeZone: z
      .string({ error: 'Choose a time zone from the list' })
      .check(z.refine(isTimeZone, { error: 'Choose a time zone from the list' })),
    weekly: z.object({
      monday: rangesOfDay(0),
      tuesday: rangesOfDay(0),
      wednesday: rangesOfDay(0),
      thursday: rangesOfDay(0),
      friday: rangesOfDay(0),
      saturday: rangesOfDay(0),
      sunday: rangesOfDay(0),
    }),
    datesOff: boundedList(dateField, L.datesOff, `At most ${L.datesOff} dates off`).check(
      repeatCheck<string>(
        (date) => date,
        (date) => `${date} is listed twice`,
      ),
    ),
    extraHours: boundedList(ExtraHoursSchema, L.extraDates, `At most ${L.extraDates} dates with extra hours`).check(
      repeatCheck<ExtraHours>(
        (extra) => extra.date,
        (extra) => `${extra.date} is listed twice: put all its hours together`,
        'date',
      ),
    ),
    gapMinutes: wholeNumber(L.gapMinutes.min, L.gapMinutes.max, 'The gap between sessions is 0 to 120 minutes'),
    noticeHours: wholeNumber(L.noticeHours.min, L.noticeHours.max, 'Minimum notice is 0 to 336 hours (two weeks)'),
    horizonDays: wholeNumber(L.horizonDays.min, L.horizonDays.max, 'Bookings open 1 to 365 days ahead'),
    services: boundedList(BookableServiceSchema, L.services, `At most ${L.services} services`).check(
      repeatCheck<BookableService>(
        (service) => service.name.toLowerCase(),
        (service) => `“${service.name}” is listed twice`,
        'name',
      ),
    ),
  })
  .check(
    z.superRefine((availability, context) => {
      const off = new Set(availability.datesOff)
      const index = availability.extraHours.findIndex((extra) => off.has(extra.date))
      if (index >= 0) {
        const date = availability.extraHours[index]!.date
        context.addIssue({
          code: 'custom',
          message: `${date} is a date off: remove it there to add hours`,
          path: ['extraHours', index, 'date'],
          input: date,
        })
      }
    }),
  )
export type AvailabilityInput = z.input<typeof AvailabilitySchema>
export type Availability = z.output<typeof AvailabilitySchema>

/**
 * The schema a save is checked with: the above, and every service one the Services page lists
 * now. What is stored is read back with `AvailabilitySchema` alone, so renaming a service on the
 * Services page never makes her availability unreadable; `bookableServices` then leaves it out.
 */
export function availabilitySchema(serviceTitles: readonly string[]) {
  const listed = new Set(serviceTitles)
  return AvailabilitySchema.check(
    z.superRefine((availability, context) => {
      availability.services.forEach((service, index) => {
        if (!listed.has(service.name)) {
          context.addIssue({
            code: 'custom',
            message: `“${service.name}” is not on the Services page`,
            path: ['services', index, 'name'],
            input: service.name,
          })
        }
      })
    }),
  )
}

/** The services a visitor may book now: set up here and still listed on the Services page. */
export function bookableServices(availability: Availability, serviceTitles: readonly string[]): BookableService[] {
  const listed = new Set(serviceTitles)
  return availability.services.filter((service) => listed.has(service.name))
}

/**
 * The service titles the Services page lists, as the booking form offers them: her edited list,
 * or the built-in one when none is saved or it cannot be read; trimmed, each once, without
 * "Not sure yet".
 */
export function listedServiceTitles(texts: SiteTexts): string[] {
  const titles = (value: string | undefined): string[] | undefined => {
    try {
      const items: unknown = JSON.parse(value ?? '')
      // As the pages read a list: an item without its title and its text makes the whole list unreadable.
      if (!Array.isArray(items) || !items.every((item) => typeof item?.title === 'string' && typeof item.text === 'string'))
        return undefined
      return items.map((item: { title: string }) => item.title.trim())
    } catch {
      return undefined
    }
  }
  const all = titles(siteText(texts, 'services', 'items')) ?? titles(DEFAULT_TEXTS.services.items) ?? []
  return [...new Set(all.filter((title) => title && title !== SERVICE_NOT_SURE))]
}

/** A list of its own for each day, so a screen that edits one day in place leaves the others alone. */
const workday = (): TimeRange[] => [{ start: '09:00', end: '17:00' }]

/**
 * Until she sets her own: weekdays 9 to 5, a 15-minute gap, a day's notice, two months ahead, the
 * coaching services by video for an hour. The zone is a placeholder she is asked to confirm.
 */
export const DEFAULT_AVAILABILITY: Availability = {
  timeZone: 'America/New_York',
  weekly: { monday: workday(), tuesday: workday(), wednesday: workday(), thursday: workday(), friday: workday(), saturday: [], sunday: [] },
  datesOff: [],
  extraHours: [],
  gapMinutes: 15,
  noticeHours: 24,
  horizonDays: 60,
  services: ['1-1 Financial Coaching', 'Investment Coaching', 'Pre-Marital Financial Coaching', 'Post-Marital Financial Coaching'].map(
    (name) => ({ name, minutes: 60, location: { kind: 'video', text: undefined }, confirmation: undefined }),
  ),
}
