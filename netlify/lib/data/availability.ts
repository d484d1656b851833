import type { ActivityChange } from '#domain/activity.ts'
import {
  AvailabilitySchema,
  DEFAULT_AVAILABILITY,
  LOCATION_LABELS,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type Availability,
  type TimeRange,
} from '#domain/availability.ts'
import { formatSlotDay } from '#domain/text.ts'
import { openStore } from '#lib/storage/blobs.ts'
import { defineDocument } from '#lib/storage/document.ts'
import { written, type WrittenBy } from './written'

/**
 * Her availability: one document, read back with the schema it was saved with (without the
 * Services page check: a service renamed there since stays readable, and is simply not bookable).
 * Until she saves her own, the built-in default stands.
 */
const doc = defineDocument(
  () => openStore('availability'),
  AvailabilitySchema,
  () => structuredClone(DEFAULT_AVAILABILITY),
)

/** The history's record id and name: there is one availability, and she knows it by its screen's name. */
const RECORD_ID = 'availability'
const LABEL = 'Availability'

const hours = (ranges: readonly TimeRange[]) => (ranges.length ? ranges.map((range) => `${range.start}–${range.end}`).join(', ') : 'Closed')

/**
 * What changed, in the words of her Availability screen: one line per field that changed, never
 * the stored shape (no keys, no ISO dates, no minutes counted from midnight).
 */
function describe(before: Availability, after: Availability): ActivityChange[] {
  const changes: ActivityChange[] = []
  const line = (label: string, was: string | string[], is: string | string[]) => {
    if (JSON.stringify(was) !== JSON.stringify(is)) changes.push({ label, before: was, after: is })
  }
  line('Time zone', before.timeZone, after.timeZone)
  for (const day of WEEKDAYS) line(WEEKDAY_LABELS[day], hours(before.weekly[day]), hours(after.weekly[day]))
  line(
    'Dates off',
    before.datesOff.map((date) => formatSlotDay(date)),
    after.datesOff.map((date) => formatSlotDay(date)),
  )
  line(
    'Extra hours',
    before.extraHours.map((extra) => `${formatSlotDay(extra.date)}: ${hours(extra.ranges)}`),
    after.extraHours.map((extra) => `${formatSlotDay(extra.date)}: ${hours(extra.ranges)}`),
  )
  line('Gap between sessions', `${before.gapMinutes} minutes`, `${after.gapMinutes} minutes`)
  line('Minimum notice', `${before.noticeHours} hours`, `${after.noticeHours} hours`)
  line('Bookings open', `${before.horizonDays} days ahead`, `${after.horizonDays} days ahead`)
  const services = (availability: Availability) =>
    availability.services.map((service) => `${service.name} (${service.minutes} min, ${LOCATION_LABELS[service.location.kind]})`)
  line('Services', services(before), services(after))
  return changes.slice(0, 8)
}

export const availability = {
  async get(): Promise<Availability> {
    return doc.read()
  },

  /** Saves the whole availability, already checked against the Services page by the caller. */
  async save(next: Availability, { by }: WrittenBy = {}): Promise<Availability> {
    const before = await doc.update((current) => ({ doc: next, result: current }))
    await written(
      {
        subject: 'availability',
        recordId: RECORD_ID,
        label: LABEL,
        before,
        after: next,
        action: 'updated',
        changes: describe(before, next),
      },
      by,
    )
    return next
  },
}
