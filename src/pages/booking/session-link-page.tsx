import { CalendarX } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { PAGES } from '#domain/route-map.ts'
import { formatSlot } from '#domain/slot-text.ts'
import { ApiError, errorMessage } from '#src/lib/api-client.ts'
import { BOOKING_MESSAGES } from '#domain/booking-messages.ts'
import { changeSession, getSessionLink, takenSlots, type SessionLinkAnswer } from '#src/features/booking/booking-api.ts'
import { lengthOf, ServiceTimes, SESSION_MESSAGES, whereItHappens } from '#src/features/booking/booking-calendar.tsx'
import { visitorLocale, zoneLabel } from '#src/features/booking/slot-picker.tsx'
import { usePageTitle } from '../use-page-title'
import styles from './session-link-page.module.css'

type PublicSession = SessionLinkAnswer['session']

type State =
  | { status: 'loading' }
  | { status: 'invalid' }
  | { status: 'error'; message: string }
  | { status: 'ready'; link: SessionLinkAnswer }
  | { status: 'done'; purpose: 'reschedule' | 'cancel'; session: PublicSession; message: string }

/** The page a reschedule link opens: the same page draws a cancel link's, as the link itself says which it is. */
export function ReschedulePage() {
  return <SessionLinkPage title="Move your session" />
}

/** The page a cancel link opens. */
export function CancelPage() {
  return <SessionLinkPage title="Cancel your session" />
}

/**
 * Opening the link changes nothing (mail scanners open links too): it shows the session, and the
 * visitor moves it to a new time or cancels it with a button. The token stays in this page's
 * address only; the page sends no referrer.
 */
function SessionLinkPage({ title }: { title: string }) {
  const [params] = useSearchParams()
  // No address carries a token this long or of dots alone (the server refuses both too): such a link is simply not valid.
  const asked = params.get('token') ?? ''
  const token = asked.length <= 2000 && asked !== '.' && asked !== '..' ? asked : ''
  const [state, setState] = useState<State>(() => (token ? { status: 'loading' } : { status: 'invalid' }))
  const [attempt, setAttempt] = useState(0)
  const purpose = state.status === 'ready' ? state.link.purpose : state.status === 'done' ? state.purpose : null
  usePageTitle(purpose === 'cancel' ? 'Cancel your session' : purpose === 'reschedule' ? 'Move your session' : title)

  useEffect(() => {
    if (!token) return
    const controller = new AbortController()
    getSessionLink(token, controller.signal).then(
      (link) => setState({ status: 'ready', link }),
      (error: unknown) => {
        if (controller.signal.aborted) return
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) setState({ status: 'invalid' })
        else setState({ status: 'error', message: errorMessage(error, BOOKING_MESSAGES.unexpected, BOOKING_MESSAGES.unexpected) })
      },
    )
    return () => controller.abort()
  }, [token, attempt])

  const heading =
    state.status === 'done'
      ? state.purpose === 'cancel'
        ? 'Session cancelled'
        : 'Session moved'
      : (purpose && (purpose === 'cancel' ? 'Cancel your session' : 'Move your session')) || title

  return (
    <section className="section">
      {/*
        The token in this page's address is a key to her session: no search engine keeps the page,
        and no request it makes names the address it came from (the site's policy already keeps the
        path from other sites; this keeps it from every request). React places both in the head.
      */}
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
      <div className={`container ${styles.page}`}>
        <h1>{heading}</h1>
        {state.status === 'loading' && <p role="status">Finding your session…</p>}
        {state.status === 'invalid' && <InvalidLink />}
        {state.status === 'error' && (
          <div className={styles.stack}>
            <p className="notice notice-error" role="alert">
              {state.message}
            </p>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => {
                setState({ status: 'loading' })
                setAttempt((n) => n + 1)
              }}
            >
              Try again
            </button>
          </div>
        )}
        {state.status === 'ready' && state.link.purpose === 'reschedule' && (
          <Reschedule
            token={token}
            link={state.link}
            onDone={(session, message) => setState({ status: 'done', purpose: 'reschedule', session, message })}
            onInvalid={() => setState({ status: 'invalid' })}
          />
        )}
        {state.status === 'ready' && state.link.purpose === 'cancel' && (
          <Cancel
            token={token}
            session={state.link.session}
            onDone={(message) => setState({ status: 'done', purpose: 'cancel', session: state.link.session, message })}
            onInvalid={() => setState({ status: 'invalid' })}
          />
        )}
        {state.status === 'done' && <Done purpose={state.purpose} session={state.session} message={state.message} />}
      </div>
    </section>
  )
}

function InvalidLink() {
  const message = useRef<HTMLParagraphElement>(null)
  useEffect(() => message.current?.focus(), [])
  return (
    <div className={styles.stack}>
      <CalendarX aria-hidden="true" size={40} className={styles.icon} />
      <p ref={message} tabIndex={-1} role="alert" className={styles.lead}>
        {SESSION_MESSAGES.linkInvalid}
      </p>
      <Link className="btn btn-primary" to={PAGES.bookNow.path}>
        Book a session
      </Link>
    </div>
  )
}

/** The session as booked, in the zone shown (hers). */
function SessionDetails({ session, zone }: { session: PublicSession; zone: string }) {
  const locale = visitorLocale()
  return (
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
          <span className={styles.note}>Your time zone: {zoneLabel(zone)}</span>
        </dd>
      </div>
      <div>
        <dt>Where</dt>
        <dd>{whereItHappens(session.location)}</dd>
      </div>
    </dl>
  )
}

type ChangeProps = { token: string; onInvalid: () => void }

function Reschedule({
  token,
  link,
  onDone,
  onInvalid,
}: ChangeProps & { link: SessionLinkAnswer; onDone: (session: PublicSession, message: string) => void }) {
  const { session } = link
  const [slots, setSlots] = useState(() => (link.slots ?? []).filter((slot) => slot !== session.start))
  const [start, setStart] = useState<string | null>(null)
  const [zone, setZone] = useState<string | null>(null)
  const [taken, setTaken] = useState<{ slots: string[] } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const offer = { name: session.service, minutes: session.minutes, location: session.location }

  async function move() {
    if (!start) {
      setError(SESSION_MESSAGES.chooseTime)
      return
    }
    setBusy(true)
    setFailure(null)
    try {
      const answer = await changeSession(token, { start })
      onDone(answer.session ?? { ...session, start }, answer.message)
    } catch (caught) {
      const next = takenSlots(caught)
      if (next) {
        setSlots((current) => [...new Set([...current.filter((slot) => slot !== start), ...next])].sort())
        setStart(null)
        setTaken({ slots: next })
      } else if (caught instanceof ApiError && caught.status === 404) onInvalid()
      else setFailure(errorMessage(caught, BOOKING_MESSAGES.unexpected, BOOKING_MESSAGES.unexpected))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={styles.stack}>
      <p className={styles.lead}>
        Your session is booked for this time. Choose a new one below and we will send you an updated calendar invite.
      </p>
      <SessionDetails session={session} zone={zone ?? session.timeZone} />
      <ServiceTimes
        offer={offer}
        slots={slots}
        value={start}
        onChange={(slot) => {
          setStart(slot)
          setError(null)
        }}
        zone={zone}
        onZoneChange={setZone}
        taken={taken}
        error={error}
      />
      {failure && (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      )}
      <button type="button" className="btn btn-primary" onClick={() => void move()} disabled={busy}>
        {busy ? 'Moving…' : 'Move my session'}
      </button>
    </div>
  )
}

function Cancel({ token, session, onDone, onInvalid }: ChangeProps & { session: PublicSession; onDone: (message: string) => void }) {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  async function cancel() {
    setBusy(true)
    setFailure(null)
    try {
      const answer = await changeSession(token, { cancel: true })
      onDone(answer.message)
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 404) onInvalid()
      else setFailure(errorMessage(caught, BOOKING_MESSAGES.unexpected, BOOKING_MESSAGES.unexpected))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className={styles.stack}>
      <p className={styles.lead}>Do you want to cancel this session? Nothing changes until you press the button.</p>
      <SessionDetails session={session} zone={session.timeZone} />
      {failure && (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className="btn btn-secondary" onClick={() => void cancel()} disabled={busy}>
          {busy ? 'Cancelling…' : 'Cancel my session'}
        </button>
        <Link className="btn btn-outline" to="/">
          Keep my session
        </Link>
      </div>
    </div>
  )
}

function Done({ purpose, session, message }: { purpose: 'reschedule' | 'cancel'; session: PublicSession; message: string }) {
  const outcome = useRef<HTMLParagraphElement>(null)
  useEffect(() => outcome.current?.focus(), [])
  return (
    <div className={styles.stack}>
      <p ref={outcome} tabIndex={-1} role="status" className={`notice notice-success ${styles.outcome}`}>
        {message}
      </p>
      {purpose === 'reschedule' ? (
        <>
          <SessionDetails session={session} zone={session.timeZone} />
          <p>An updated calendar invite is on its way to you by email.</p>
          <Link to="/">Back to Home</Link>
        </>
      ) : (
        <>
          <p>A cancellation for your calendar is on its way to you by email.</p>
          <Link className="btn btn-primary" to={PAGES.bookNow.path}>
            Book another time
          </Link>
        </>
      )}
    </div>
  )
}
