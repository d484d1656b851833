import { Mail } from 'lucide-react'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { useLocation } from 'react-router-dom'
import { FORM_ACTIONS, FORM_ANCHORS, NEWSLETTER_PAGE_FIELD } from '#domain/form-answer.ts'
import { SUBSCRIBE_MESSAGES } from '#domain/subscriber-messages.ts'
import { useInitialData } from '#src/lib/initial-data.tsx'
import { onDemand } from '#src/lib/on-demand.ts'
import { subscribe } from './subscribe'
import styles from './newsletter-form.module.css'

/**
 * The schema (with the validation library, ~8 KB) is needed only when someone subscribes: it
 * loads when the field is first focused, not with every page that shows this form (first-load
 * budget).
 */
const schemaModule = onDemand(() => import('#domain/subscriber.ts'))

/**
 * The outcome is told with an alert, as the original site does. The form is usable before the
 * page's code runs: then the browser posts it itself and the function answers with this page,
 * the outcome written in the box (`answer`), as no alert can be shown without code. The email box
 * is the browser's own (uncontrolled), so what was typed before the code arrived is what it sends.
 */
export function NewsletterForm() {
  const id = useId()
  const { pathname } = useLocation()
  const initialData = useInitialData()
  const [answer, setAnswer] = useState(() => initialData.peekFormAnswer('newsletter', pathname))
  const [submitting, setSubmitting] = useState(false)

  useEffect(() => {
    if (answer) initialData.forgetFormAnswer()
  }, [answer, initialData])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setAnswer(undefined)
    const form = event.currentTarget
    const data = new FormData(form)
    const email = String(data.get('email') ?? '')
    const website = String(data.get('website') ?? '')
    const schema = schemaModule.current ?? (await schemaModule.load().catch(() => null))
    if (!schema) {
      window.alert(SUBSCRIBE_MESSAGES.unexpected)
      return
    }
    const parsed = schema.checkSubscribe({ email, website })
    if (!parsed.success) {
      window.alert(SUBSCRIBE_MESSAGES.invalidEmail)
      return
    }
    setSubmitting(true)
    const result = await subscribe(parsed.data)
    setSubmitting(false)
    const box = form.elements.namedItem('email')
    if (result.ok && box instanceof HTMLInputElement) box.value = ''
    window.alert(result.message)
    // The alert is gone once closed; what to do next stays on the page.
    if (result.ok) setAnswer({ form: 'newsletter', ok: true, message: result.message, email: '' })
  }

  return (
    <section id={FORM_ANCHORS.newsletter} className={styles.box} aria-labelledby={`${id}-title`}>
      <div className={styles.inner}>
        <div className={styles.text}>
          <span className="disc" aria-hidden="true">
            <Mail size={22} />
          </span>
          <div>
            <h2 id={`${id}-title`} className={styles.title}>
              Get new posts in your inbox
            </h2>
            <p>Practical encouragement for your family's finances. Unsubscribe at any time.</p>
          </div>
        </div>
        <form className={styles.form} method="post" action={FORM_ACTIONS.newsletter} onSubmit={onSubmit} noValidate>
          <label htmlFor={`${id}-email`} className="visually-hidden">
            Email address
          </label>
          <input
            id={`${id}-email`}
            className="input"
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            defaultValue={answer?.email ?? ''}
            aria-invalid={(answer && !answer.ok) || undefined}
            aria-describedby={answer ? `${id}-answer` : undefined}
            onFocus={() => void schemaModule.load().catch(() => {})}
          />
          {/* The page the form is on: its answer is shown on the same page. */}
          <input type="hidden" name={NEWSLETTER_PAGE_FIELD} value={pathname} />
          {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
          <div className="form-trap" aria-hidden="true">
            <label htmlFor={`${id}-website`}>Website</label>
            <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <button type="submit" className="btn btn-primary" disabled={submitting}>
            {submitting ? 'Submitting…' : 'Subscribe'}
          </button>
        </form>
        <div id={`${id}-answer`} role="status" className={styles.answer}>
          {answer && (
            <div className={`notice ${answer.ok ? 'notice-success' : 'notice-error'}`}>
              {answer.ok ? (
                // Not the alert's "Subscribed successfully!": until the email is confirmed nothing is
                // on, and the page says what happened and the one step left.
                <>
                  <p>
                    <strong>{SUBSCRIBE_MESSAGES.almostThere}</strong>
                  </p>
                  <p>{SUBSCRIBE_MESSAGES.howToConfirm}</p>
                </>
              ) : (
                <p>{answer.message}</p>
              )}
            </div>
          )}
        </div>
      </div>
    </section>
  )
}
