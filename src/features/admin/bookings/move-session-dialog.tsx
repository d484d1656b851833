import { useEffect, useId, useState } from 'react'
import { SESSION_MESSAGES, type AdminSession } from '#domain/booking-session.ts'
import { slotsByDay } from '#domain/booking-slot-display.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { Button } from '#src/features/admin/kit/button.tsx'
import { Dialog } from '#src/features/admin/kit/dialog.tsx'
import { SelectField } from '#src/features/admin/kit/field.tsx'
import { Muted } from '#src/features/admin/kit/text.tsx'
import { failureText } from '#src/features/admin/kit/use-flash.ts'
import { sessionsApi } from './sessions-api'
import { clock, dayHeading, hoursOf, whoOf } from './session-words'
import styles from './bookings.module.css'

type Times = { status: 'loading' } | { status: 'ready'; slots: string[] } | { status: 'error'; text: string }

/**
 * Moving a session: a day with free times for its service, then a time on it, in her zone. A time
 * taken meanwhile is refused; the free times are then read again.
 */
export function MoveSessionDialog({
  session,
  timeZone,
  onClose,
  onMoved,
}: {
  session: AdminSession
  timeZone: string
  onClose: () => void
  onMoved: (session: AdminSession, message: string) => void
}) {
  const [times, setTimes] = useState<Times>({ status: 'loading' })
  const [version, setVersion] = useState(0)
  const [day, setDay] = useState('')
  const [start, setStart] = useState('')
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const legend = useId()

  useEffect(() => {
    let current = true
    sessionsApi.freeTimes(session.service).then(
      (slots) => current && setTimes({ status: 'ready', slots }),
      (failure: unknown) => current && setTimes({ status: 'error', text: failureText(failure, 'Failed to load the free times') }),
    )
    return () => {
      current = false
    }
  }, [session.service, version])

  const days = times.status === 'ready' ? slotsByDay(times.slots, timeZone) : []
  const chosenDay = days.find((each) => each.date === day) ?? days[0]

  async function move() {
    if (!start) return setError('Choose a new time')
    setSaving(true)
    setError(null)
    try {
      const answer = await sessionsApi.move(session.id, start)
      onMoved(answer.session, answer.message ?? SESSION_MESSAGES.adminMoved)
    } catch (failure) {
      setError(failureText(failure, 'Failed to move the session'))
      if (failure instanceof ApiError && failure.status === 409) {
        setStart('')
        setVersion((n) => n + 1)
      }
      setSaving(false)
    }
  }

  return (
    <Dialog
      title="Move this session"
      onCancel={onClose}
      actions={
        <>
          <Button onClick={onClose}>Keep the time</Button>
          <Button variant="secondary" busy={saving} busyLabel="Moving…" disabled={!start} onClick={() => void move()}>
            Move session
          </Button>
        </>
      }
    >
      <p>
        {whoOf(session)}, {session.service}, now {dayHeading(dateOf(session.start, timeZone))} {hoursOf(session, timeZone)}. We email her
        the new time.
      </p>
      {times.status === 'loading' && <Muted as="p">Loading the free times…</Muted>}
      {times.status === 'error' && (
        <p className="field-error" role="alert">
          {times.text}
        </p>
      )}
      {times.status === 'ready' && days.length === 0 && <Muted as="p">There are no free times for this service.</Muted>}
      {chosenDay && (
        <div className={styles.move}>
          <SelectField
            label="Day"
            options={Object.fromEntries(days.map((each) => [each.date, dayHeading(each.date)]))}
            value={chosenDay.date}
            onChange={(event) => {
              setDay(event.target.value)
              setStart('')
            }}
          />
          <fieldset className={styles.times} aria-labelledby={legend}>
            <legend id={legend}>Time</legend>
            {chosenDay.slots.map((slot) => (
              <label key={slot} className={styles.time}>
                <input type="radio" name="start" value={slot} checked={start === slot} onChange={() => setStart(slot)} />
                {clock(slot, timeZone)}
              </label>
            ))}
          </fieldset>
        </div>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  )
}

/** The date a slot falls on in her zone ("2026-12-01"). */
export function dateOf(slot: string, timeZone: string): string {
  return slotsByDay([slot], timeZone)[0]!.date
}
