import { WEEKDAY_LABELS, WEEKDAYS } from '#domain/availability.ts'
import { CheckboxField } from '#src/features/admin/kit/field.tsx'
import { Panel } from '#src/features/admin/kit/panel.tsx'
import { Intro, Muted } from '#src/features/admin/kit/text.tsx'
import { TimeRanges } from './time-ranges'
import type { AvailabilityForm } from './use-availability-form'
import styles from './availability.module.css'

/** Her usual week: each day on or off, with the hours she takes sessions on it. */
export function WeeklyHours({ form }: { form: AvailabilityForm }) {
  const { values, errors, change } = form
  return (
    <Panel title="Weekly hours">
      <Intro>The hours you can take sessions on a usual week, in your time zone. A session always fits inside them.</Intro>
      <ul className={styles.days}>
        {WEEKDAYS.map((day) => {
          const hours = values.weekly[day]
          const label = WEEKDAY_LABELS[day]
          const update = (next: Partial<typeof hours>) =>
            change((current) => ({ ...current, weekly: { ...current.weekly, [day]: { ...current.weekly[day], ...next } } }))
          return (
            <li key={day} className={styles.day}>
              <CheckboxField label={label} checked={hours.on} onChange={(on) => update({ on })} />
              {hours.on ? (
                <TimeRanges
                  day={label}
                  ranges={hours.ranges}
                  errors={errors}
                  at={`weekly.${day}`}
                  onChange={(ranges) => update({ ranges })}
                />
              ) : (
                <Muted as="p">Not available</Muted>
              )}
            </li>
          )
        })}
      </ul>
    </Panel>
  )
}
