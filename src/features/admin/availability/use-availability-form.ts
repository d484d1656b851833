import { useState, type FormEvent } from 'react'
import * as z from 'zod/mini'
import {
  availabilitySchema,
  WEEKDAYS,
  type Availability,
  type AvailabilityInput,
  type ExtraHours,
  type LocationKind,
  type SessionLength,
  type TimeRange,
  type Weekday,
} from '#domain/availability.ts'

/** A day as the screen holds it: its ranges are kept while it is off, so turning it on again brings them back. */
export type DayHours = { on: boolean; ranges: TimeRange[] }

/** A Services-page title and how it is booked; `on` is "Can be booked online". */
export type ServiceChoice = {
  name: string
  on: boolean
  minutes: SessionLength
  kind: LocationKind
  text: string
  confirmation: string
}

/** What the form holds: the stored shape, with numbers as typed and the notice in hours or days. */
export type AvailabilityValues = {
  timeZone: string
  weekly: Record<Weekday, DayHours>
  datesOff: string[]
  extraHours: ExtraHours[]
  gapMinutes: string
  noticeAmount: string
  noticeUnit: 'hours' | 'days'
  horizonDays: string
  services: ServiceChoice[]
}

export const NEW_RANGE: TimeRange = { start: '09:00', end: '17:00' }

/** The form's values for what is saved; services follow the Services page's order, each offered. */
export function valuesOf(availability: Availability, serviceTitles: readonly string[]): AvailabilityValues {
  const weekly = Object.fromEntries(
    WEEKDAYS.map((day) => {
      const ranges = availability.weekly[day]
      return [day, ranges.length > 0 ? { on: true, ranges } : { on: false, ranges: [NEW_RANGE] }]
    }),
  ) as Record<Weekday, DayHours>
  const inDays = availability.noticeHours > 0 && availability.noticeHours % 24 === 0
  return {
    timeZone: availability.timeZone,
    weekly,
    datesOff: [...availability.datesOff].sort(),
    extraHours: [...availability.extraHours].sort((a, b) => (a.date < b.date ? -1 : 1)),
    gapMinutes: String(availability.gapMinutes),
    noticeAmount: String(inDays ? availability.noticeHours / 24 : availability.noticeHours),
    noticeUnit: inDays ? 'days' : 'hours',
    horizonDays: String(availability.horizonDays),
    services: serviceTitles.map((name) => {
      const saved = availability.services.find((service) => service.name === name)
      return saved
        ? {
            name,
            on: true,
            minutes: saved.minutes,
            kind: saved.location.kind,
            text: saved.location.text ?? '',
            confirmation: saved.confirmation ?? '',
          }
        : { name, on: false, minutes: 60, kind: 'video', text: '', confirmation: '' }
    }),
  }
}

/** A number as typed: empty is no number (the schema then says what is expected). */
const typed = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

/** What is sent: the shape the schema checks. */
export function inputOf(values: AvailabilityValues): AvailabilityInput {
  const amount = typed(values.noticeAmount)
  return {
    timeZone: values.timeZone,
    weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, values.weekly[day].on ? values.weekly[day].ranges : []])) as Record<
      Weekday,
      TimeRange[]
    >,
    datesOff: values.datesOff,
    extraHours: values.extraHours,
    gapMinutes: typed(values.gapMinutes),
    noticeHours: values.noticeUnit === 'days' ? amount * 24 : amount,
    horizonDays: typed(values.horizonDays),
    services: values.services
      .filter((service) => service.on)
      .map(({ name, minutes, kind, text, confirmation }) => ({ name, minutes, location: { kind, text }, confirmation })),
  }
}

export type Issue = { path: readonly PropertyKey[]; message: string }

/**
 * Each message by where it belongs on the screen ("weekly.monday.0.end", "services.2.location.text"),
 * the first one for each place. A service's place is its row on the screen, not its place in what
 * was sent (which lists only the bookable ones).
 */
export function errorsOf(issues: readonly Issue[], values: AvailabilityValues): Record<string, string> {
  const rows = values.services.flatMap((service, row) => (service.on ? [row] : []))
  // No prototype: a place is only ever a key of this map, whatever it is called.
  const errors: Record<string, string> = Object.create(null) as Record<string, string>
  for (const { path, message } of issues) {
    const parts = path.map(String)
    if (parts[0] === 'services' && parts.length > 1 && /^\d+$/.test(parts[1]!)) parts[1] = String(rows[Number(parts[1])] ?? parts[1])
    const key = parts.join('.')
    if (!(key in errors)) errors[key] = message
  }
  return errors
}

/**
 * The Availability form's state: its values, the shared schema's messages by place, and "saving".
 * A submit is checked with the schema the function uses (with the Services page's titles) before
 * anything is sent; `onSave` answers the server's messages by place when it refuses.
 */
export function useAvailabilityForm({
  initial,
  serviceTitles,
  onSave,
}: {
  initial: AvailabilityValues
  serviceTitles: readonly string[]
  onSave: (input: Availability) => Promise<readonly Issue[] | null>
}) {
  const [values, setValues] = useState(initial)
  const [opened] = useState(() => JSON.stringify(inputOf(initial)))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)
  const [schema] = useState(() => availabilitySchema(serviceTitles))

  const change = (update: (current: AvailabilityValues) => AvailabilityValues) => setValues(update)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = z.safeParse(schema, inputOf(values))
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues, values))
      return false
    }
    setErrors({})
    setSaving(true)
    const refused = await onSave(parsed.data)
    setSaving(false)
    if (refused) setErrors(errorsOf(refused, values))
    return !refused
  }

  const dirty = JSON.stringify(inputOf(values)) !== opened
  return { values, errors, saving, dirty, change, submit }
}

export type AvailabilityForm = ReturnType<typeof useAvailabilityForm>
