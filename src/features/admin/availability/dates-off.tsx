import { X } from 'lucide-react'
import { AVAILABILITY_LIMITS } from '#domain/availability.ts'
import { Badge } from '#src/features/admin/kit/badge.tsx'
import { Button } from '#src/features/admin/kit/button.tsx'
import { Panel } from '#src/features/admin/kit/panel.tsx'
import { Intro, Muted } from '#src/features/admin/kit/text.tsx'
import { dateLabel, inHerWords } from './availability-words'
import { DatePickerRow } from './date-picker-row'
import { NEW_RANGE, type AvailabilityForm } from './use-availability-form'
import { TimeRanges } from './time-ranges'
import styles from './availability.module.css'

const sorted = <T,>(items: T[], date: (item: T) => string) =>
  [...items].sort((a, b) => (date(a) < date(b) ? -1 : date(a) > date(b) ? 1 : 0))

/** "Remove past dates", where a list holds any. */
function DropPast({ count, onDrop }: { count: number; onDrop: () => void }) {
  if (count === 0) return null
  return (
    <Button variant="link" onClick={onDrop}>
      Remove past dates ({count})
    </Button>
  )
}

/** Whole days she cannot be booked: holidays, travel. `today` is the date where she lives. */
export function DatesOff({ form, today }: { form: AvailabilityForm; today: string }) {
  const { values, errors, change } = form
  const past = values.datesOff.filter((date) => date < today).length
  return (
    <Panel title="Dates off">
      <Intro>Days you cannot be booked at all, such as holidays or travel.</Intro>
      <DatePickerRow
        label="Date off"
        button="Add date off"
        min={today}
        refuse={(date) =>
          values.datesOff.includes(date)
            ? `${dateLabel(date)} is already a date off`
            : values.extraHours.some((extra) => extra.date === date)
              ? `${dateLabel(date)} has extra hours: remove them first`
              : values.datesOff.length >= AVAILABILITY_LIMITS.datesOff
                ? `At most ${AVAILABILITY_LIMITS.datesOff} dates off`
                : null
        }
        onAdd={(date) => change((current) => ({ ...current, datesOff: sorted([...current.datesOff, date], (d) => d) }))}
      />
      {values.datesOff.length === 0 ? (
        <Muted as="p">No dates off.</Muted>
      ) : (
        <ul className={styles.dateList} aria-label="Dates off">
          {values.datesOff.map((date, index) => (
            <li key={date} className={styles.dateItem}>
              <span className={styles.dateName}>
                {dateLabel(date)} {date < today && <Badge tone="gray">Past</Badge>}
              </span>
              <Button
                variant="row"
                icon={X}
                onClick={() => change((current) => ({ ...current, datesOff: current.datesOff.filter((other) => other !== date) }))}
              >
                Remove <span className="visually-hidden">{dateLabel(date)}</span>
              </Button>
              {errors[`datesOff.${index}`] && <p className="field-error">{inHerWords(errors[`datesOff.${index}`]!)}</p>}
            </li>
          ))}
        </ul>
      )}
      {errors.datesOff && <p className="field-error">{inHerWords(errors.datesOff)}</p>}
      <DropPast
        count={past}
        onDrop={() => change((current) => ({ ...current, datesOff: current.datesOff.filter((date) => date >= today) }))}
      />
    </Panel>
  )
}

/** Hours on given dates, on top of that weekday's usual ones (or on a day she is usually off). */
export function ExtraHoursList({ form, today }: { form: AvailabilityForm; today: string }) {
  const { values, errors, change } = form
  const past = values.extraHours.filter((extra) => extra.date < today).length
  return (
    <Panel title="Extra hours on given dates">
      <Intro>A date you can take sessions besides your weekly hours, or on a day you are usually off.</Intro>
      <DatePickerRow
        label="Date with extra hours"
        button="Add extra hours"
        min={today}
        refuse={(date) =>
          values.extraHours.some((extra) => extra.date === date)
            ? `${dateLabel(date)} already has extra hours: add them there`
            : values.datesOff.includes(date)
              ? `${dateLabel(date)} is a date off: remove it there first`
              : values.extraHours.length >= AVAILABILITY_LIMITS.extraDates
                ? `At most ${AVAILABILITY_LIMITS.extraDates} dates with extra hours`
                : null
        }
        onAdd={(date) =>
          change((current) => ({ ...current, extraHours: sorted([...current.extraHours, { date, ranges: [NEW_RANGE] }], (e) => e.date) }))
        }
      />
      {values.extraHours.length === 0 ? (
        <Muted as="p">No extra hours.</Muted>
      ) : (
        <ul className={styles.dateList} aria-label="Extra hours">
          {values.extraHours.map((extra, index) => {
            const name = dateLabel(extra.date)
            const dateError = errors[`extraHours.${index}.date`] ?? errors[`extraHours.${index}`]
            return (
              <li key={extra.date} className={styles.extraItem}>
                <div className={styles.dateItem}>
                  <span className={styles.dateName}>
                    {name} {extra.date < today && <Badge tone="gray">Past</Badge>}
                  </span>
                  <Button
                    variant="row"
                    icon={X}
                    onClick={() =>
                      change((current) => ({ ...current, extraHours: current.extraHours.filter((other) => other.date !== extra.date) }))
                    }
                  >
                    Remove <span className="visually-hidden">{name}</span>
                  </Button>
                </div>
                {dateError && <p className="field-error">{inHerWords(dateError)}</p>}
                <TimeRanges
                  day={name}
                  ranges={extra.ranges}
                  errors={errors}
                  at={`extraHours.${index}.ranges`}
                  onChange={(ranges) =>
                    change((current) => ({
                      ...current,
                      extraHours: current.extraHours.map((other) => (other.date === extra.date ? { ...other, ranges } : other)),
                    }))
                  }
                />
              </li>
            )
          })}
        </ul>
      )}
      {errors.extraHours && <p className="field-error">{inHerWords(errors.extraHours)}</p>}
      <DropPast
        count={past}
        onDrop={() => change((current) => ({ ...current, extraHours: current.extraHours.filter((extra) => extra.date >= today) }))}
      />
    </Panel>
  )
}
