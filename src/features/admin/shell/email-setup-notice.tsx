import { EMAIL_NOT_CONFIGURED, type EmailStatus } from '#domain/admin-stats.ts'
import styles from './shell.module.css'

/** Shown while a deployed site has no email settings: bookings are kept, nothing is mailed. */
export function EmailSetupNotice({ email }: { email: EmailStatus }) {
  if (email.transport !== 'none') return null
  return (
    <div className={`notice notice-warning ${styles.setupNotice}`} role="status">
      <p>{EMAIL_NOT_CONFIGURED}</p>
      <ul className={styles.setupList}>
        {email.missing.map((name) => (
          <li key={name}>
            <code>{name}</code>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function emailTransportLabel(email: EmailStatus): string {
  if (email.transport === 'sendgrid') return 'SendGrid'
  if (email.transport === 'outbox') return 'Local outbox (development: nothing is sent)'
  return 'Not set up'
}
