import { NEWSLETTER_MESSAGES, type NewsletterReport } from '#domain/newsletter.ts'
import { formatDateTime } from '#domain/text.ts'
import { NEWSLETTER_TEXTS } from './newsletter-texts'
import styles from '#src/features/admin/kit/admin-ui.module.css'
import { Panel } from '#src/features/admin/kit/panel.tsx'

/**
 * A send under way: how far it has looked through the list (processed of total, as a progress
 * bar) and what has gone out so far, announced politely as it changes.
 */
export function NewsletterProgress({ report }: { report: NewsletterReport }) {
  const { total = 0, processed = 0, sent = 0, failed = 0 } = report.newsletter.progress ?? {}
  const percent = total > 0 ? Math.min(100, Math.round((processed / total) * 100)) : 0
  return (
    <Panel title="Sending">
      <div
        className={styles.progress}
        role="progressbar"
        aria-label="Sending progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={Math.min(processed, total)}
        aria-valuetext={`${processed} of ${total} subscribers looked at`}
      >
        <span className={styles.progressFill} style={{ width: `${percent}%` }} />
      </div>
      <p className={styles.progressText} aria-live="polite">
        Sent {sent} · Failed {failed}
      </p>
      <p className={styles.muted}>
        {processed} of {total} subscribers looked at. {NEWSLETTER_MESSAGES.started}
      </p>
    </Panel>
  )
}

/** After a send: the counts, the times, and why it stopped if it did. */
export function NewsletterSummary({ report }: { report: NewsletterReport }) {
  const { newsletter, unsubscribedSince } = report
  const { sent = 0, failed = 0, uncertain = 0 } = newsletter.progress ?? {}
  const counts = [
    { label: 'Sent', value: sent },
    { label: 'Failed', value: failed },
    { label: 'Uncertain', value: uncertain },
    { label: 'Unsubscribed since', value: unsubscribedSince ?? '—' },
  ]
  return (
    <Panel title="How it went">
      <dl className={styles.sendCounts}>
        {counts.map(({ label, value }) => (
          <div key={label} className={styles.sendCount}>
            <dt className={styles.statLabel}>{label}</dt>
            <dd className={styles.statValue}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.muted}>{NEWSLETTER_TEXTS.uncertain}</p>
      {unsubscribedSince === undefined && <p className={styles.muted}>{NEWSLETTER_TEXTS.unsubscribesForgotten}</p>}
      <dl className={styles.infoList}>
        <dt>Started</dt>
        <dd>{formatDateTime(newsletter.startedAt) || '—'}</dd>
        <dt>Finished</dt>
        <dd>{formatDateTime(newsletter.finishedAt) || '—'}</dd>
      </dl>
      {newsletter.lastError && (
        <p className="notice notice-error" role="alert">
          {newsletter.lastError}
        </p>
      )}
    </Panel>
  )
}
