import { AVAILABILITY_LIMITS } from '#domain/availability.ts'
import { TextField } from '#src/features/admin/kit/field.tsx'
import { Panel } from '#src/features/admin/kit/panel.tsx'
import { horizonWords, inHerWords, noticeWords } from './availability-words'
import type { AvailabilityForm, AvailabilityValues } from './use-availability-form'
import styles from './availability.module.css'

const L = AVAILABILITY_LIMITS
const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : undefined)

/** The notice in hours as typed, when it reads as a number. */
function noticeHours({ noticeAmount, noticeUnit }: AvailabilityValues): number | undefined {
  const amount = whole(noticeAmount)
  return amount === undefined ? undefined : noticeUnit === 'days' ? amount * 24 : amount
}

/** The spacing rules: the break after each session, how soon and how far ahead she can be booked. */
export function BookingRules({ form }: { form: AvailabilityForm }) {
  const { values, errors, change } = form
  const set = (next: Partial<AvailabilityValues>) => change((current) => ({ ...current, ...next }))
  const notice = noticeHours(values)
  const horizon = whole(values.horizonDays)
  const error = (key: string) => (errors[key] ? inHerWords(errors[key]) : undefined)
  return (
    <Panel title="Spacing and notice">
      <div className={styles.rules}>
        <TextField
          label="Gap between sessions (minutes)"
          hint={`Time kept free between two sessions, ${L.gapMinutes.min} to ${L.gapMinutes.max} minutes.`}
          error={error('gapMinutes')}
          type="number"
          inputMode="numeric"
          min={L.gapMinutes.min}
          max={L.gapMinutes.max}
          step={5}
          value={values.gapMinutes}
          onChange={(event) => set({ gapMinutes: event.target.value })}
        />
        <div className={styles.notice}>
          <TextField
            label="Minimum notice"
            hint={notice !== undefined ? `${noticeWords(notice)}.` : 'How long before a session it can be booked.'}
            error={error('noticeHours')}
            type="number"
            inputMode="numeric"
            min={0}
            value={values.noticeAmount}
            onChange={(event) => set({ noticeAmount: event.target.value })}
          />
          <label className={styles.unit}>
            <span className="visually-hidden">Minimum notice in</span>
            <select
              className="input"
              value={values.noticeUnit}
              onChange={(event) => set({ noticeUnit: event.target.value === 'days' ? 'days' : 'hours' })}
            >
              <option value="hours">hours</option>
              <option value="days">days</option>
            </select>
          </label>
        </div>
        <TextField
          label="How far ahead (days)"
          hint={horizon !== undefined && horizon > 0 ? `${horizonWords(horizon)}.` : `${L.horizonDays.min} to ${L.horizonDays.max} days.`}
          error={error('horizonDays')}
          type="number"
          inputMode="numeric"
          min={L.horizonDays.min}
          max={L.horizonDays.max}
          value={values.horizonDays}
          onChange={(event) => set({ horizonDays: event.target.value })}
        />
      </div>
    </Panel>
  )
}
