import { NEWSLETTER_MESSAGES, type NewsletterReport } from '#domain/newsletter.ts'
import { formatDateTime } from '#domain/text.ts'
import { NEWSLETTER_TEXTS } from './newsletter-texts'
import { StatCounts } from '#src/features/admin/kit/stat.tsx'
import { Details, Muted } from '#src/features/admin/kit/text.tsx'
import styles from './newsletters.module.css'
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
      <Muted as="p">
        {processed} of {total} subscribers looked at. {NEWSLETTER_MESSAGES.started}
      </Muted>
    </Panel>
  )
}

/** After a send: the counts, the times, and why it stopped if it did. */
export function NewsletterSummary({ report }: { report: NewsletterReport }) {
  const { newsletter, unsubscribedSince } = report
  const { sent = 0, failed = 0, uncertain = 0 } = newsletter.progress ?? {}
  const counts = [
    ['Sent', sent],
    ['Failed', failed],
    ['Uncertain', uncertain],
    ['Unsubscribed since', unsubscribedSince ?? '—'],
  ] as const
  return (
    <Panel title="How it went">
      <StatCounts items={counts} />
      <Muted as="p">{NEWSLETTER_TEXTS.uncertain}</Muted>
      {unsubscribedSince === undefined && <Muted as="p">{NEWSLETTER_TEXTS.unsubscribesForgotten}</Muted>}
      <Details
        items={[
          ['Started', formatDateTime(newsletter.startedAt) || '—'],
          ['Finished', formatDateTime(newsletter.finishedAt) || '—'],
        ]}
      />
      {newsletter.lastError && (
        <p className="notice notice-error" role="alert">
          {newsletter.lastError}
        </p>
      )}
    </Panel>
  )
}
