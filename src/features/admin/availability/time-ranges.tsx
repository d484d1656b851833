import { Plus, X } from 'lucide-react'
import { memo, useId, type ReactElement } from 'react'
import { AVAILABILITY_LIMITS, minutesOf, timeOf, type TimeRange } from '#domain/availability.ts'
import { Button } from '#src/features/admin/kit/button.tsx'
import { inHerWords, timeChoices } from './availability-words'
import styles from './availability.module.css'

/** Each list's options, made once: a day's boxes are drawn again on every change to the form. */
const options = (choices: Record<string, string>): ReactElement[] =>
  Object.entries(choices).map(([value, text]) => (
    <option key={value} value={value}>
      {text}
    </option>
  ))
const STARTS = options(timeChoices('start'))
const ENDS = options(timeChoices('end'))

/** A new range after the last one: an hour from where it ends, or the morning when the day has none. */
function nextRange(ranges: readonly TimeRange[]): TimeRange {
  const last = ranges[ranges.length - 1]
  if (!last) return { start: '09:00', end: '17:00' }
  const start = Math.min(minutesOf(last.end), 23 * 60)
  return { start: timeOf(start), end: timeOf(Math.min(start + 60, 24 * 60)) }
}

/**
 * One day's time ranges, each a start and an end picked on the quarter hour (the end may be the
 * end of the day), with Add and Remove. `errors` are the form's messages by place, `at` this list's
 * place ("weekly.monday", "extraHours.2.ranges"); `day` names the day for a screen reader.
 */
export const TimeRanges = memo(
  TimeRangesOf,
  // Drawn again only when its own ranges or the messages change. `onChange` is left out: every
  // caller's updates the form from its current values (a function of them), so an earlier one
  // does the same as a newer one.
  (before, after) => before.ranges === after.ranges && before.errors === after.errors && before.day === after.day && before.at === after.at,
)

function TimeRangesOf({
  day,
  ranges,
  errors,
  at,
  canRemoveLast = false,
  onChange,
}: {
  day: string
  ranges: readonly TimeRange[]
  errors: Readonly<Record<string, string>>
  at: string
  canRemoveLast?: boolean
  onChange: (ranges: TimeRange[]) => void
}) {
  const id = useId()
  const set = (index: number, part: Partial<TimeRange>) =>
    onChange(ranges.map((range, at) => (at === index ? { ...range, ...part } : range)))
  const listError = errors[at]
  return (
    <div className={styles.ranges}>
      {ranges.map((range, index) => {
        const name = ranges.length > 1 ? `${day}, hours ${index + 1}` : day
        const startError = errors[`${at}.${index}.start`] ?? errors[`${at}.${index}`]
        const endError = errors[`${at}.${index}.end`]
        const message = [startError, endError]
          .filter(Boolean)
          .map((text) => inHerWords(text!))
          .join(' ')
        const errorId = `${id}-${index}-error`
        return (
          <div key={index} className={styles.range}>
            <div className={styles.rangeFields}>
              <div className={styles.time}>
                <label htmlFor={`${id}-${index}-start`}>
                  From <span className="visually-hidden">({name})</span>
                </label>
                <select
                  id={`${id}-${index}-start`}
                  className="input"
                  value={range.start}
                  onChange={(event) => set(index, { start: event.target.value })}
                  aria-invalid={startError ? true : undefined}
                  aria-describedby={startError ? errorId : undefined}
                >
                  {STARTS}
                </select>
              </div>
              <div className={styles.time}>
                <label htmlFor={`${id}-${index}-end`}>
                  To <span className="visually-hidden">({name})</span>
                </label>
                <select
                  id={`${id}-${index}-end`}
                  className="input"
                  value={range.end}
                  onChange={(event) => set(index, { end: event.target.value })}
                  aria-invalid={endError ? true : undefined}
                  aria-describedby={endError ? errorId : undefined}
                >
                  {ENDS}
                </select>
              </div>
              {(ranges.length > 1 || canRemoveLast) && (
                <Button
                  variant="row"
                  icon={X}
                  className={styles.removeRange}
                  onClick={() => onChange(ranges.filter((_, at) => at !== index))}
                >
                  Remove <span className="visually-hidden">{name}</span>
                </Button>
              )}
            </div>
            {message && (
              <p className="field-error" id={errorId}>
                {message}
              </p>
            )}
          </div>
        )
      })}
      {listError && <p className="field-error">{inHerWords(listError)}</p>}
      {ranges.length < AVAILABILITY_LIMITS.rangesPerDay && (
        <Button variant="row" icon={Plus} onClick={() => onChange([...ranges, nextRange(ranges)])}>
          Add hours <span className="visually-hidden">to {day}</span>
        </Button>
      )}
    </div>
  )
}
