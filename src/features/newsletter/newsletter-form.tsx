import { Mail } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { SUBSCRIBE_MESSAGES } from '../../../domain/subscriber-messages'
import { onDemand } from '../../lib/on-demand'
import { subscribe } from './subscribe'
import styles from './newsletter-form.module.css'

/**
 * The schema (with the validation library, ~8 KB) is needed only when someone subscribes: it
 * loads when the field is first focused, not with every page that shows this form (issue 5,
 * first-load budget).
 */
const schemaModule = onDemand(() => import('../../../domain/subscriber'))

/** SPEC.md sections 5 and 8: the outcome is told with an alert, as the original site does. */
export function NewsletterForm() {
  const id = useId()
  const [email, setEmail] = useState('')
  const [submitting, setSubmitting] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const website = String(new FormData(event.currentTarget).get('website') ?? '')
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
    if (result.ok) setEmail('')
    window.alert(result.message)
  }

  return (
    <section className={styles.box} aria-labelledby={`${id}-title`}>
      <div className={styles.inner}>
        <div className={styles.text}>
          <span className={styles.icon} aria-hidden="true">
            <Mail size={22} />
          </span>
          <div>
            <h2 id={`${id}-title`} className={styles.title}>
              Get new posts in your inbox
            </h2>
            <p>Practical encouragement for your family's finances. Unsubscribe at any time.</p>
          </div>
        </div>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
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
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            onFocus={() => void schemaModule.load().catch(() => {})}
          />
          {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
          <div className={styles.trap} aria-hidden="true">
            <label htmlFor={`${id}-website`}>Website</label>
            <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <button type="submit" className="btn btn-primary" disabled={submitting}>
            {submitting ? 'Submitting…' : 'Subscribe'}
          </button>
        </form>
      </div>
    </section>
  )
}
