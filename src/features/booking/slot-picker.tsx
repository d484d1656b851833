import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { slotsByDay, slotTimeLabels, type SlotDay } from '#domain/booking-slot-display.ts'
import { formatSlot, formatSlotDay } from '#domain/slot-text.ts'
import { timeZoneNames } from '#domain/time-zones.ts'
import styles from './slot-picker.module.css'

/** Days shown at once (one row at a desk, three of two on a phone), then "Later days". */
const DAYS_PER_PAGE = 6

/** The visitor's language for dates and times (an unknown one reads as US English: domain/text.ts). */
export function visitorLocale(): string {
  return (typeof navigator !== 'undefined' && navigator.language) || 'en-US'
}

const timesFree = (count: number) => (count === 1 ? '1 time free' : `${count} times free`)

/** A zone's name as people read it: "America/New_York" → "America/New York". */
export const zoneLabel = (zone: string) => zone.replaceAll('_', ' ')

type ZoneProps = { zone: string; onZoneChange: (zone: string) => void; id: string }

/**
 * Her time zone, named, and changeable from the runtime's list (her own zone added if the list
 * lacks it). The list's 400-odd names are put in when she reaches for it (focus comes before the
 * list opens, by pointer or keyboard), not with the calendar: drawing them was most of the
 * calendar's first render on a phone, and most visitors keep the zone their device names.
 */
export function ZoneChooser({ zone, onZoneChange, id }: ZoneProps) {
  const [listed, setListed] = useState(false)
  const zones = useMemo(() => {
    if (!listed) return [zone]
    const names = timeZoneNames()
    return names.includes(zone) ? names : [zone, ...names]
  }, [zone, listed])
  const list = () => setListed(true)
  return (
    <div className={`field ${styles.zone}`}>
      <label htmlFor={id}>Times are shown in your time zone</label>
      <select
        id={id}
        className="input"
        value={zone}
        onFocus={list}
        onPointerDown={list}
        onChange={(event) => onZoneChange(event.target.value)}
      >
        {zones.map((name) => (
          <option key={name} value={name}>
            {zoneLabel(name)}
          </option>
        ))}
      </select>
    </div>
  )
}

type PickerProps = {
  /** The free times, UTC slot ids. */
  slots: readonly string[]
  /** The chosen time, if any. */
  value: string | null
  onChange: (slot: string) => void
  zone: string
  /** Prefix of the ids inside (two pickers never share a page, but the tests draw several). */
  id: string
  /** Marks the times as the place a failed check points to. */
  invalid?: boolean
  describedBy?: string
}

/**
 * The free times of one service, by the days of the visitor's calendar: a row of days (each a
 * button saying its date and how many times it has free; the arrow keys move between them, Home
 * and End to the first and last), then the times of the chosen day. Everything is written in her
 * zone, `zone`.
 */
export function SlotPicker({ slots, value, onChange, zone, id, invalid, describedBy }: PickerProps) {
  const locale = visitorLocale()
  const days = useMemo(() => slotsByDay(slots, zone), [slots, zone])
  const valueDate = value ? days.find((day) => day.slots.includes(value))?.date : undefined
  const [chosenDate, setChosenDate] = useState(valueDate)
  const [page, setPage] = useState(0)
  // A time chosen elsewhere (the next free times after a refusal), or the days regrouped in another
  // zone: the days shown are those holding the chosen time (React's "adjust state while rendering").
  const [shownFor, setShownFor] = useState({ valueDate, zone })
  if (shownFor.valueDate !== valueDate || shownFor.zone !== zone) {
    setShownFor({ valueDate, zone })
    const index = days.findIndex((day) => day.date === (valueDate ?? chosenDate))
    if (valueDate) setChosenDate(valueDate)
    setPage(Math.floor(Math.max(0, index) / DAYS_PER_PAGE))
  }
  const found = days.findIndex((day) => day.date === chosenDate)
  const dayIndex = found >= 0 ? found : 0
  const focusDay = useRef<number | null>(null)
  const dayButtons = useRef<(HTMLButtonElement | null)[]>([])

  useEffect(() => {
    if (focusDay.current === null) return
    dayButtons.current[focusDay.current]?.focus()
    focusDay.current = null
  })

  const pages = Math.ceil(days.length / DAYS_PER_PAGE)
  const shownPage = Math.min(page, Math.max(0, pages - 1))
  const shown = days.slice(shownPage * DAYS_PER_PAGE, (shownPage + 1) * DAYS_PER_PAGE)
  const day: SlotDay | undefined = days[dayIndex]

  function moveTo(index: number) {
    const target = Math.max(0, Math.min(days.length - 1, index))
    setPage(Math.floor(target / DAYS_PER_PAGE))
    focusDay.current = target
    // Moving to a day shows its times: the keyboard reaches them with Tab.
    setChosenDate(days[target]?.date)
  }

  function onDayKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      Home: 0,
      End: days.length - 1,
    }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    moveTo(target)
  }

  const times = day ? slotTimeLabels(day.slots, zone, locale) : []
  const dayName = (date: string) => formatSlotDay(date, locale)

  return (
    <div className={styles.picker}>
      <div className={styles.daysHead}>
        <h3 id={`${id}-days`} className={styles.heading}>
          Choose a day
        </h3>
        {pages > 1 && (
          <div className={styles.paging}>
            <button type="button" className="btn btn-outline btn-small" disabled={shownPage === 0} onClick={() => setPage(shownPage - 1)}>
              Earlier days
            </button>
            <button
              type="button"
              className="btn btn-outline btn-small"
              disabled={shownPage >= pages - 1}
              onClick={() => setPage(shownPage + 1)}
            >
              Later days
            </button>
          </div>
        )}
      </div>
      <div role="group" aria-labelledby={`${id}-days`} className={styles.days}>
        {shown.map((shownDay, offset) => {
          const index = shownPage * DAYS_PER_PAGE + offset
          const current = index === dayIndex
          // One day is reached with Tab (the chosen one, or the first shown); the arrows move between them.
          const tabbable = current || (!shown.some((_, o) => shownPage * DAYS_PER_PAGE + o === dayIndex) && offset === 0)
          return (
            <button
              key={shownDay.date}
              ref={(button) => {
                dayButtons.current[index] = button
              }}
              type="button"
              className={styles.day}
              aria-pressed={current}
              tabIndex={tabbable ? 0 : -1}
              onClick={() => moveTo(index)}
              onKeyDown={(event) => onDayKey(event, index)}
            >
              <DayWords words={dayName(shownDay.date)} count={timesFree(shownDay.slots.length)} />
            </button>
          )
        })}
      </div>

      {day && (
        <>
          <h3 id={`${id}-times`} className={styles.heading}>
            Free times on {dayName(day.date)}
          </h3>
          <div
            role="group"
            aria-labelledby={`${id}-times`}
            aria-describedby={describedBy}
            className={styles.times}
            data-invalid={invalid || undefined}
          >
            {day.slots.map((slot, index) => (
              <button
                key={slot}
                type="button"
                className={styles.time}
                aria-pressed={slot === value}
                aria-label={`${times[index]}, ${dayName(day.date)}`}
                onClick={() => onChange(slot)}
              >
                {times[index]}
              </button>
            ))}
          </div>
        </>
      )}
      <p className={styles.chosen} aria-live="polite">
        {value ? (
          <>
            Your time: <strong>{formatSlot(value, { timeZone: zone, locale, style: 'full' })}</strong>
          </>
        ) : (
          'No time chosen yet.'
        )}
      </p>
    </div>
  )
}

/**
 * A day's words on its button, the weekday above the date ("Tuesday" / "1 December"): the
 * buttons stay narrow enough for two or more in a row on a phone. A screen reader reads the same
 * words as one line, with the pauses the layout gives the eye ("Tuesday, 1 December, 3 times free").
 */
function DayWords({ words, count }: { words: string; count: string }) {
  const space = words.indexOf(' ')
  return (
    <>
      <span className="visually-hidden">{`${words}, ${count}`}</span>
      <span aria-hidden="true" className={styles.dayWords}>
        {space < 0 ? (
          <span className={styles.dayName}>{words}</span>
        ) : (
          <>
            <span className={styles.dayName}>{words.slice(0, space).replace(/,$/, '')}</span>
            <span className={styles.dayDate}>{words.slice(space + 1)}</span>
          </>
        )}
        <span className={styles.dayCount}>{count}</span>
      </span>
    </>
  )
}

/** The next free times after one was taken, each with its day, to pick from at once. */
export function NextTimes({
  slots,
  zone,
  value,
  onChange,
  id,
}: {
  slots: readonly string[]
  zone: string
  value: string | null
  onChange: (slot: string) => void
  id: string
}) {
  const locale = visitorLocale()
  if (slots.length === 0) return null
  return (
    <div className={styles.next}>
      <h3 id={`${id}-next`} className={styles.heading}>
        The next free times
      </h3>
      <div role="group" aria-labelledby={`${id}-next`} className={styles.nextTimes}>
        {slots.map((slot) => (
          <button key={slot} type="button" className={styles.time} aria-pressed={slot === value} onClick={() => onChange(slot)}>
            {formatSlot(slot, { timeZone: zone, locale, style: 'full' })}
          </button>
        ))}
      </div>
    </div>
  )
}
