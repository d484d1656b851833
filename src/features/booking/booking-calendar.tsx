import { CalendarCheck } from 'lucide-react'
import { startTransition, useEffect, useRef, useState } from 'react'
import { lengthOf, whereItHappens } from '#domain/session-place.ts'
import { visitorTimeZone } from '#domain/booking-slot-display.ts'
import type { PublicSession } from '#domain/booking-session.ts'
import { formatSlot } from '#domain/slot-text.ts'
import { BOOKING_MESSAGES } from '#domain/booking-messages.ts'
import { SESSION_MESSAGES } from '#domain/session-messages.ts'
import { errorMessage } from '#src/lib/api-client.ts'
import type { BookSessionInput } from '#domain/booking-session.ts'
import { bookSession, getBookingSlots, takenSlots, type BookedAnswer, type ServiceOffer } from './booking-api'
import { NextTimes, SlotPicker, visitorLocale, ZoneChooser, zoneLabel } from './slot-picker'
import styles from './booking-calendar.module.css'
import { PickerPlaceholder, TimesHead } from './times-placeholder'

/*
 * What the booking page loads once a service that can be booked online is chosen (a chunk of its
 * own): the free times, the day and time picker, the zone list and the confirmation. The request
 * form alone never loads it.
 */

export { lengthOf, SESSION_MESSAGES, visitorTimeZone, whereItHappens }

export type BookOutcome =
  { kind: 'booked'; answer: BookedAnswer } | { kind: 'taken'; slots: string[] } | { kind: 'failed'; message: string }

/** Books a time: booked, taken meanwhile (with the next free times), or refused with the server's words. */
export async function bookTime(body: BookSessionInput): Promise<BookOutcome> {
  try {
    return { kind: 'booked', answer: await bookSession(body) }
  } catch (error) {
    const next = takenSlots(error)
    if (next) return { kind: 'taken', slots: next }
    return { kind: 'failed', message: errorMessage(error, BOOKING_MESSAGES.failed, BOOKING_MESSAGES.unexpected) }
  }
}


type Slots = { status: 'loading' } | { status: 'error' } | { status: 'ready'; slots: string[] }

type ServiceTimesProps = {
  offer: ServiceOffer
  value: string | null
  onChange: (slot: string) => void
  /** Her zone as chosen; null until then (her device's zone is taken, and reported back). */
  zone: string | null
  onZoneChange: (zone: string) => void
  /** A refusal because the chosen time was just taken, with the next free times; a new one each time. */
  taken: { slots: string[] } | null
  /** The message of a failed check on the time ("Choose a time from the list"). */
  error: string | null
  /** How many days ahead her calendar is open, when the services answer says (for "No free times in the next N days"). */
  horizonDays?: number
  /** The free times when already known (an emailed reschedule link is sent them); otherwise they are fetched. */
  slots?: string[]
}

/** The time step of the booking form: her zone, the days and times free for the service, and their states. */
export function ServiceTimes({
  offer,
  value,
  onChange,
  zone: chosenZone,
  onZoneChange,
  taken,
  error,
  slots: given,
  horizonDays,
}: ServiceTimesProps) {
  const [detected] = useState(visitorTimeZone)
  const zone = chosenZone || detected
  useEffect(() => {
    if (!chosenZone) onZoneChange(detected)
  }, [chosenZone, detected, onZoneChange])
  const [attempt, setAttempt] = useState(0)
  // What the last call answered, and for which ask: a new service, a retry or a refusal asks again.
  const [fetched, setFetched] = useState<{ ask: unknown[]; slots: Slots } | null>(null)
  const ask = [offer.name, attempt, taken]
  const sameAsk = fetched !== null && fetched.ask.every((part, index) => part === ask[index])
  // Asked again after a refusal: the list stays while the new one comes, rather than blink.
  const stale = fetched?.ask[0] === offer.name && fetched.ask[2] !== taken && fetched.slots.status === 'ready' ? fetched.slots : null
  const slots: Slots = given ? { status: 'ready', slots: given } : sameAsk ? fetched.slots : (stale ?? { status: 'loading' })
  const takenNotice = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (given) return
    const controller = new AbortController()
    const asked = [offer.name, attempt, taken]
    getBookingSlots(offer.name, controller.signal).then(
      // The days and their times are a big render: as a transition React draws them in slices, so
      // a tap or a key is answered meanwhile (on a phone it was the calendar's longest task).
      (free) => startTransition(() => setFetched({ ask: asked, slots: { status: 'ready', slots: free } })),
      () => {
        if (!controller.signal.aborted) setFetched({ ask: asked, slots: { status: 'error' } })
      },
    )
    return () => controller.abort()
    // A refusal (`taken`) asks again: the time taken is then gone from the list.
  }, [offer.name, attempt, taken, given])

  useEffect(() => {
    if (taken) takenNotice.current?.focus()
  }, [taken])

  return (
    <section className={styles.times} aria-labelledby="booking-times-title" aria-busy={slots.status === 'loading'}>
      <TimesHead offer={offer} />
      <ZoneChooser id="booking-zone" zone={zone} onZoneChange={onZoneChange} />
      {taken && (
        <div ref={takenNotice} tabIndex={-1} className={styles.taken}>
          <p className="notice notice-error" role="alert">
            {SESSION_MESSAGES.taken}
          </p>
          <NextTimes id="booking-next" slots={taken.slots} zone={zone} value={value} onChange={onChange} />
        </div>
      )}
      {slots.status === 'loading' && <PickerPlaceholder />}
      {slots.status === 'error' && (
        <div className={styles.failed}>
          <p className="notice notice-error" role="alert">
            We could not load the free times. Please check your connection and try again.
          </p>
          <button type="button" className="btn btn-outline btn-small" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
      {slots.status === 'ready' && slots.slots.length === 0 && (
        <p className="notice notice-warning" role="status">
          {noTimesMessage(horizonDays)} Choose &ldquo;Not sure yet&rdquo; above to send a request instead, and we will find a time together.
        </p>
      )}
      {slots.status === 'ready' && slots.slots.length > 0 && (
        <SlotPicker
          id="booking-slots"
          slots={slots.slots}
          value={value}
          onChange={onChange}
          zone={zone}
          invalid={Boolean(error)}
          describedBy={error ? 'booking-start-error' : undefined}
        />
      )}
      {error && (
        <p id="booking-start-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}

/** "No free times in the next 60 days.": the days her calendar is open ahead, when the answer says. */
function noTimesMessage(horizonDays: number | undefined): string {
  return typeof horizonDays === 'number' ? `No free times in the next ${horizonDays} days.` : 'No free times in the coming weeks.'
}

type ConfirmationProps = {
  session: PublicSession & { confirmation?: string }
  email: string
  onAgain: () => void
}

/** What the visitor sees once booked: focus moves here, so a screen reader reads it at once. */
export function BookingConfirmation({ session, email, onAgain }: ConfirmationProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  const locale = visitorLocale()
  useEffect(() => heading.current?.focus(), [])
  const zone = session.timeZone || visitorTimeZone()
  return (
    <div className={styles.booked}>
      <CalendarCheck aria-hidden="true" size={40} className={styles.bookedIcon} />
      <h2 ref={heading} tabIndex={-1} className={styles.bookedTitle}>
        You are booked
      </h2>
      <dl className={styles.details}>
        <div>
          <dt>Session</dt>
          <dd>
            {session.service} ({lengthOf(session.minutes)})
          </dd>
        </div>
        <div>
          <dt>When</dt>
          <dd>
            <span>{formatSlot(session.start, { timeZone: zone, locale, style: 'full' })}</span>
            <span className={styles.zoneNote}>Your time zone: {zoneLabel(zone)}</span>
          </dd>
        </div>
        <div>
          <dt>Where</dt>
          <dd>{whereItHappens(session.location)}</dd>
        </div>
      </dl>
      {session.confirmation && <p className={styles.words}>{session.confirmation}</p>}
      <p>
        A calendar invite is on its way to <strong>{email}</strong>.
      </p>
      <button type="button" className="btn btn-outline" onClick={onAgain}>
        Book another session
      </button>
    </div>
  )
}
