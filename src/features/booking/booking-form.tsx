import { CheckCircle2 } from 'lucide-react'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { useLocation, useSearchParams } from 'react-router-dom'
import { BOOKING_MESSAGES, SERVICE_NOT_SURE } from '#domain/booking-messages.ts'
import { COUNTRIES } from '#domain/countries.ts'
import { BOOKING_FIELDS, FORM_ACTIONS, FORM_ANCHORS, type BookingField } from '#domain/form-answer.ts'
import { useInitialData } from '#src/lib/initial-data.tsx'
import { onDemand } from '#src/lib/on-demand.ts'
import { useHydrated } from '#src/lib/use-hydrated.ts'
import { PAGES } from '#domain/route-map.ts'
import { isTitledText, useListText } from '#src/features/content/site-texts.tsx'
import { api, endpointAddress } from '#src/lib/api-client.ts'
import type { BookedAnswer, ServiceOffer, ServicesAnswer } from './booking-api'
import { sendBooking } from './send-booking'
import { TimesPlaceholder } from './times-placeholder'
import styles from './booking-form.module.css'

/**
 * The schema (with the validation library, ~8 KB) loads when a field is first focused, not with
 * the page (first-load budget); by the time anyone presses Send it is there.
 */
const schemaModule = onDemand(() => import('#domain/booking.ts'))

/**
 * The day and time picker, the zone list and the confirmation: loaded once a service that can be
 * booked online is chosen, so the request form alone never carries them.
 */
const calendarModule = onDemand(() => import('./booking-calendar'))
const ServiceTimes = lazy(async () => ({ default: (await calendarModule.load()).ServiceTimes }))
const BookingConfirmation = lazy(async () => ({ default: (await calendarModule.load()).BookingConfirmation }))

type Status = 'idle' | 'sending' | 'success' | 'error'

const FIELDS = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', autoComplete: 'email', type: 'email' },
  { name: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel', optional: true },
  { name: 'company', label: 'Company / Organization', autoComplete: 'organization', optional: true },
] as const

/** Drawn once: the same elements on every render, so React skips the 250 options when the form changes. */
const COUNTRY_OPTIONS = COUNTRIES.map((country) => <option key={country}>{country}</option>)

/** What is in the boxes now, whoever typed it and whenever (before the page's code ran, too). */
function typedValues(form: HTMLFormElement): Record<BookingField, string> {
  const data = new FormData(form)
  return Object.fromEntries(BOOKING_FIELDS.map((name) => [name, String(data.get(name) ?? '')])) as Record<BookingField, string>
}

/**
 * After a success the form starts again, empty (the boxes are the browser's, see below); each
 * select goes back to its first choice ("Choose your country", "Not sure yet").
 */
function clearFields(form: HTMLFormElement): void {
  for (const name of BOOKING_FIELDS) {
    const box = form.elements.namedItem(name)
    if (box instanceof HTMLInputElement || box instanceof HTMLTextAreaElement) box.value = ''
    if (box instanceof HTMLSelectElement) box.selectedIndex = 0
  }
}

/** The service titles the coach lists (the Services page's cards), each once; the same array while they stay the same. */
function useServiceTitles(): string[] {
  const services = useListText('services', 'items', isTitledText)
  const titles = services.map((service) => service.title.trim()).filter((title) => title && title !== SERVICE_NOT_SURE)
  const key = JSON.stringify(titles)
  return useMemo(() => [...new Set(JSON.parse(key) as string[])], [key])
}

/**
 * The service a link such as the Services page's "Book Now" (`?service=<title>`) opens the form
 * with, when the page lists it: chosen in the first render, so the page's function draws it chosen
 * (with its time step) and the browser's first render agrees. Not for a form's answer, which
 * shows what was sent.
 */
function useLinkedService(titles: string[], skip: boolean): string | undefined {
  const [params] = useSearchParams()
  const [linked] = useState(() => {
    const wanted = params.get('service')?.trim()
    return !skip && wanted && titles.includes(wanted) ? wanted : undefined
  })
  return linked
}

/**
 * A link's service chosen later: when the page was reached inside the app, its edited service
 * titles can arrive after the built-in ones, so it is tried again when they do, unless the visitor
 * has already chosen one; a title that is not listed leaves "Not sure yet".
 */
function usePreselectedService(titles: string[], skip: boolean, onChosen: (service: string) => void) {
  const [params] = useSearchParams()
  const wanted = params.get('service')?.trim()
  const box = useRef<HTMLSelectElement>(null)
  const chosen = useRef(false)
  // A service chosen before the page's code ran (or put back by the browser) is the one chosen.
  useEffect(() => {
    if (box.current && box.current.value !== SERVICE_NOT_SURE) onChosen(box.current.value)
  }, [onChosen])
  useEffect(() => {
    const select = box.current
    if (skip || !wanted || !select || chosen.current || select.value !== SERVICE_NOT_SURE) return
    if (titles.includes(wanted)) {
      select.value = wanted
      onChosen(wanted)
    }
  }, [titles, wanted, skip, onChosen])
  const onChange = () => {
    chosen.current = true
    if (box.current) onChosen(box.current.value)
  }
  return { ref: box, onChange }
}

/**
 * The services she can book a time for online (the rest, and "Not sure yet", send a request),
 * asked once the page is drawn; none while they load or if the call fails, so the request form
 * is always there to fall back on.
 */
type Offers = { offers: ServiceOffer[]; horizonDays?: number }

function useBookableServices(): Offers {
  const initialData = useInitialData()
  // The page's function drew the page with them: no need to ask again on this visit.
  const [drawnWith] = useState(() => initialData.takeList('bookingOffer', PAGES.bookNow.path))
  const [answer, setAnswer] = useState<Offers>(() =>
    drawnWith ? { offers: drawnWith.services, horizonDays: drawnWith.horizonDays } : { offers: [] },
  )
  useEffect(() => {
    if (drawnWith) return
    const controller = new AbortController()
    // Called here rather than through booking-api.ts, which the page would otherwise load with itself.
    api<ServicesAnswer>(endpointAddress('bookingServices'), { signal: controller.signal }).then(
      ({ services, horizonDays }) => setAnswer({ offers: services, horizonDays }),
      () => {},
    )
    return () => controller.abort()
  }, [drawnWith])
  return answer
}

/**
 * The checks run in field order and only the first failing message is shown, next to its field,
 * which receives focus.
 *
 * The page is prerendered, and the form is usable before its code runs: then the browser posts it
 * itself (method and action below) and the function answers with this page, its outcome drawn from
 * `answer`. So the boxes are the browser's own (uncontrolled): what was typed before the code
 * arrived stays, and is what the code sends.
 */
export function BookingForm() {
  const { pathname } = useLocation()
  const initialData = useInitialData()
  const [answer] = useState(() => initialData.peekFormAnswer('booking', pathname))
  const [status, setStatus] = useState<Status>(answer ? (answer.ok ? 'success' : 'error') : 'idle')
  const [message, setMessage] = useState(answer?.message ?? '')
  const [invalidField, setInvalidField] = useState<BookingField | null>(answer?.field ?? null)
  const form = useRef<HTMLFormElement>(null)
  const services = useServiceTitles()
  const linked = useLinkedService(services, Boolean(answer))
  const [service, setService] = useState(answer?.values.service || linked || SERVICE_NOT_SURE)
  const [start, setStart] = useState<string | null>(null)
  const [taken, setTaken] = useState<{ slots: string[] } | null>(null)
  const [startError, setStartError] = useState<string | null>(null)
  // Another service: its own times, chosen afresh.
  const chooseService = useCallback((chosen: string) => {
    setService(chosen)
    setStart(null)
    setTaken(null)
    setStartError(null)
  }, [])
  const preselect = usePreselectedService(services, Boolean(answer), chooseService)
  const { offers, horizonDays } = useBookableServices()
  // A service the Services page lists and she has opened for online booking.
  const offer = services.includes(service) ? offers.find((candidate) => candidate.name === service) : undefined
  const [zone, setZone] = useState<string | null>(null)
  const hydrated = useHydrated()
  const [booked, setBooked] = useState<{ answer: BookedAnswer; email: string } | null>(null)

  useEffect(() => {
    if (offer) void calendarModule.load().catch(() => {})
  }, [offer])

  useEffect(() => {
    if (answer) initialData.forgetFormAnswer()
  }, [answer, initialData])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const values = typedValues(event.currentTarget)
    const website = String(new FormData(event.currentTarget).get('website') ?? '')
    if (!schemaModule.current) setStatus('idle')
    const schema = schemaModule.current ?? (await schemaModule.load().catch(() => null))
    if (!schema) {
      setInvalidField(null)
      setStatus('error')
      setMessage(BOOKING_MESSAGES.unexpected)
      return
    }
    const parsed = schema.checkBookingRequest({ ...values, website })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const field = (issue?.path[0] as BookingField | undefined) ?? null
      setStatus('error')
      setMessage(issue?.message ?? BOOKING_MESSAGES.failed)
      setInvalidField(field)
      if (field) form.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus()
      return
    }
    setInvalidField(null)
    if (offer) {
      await book(parsed.data, website)
      return
    }
    setStatus('sending')
    const result = await sendBooking(parsed.data)
    setStatus(result.ok ? 'success' : 'error')
    setMessage(result.message)
    if (result.ok && form.current) clearFields(form.current)
  }

  /** Books the chosen time: the request's fields, checked as a request's, then the time and her zone. */
  async function book(request: Parameters<typeof sendBooking>[0], website: string) {
    const calendar = calendarModule.current ?? (await calendarModule.load().catch(() => null))
    if (!calendar) {
      setStatus('error')
      setMessage(BOOKING_MESSAGES.unexpected)
      return
    }
    if (!start) {
      setStatus('idle')
      setStartError(calendar.SESSION_MESSAGES.chooseTime)
      form.current?.querySelector<HTMLElement>('#booking-times-title')?.scrollIntoView?.({ block: 'start' })
      form.current?.querySelector<HTMLElement>('[aria-labelledby="booking-slots-days"] [tabindex="0"]')?.focus()
      return
    }
    setStartError(null)
    setStatus('sending')
    const timeZone = zone ?? calendar.visitorTimeZone()
    const outcome = await calendar.bookTime({ ...request, website, start, timeZone })
    if (outcome.kind === 'booked') {
      setStatus('idle')
      setTaken(null)
      setBooked({ answer: outcome.answer, email: request.email })
    } else if (outcome.kind === 'taken') {
      // Her answers stay in their boxes; only the time is asked for again.
      setStatus('idle')
      setStart(null)
      setTaken({ slots: outcome.slots })
    } else {
      setStatus('error')
      setMessage(outcome.message)
    }
  }

  function bookAgain() {
    setBooked(null)
    chooseService(SERVICE_NOT_SURE)
    setStatus('idle')
    setMessage('')
  }

  const errorFor = (name: BookingField) => (status === 'error' && invalidField === name ? message : null)
  const initial = (name: BookingField) => answer?.values[name] ?? ''
  /** What every box of a field carries: its id, focus on a failed answer, and its message's link. */
  const boxProps = (name: BookingField) => ({
    id: `booking-${name}`,
    name,
    className: 'input',
    autoFocus: answer?.field === name,
    'aria-invalid': invalidField === name || undefined,
    'aria-describedby': errorFor(name) ? `booking-${name}-error` : undefined,
  })

  if (booked) {
    return (
      <Suspense fallback={null}>
        <BookingConfirmation session={booked.answer.session} email={booked.email} onAgain={bookAgain} />
      </Suspense>
    )
  }

  return (
    <form
      ref={form}
      id="booking-form"
      className={styles.form}
      method="post"
      action={FORM_ACTIONS.booking}
      onSubmit={onSubmit}
      onFocus={() => void schemaModule.load().catch(() => {})}
      noValidate
      aria-describedby="booking-status"
    >
      {/* The service comes first: the ones she can book online then ask for a time, the others (and "Not sure yet") send a request. */}
      <Field name="service" label="Service" error={errorFor('service')}>
        {/* "Not sure yet" comes first: the browser falls back to it when an edited list drops the chosen title. */}
        <select {...boxProps('service')} {...preselect} defaultValue={initial('service') || linked || SERVICE_NOT_SURE}>
          <option>{SERVICE_NOT_SURE}</option>
          {services.map((title) => (
            <option key={title}>{title}</option>
          ))}
        </select>
      </Field>
      {/* Drawn by the page's function and hydrated as the placeholder; the calendar itself is the browser's. */}
      {offer && !hydrated && <TimesPlaceholder offer={offer} />}
      {offer && hydrated && (
        <Suspense fallback={<TimesPlaceholder offer={offer} />}>
          <ServiceTimes
            offer={offer}
            value={start}
            onChange={(slot) => {
              setStart(slot)
              setStartError(null)
            }}
            zone={zone}
            onZoneChange={setZone}
            taken={taken}
            error={startError}
            horizonDays={horizonDays}
          />
        </Suspense>
      )}
      <div className={styles.grid}>
        {FIELDS.map((field) => (
          <Field key={field.name} name={field.name} label={field.label} optional={'optional' in field} error={errorFor(field.name)}>
            <input
              {...boxProps(field.name)}
              type={'type' in field ? field.type : 'text'}
              autoComplete={field.autoComplete}
              defaultValue={initial(field.name)}
            />
          </Field>
        ))}
        <Field name="country" label="Country" error={errorFor('country')}>
          {/* An answer with a country not in the list (not sent by this form) leaves "Choose your country" chosen. */}
          <select {...boxProps('country')} autoComplete="country-name" defaultValue={initial('country')}>
            <option value="">Choose your country</option>
            {COUNTRY_OPTIONS}
          </select>
        </Field>
      </div>
      <Field name="message" label="Your message" error={errorFor('message')}>
        <textarea
          {...boxProps('message')}
          rows={6}
          defaultValue={initial('message')}
          placeholder="Tell us about your event, your goals or the kind of coaching you are looking for."
        />
      </Field>
      {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
      <div className="form-trap" aria-hidden="true">
        <label htmlFor="booking-website">Website</label>
        <input id="booking-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>

      <div id="booking-status" role="status" aria-live="polite" className={styles.status}>
        {status === 'success' && (
          <p id={FORM_ANCHORS.booking} className="notice notice-success">
            <CheckCircle2 aria-hidden="true" size={20} />
            {message}
          </p>
        )}
        {status === 'error' && !invalidField && (
          <p id={FORM_ANCHORS.booking} className="notice notice-error">
            {message}
          </p>
        )}
      </div>

      <button type="submit" className={`btn btn-primary ${styles.submit}`} disabled={status === 'sending'}>
        {offer && !hydrated ? (
          // Drawn by the page's function: without JavaScript the form sends a request, and says so.
          <>
            <span className={styles.withScript}>Book this time</span>
            <span className={styles.withoutScript}>Send Request</span>
          </>
        ) : (
          submitLabel(Boolean(offer), status === 'sending')
        )}
      </button>
    </form>
  )
}

function Field(props: { name: BookingField; label: string; optional?: boolean; error: string | null; children: React.ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={`booking-${props.name}`}>
        {props.label} {props.optional && <span className="optional">(optional)</span>}
      </label>
      {props.children}
      {props.error && (
        <p id={`booking-${props.name}-error`} className="field-error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  )
}

function submitLabel(booking: boolean, sending: boolean): string {
  if (booking) return sending ? 'Booking…' : 'Book this time'
  return sending ? 'Sending…' : 'Send Request'
}
