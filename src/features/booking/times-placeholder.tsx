import { lengthOf, whereItHappens } from '#domain/session-place.ts'
import type { ServiceOffer } from '#domain/booking-session.ts'
import styles from './booking-calendar.module.css'
import pickerStyles from './slot-picker.module.css'

/*
 * The time step's room, held until the calendar's code and the free times are there: the same
 * heading, zone box, day buttons and a row of times, drawn empty, so the fields below do not jump
 * down the page when the calendar arrives. The page's function draws it (a link that names a
 * service opens the page with it), so it is part of the page's own code and stays small: no zone
 * list, no schemas. Without JavaScript no calendar comes: the form sends a request, and this
 * room is not shown (the stylesheet's `scripting: none`).
 */

/** As many day buttons as a page of the picker shows, and a row of times. */
const DAY_BOXES = 6
const TIME_BOXES = 6
const BLANK = '\u00a0'

/** "Choose a time", and what is being booked: "1-1 Financial Coaching: 1 hour, Video call". */
export function TimesHead({ offer }: { offer: ServiceOffer }) {
  return (
    <div className={styles.head}>
      <h2 id="booking-times-title" className={styles.title}>
        Choose a time
      </h2>
      <p className={styles.offer}>
        {offer.name}: {lengthOf(offer.minutes)}, {whereItHappens(offer.location)}
      </p>
    </div>
  )
}

/**
 * The picker's boxes, empty, above the words "Finding free times…": its own headings, paging
 * buttons and box classes, each box holding blank lines where the real ones hold words, so both
 * are as tall.
 */
export function PickerPlaceholder() {
  const days = Array.from({ length: DAY_BOXES }, (_, index) => (
    <span key={index} className={`${pickerStyles.day} ${pickerStyles.empty}`}>
      <span className={pickerStyles.dayName}>{BLANK}</span>
      <span className={pickerStyles.dayDate}>{BLANK}</span>
      <span className={pickerStyles.dayCount}>{BLANK}</span>
    </span>
  ))
  const times = Array.from({ length: TIME_BOXES }, (_, index) => (
    <span key={index} className={`${pickerStyles.time} ${pickerStyles.empty}`}>
      {BLANK}
    </span>
  ))
  return (
    <div className={pickerStyles.picker}>
      <div aria-hidden="true" className={pickerStyles.daysHead}>
        <h3 className={pickerStyles.heading}>Choose a day</h3>
        <span className={pickerStyles.paging}>
          <span className="btn btn-outline btn-small">Earlier days</span>
          <span className="btn btn-outline btn-small">Later days</span>
        </span>
      </div>
      <div aria-hidden="true" className={pickerStyles.days}>
        {days}
      </div>
      <h3 aria-hidden="true" className={pickerStyles.heading}>
        Free times
      </h3>
      <div aria-hidden="true" className={pickerStyles.times}>
        {times}
      </div>
      <p className={pickerStyles.state} role="status">
        Finding free times…
      </p>
    </div>
  )
}

/** The whole step, held while the calendar's code loads (its zone box is filled in by the calendar). */
export function TimesPlaceholder({ offer }: { offer: ServiceOffer }) {
  return (
    <section className={`${styles.times} ${styles.waiting}`} aria-labelledby="booking-times-title" aria-busy="true">
      <TimesHead offer={offer} />
      <div aria-hidden="true" className={`field ${pickerStyles.zone}`}>
        <span className={pickerStyles.zoneLabel}>Times are shown in your time zone</span>
        <span className={`input ${pickerStyles.zoneBox}`}>{BLANK}</span>
      </div>
      <PickerPlaceholder />
    </section>
  )
}
