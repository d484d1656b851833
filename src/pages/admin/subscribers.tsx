import { Search } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router-dom'
import { isStopped } from '#domain/sendgrid-event.ts'
import { SUBSCRIBER_STATE_LABELS, SUBSCRIBER_STATES, type Subscriber, type SubscriberState } from '#domain/subscriber.ts'
import { adminApi } from '#src/features/admin/kit/admin-api.ts'
import { AdminPageHeader } from '#src/features/admin/kit/admin-page-header.tsx'
import { AdminList, type Column } from '#src/features/admin/kit/admin-table.tsx'
import { Badge } from '#src/features/admin/kit/badge.tsx'
import styles from '#src/features/admin/kit/admin-ui.module.css'
import { FlashBanner } from '#src/features/admin/kit/flash-banner.tsx'
import { LoadState } from '#src/features/admin/kit/load-state.tsx'
import { SubscriberExportStatus } from '#src/features/admin/subscribers/subscriber-export-status.tsx'
import { SubscriberImport } from '#src/features/admin/subscribers/subscriber-import.tsx'
import { SubscriberTransferButtons } from '#src/features/admin/subscribers/subscriber-transfer-buttons.tsx'
import { useAdminData } from '#src/features/admin/kit/use-admin-data.ts'
import { useFlash } from '#src/features/admin/kit/use-flash.ts'
import { useSubscriberExport } from '#src/features/admin/subscribers/use-subscriber-export.ts'
import { useSubscriberImport } from '#src/features/admin/subscribers/use-subscriber-import.ts'
import { readSession } from '#src/lib/session.ts'

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })
const TONES = { pending: 'amber', confirmed: 'green', bounced: 'red', complained: 'red' } as const

/** How an imported subscriber came in: who imported them and, if added confirmed, the admin's words of their consent. */
function ImportNote({ subscriber }: { subscriber: Subscriber }) {
  if (!subscriber.imported_by) return null
  if (subscriber.consent_statement === undefined)
    return (
      <span className={styles.cellNote}>
        {`Imported by ${subscriber.imported_by}, ${subscriber.state === 'confirmed' ? 'confirmed from the email' : 'asked to confirm by email'}`}
      </span>
    )
  return (
    <span className={`${styles.cellNote} ${styles.cellNoteWrap}`}>
      {`Added as confirmed by ${subscriber.imported_by}. Consent: “${subscriber.consent_statement}”`}
    </span>
  )
}

/** The state, and for an address mail has stopped to, why and since when (the words, not only the colour). */
function StateCell({ subscriber }: { subscriber: Subscriber }) {
  const badge = <Badge tone={TONES[subscriber.state]}>{SUBSCRIBER_STATE_LABELS[subscriber.state]}</Badge>
  if (!isStopped(subscriber.state))
    return (
      <>
        {badge}
        <ImportNote subscriber={subscriber} />
      </>
    )
  return (
    <>
      {badge}
      <span className={`${styles.cellNote} ${styles.cellNoteWrap}`}>
        {subscriber.stopped_reason ?? 'SendGrid reported a problem with this address.'}
      </span>
      {subscriber.stopped_at && (
        <span className={styles.cellNote}>
          No email since <time dateTime={subscriber.stopped_at}>{dateOf(subscriber.stopped_at)}</time>
        </span>
      )}
    </>
  )
}

const columns: Column<Subscriber>[] = [
  { label: 'Email', className: styles.cellStrong, cell: (subscriber) => subscriber.email },
  { label: 'State', cell: (subscriber) => <StateCell subscriber={subscriber} /> },
  { label: 'Subscribed', className: styles.muted, cell: (subscriber) => dateOf(subscriber.created_at) },
]

const isState = (value: string | null): value is SubscriberState => SUBSCRIBER_STATES.some((state) => state === value)

/**
 * Subscribers, 50 a page in email order, with a search on the start of the address and a filter
 * on whether they confirmed; both are kept in the address.
 */
export function SubscribersPage() {
  const [params, setParams] = useSearchParams()
  const search = params.get('search') ?? ''
  const page = Math.max(1, Number(params.get('page')) || 1)
  const stateParam = params.get('state')
  const state = isState(stateParam) ? stateParam : undefined
  const [data, reload] = useAdminData(
    () => adminApi.subscribers({ search, page, state }),
    'Failed to load subscribers',
    `${search}|${page}|${state}`,
  )
  const { flash, clear } = useFlash()
  const [query, setQuery] = useState(search)
  const exporter = useSubscriberExport()
  const importer = useSubscriberImport(reload)
  const [importing, setImporting] = useState(false)

  function go(next: { search?: string; page?: number; state?: SubscriberState | '' }) {
    const merged = { search, page, state: state ?? '', ...next }
    const out: Record<string, string> = {}
    if (merged.search) out.search = merged.search
    if (merged.state) out.state = merged.state
    if (merged.page > 1) out.page = String(merged.page)
    setParams(out)
  }

  return (
    <>
      <AdminPageHeader title="Subscribers" description="People who signed up for the newsletter.">
        <SubscriberTransferButtons
          importOpen={importing}
          exporting={exporter.view.status === 'running'}
          onToggleImport={() => setImporting((open) => !open)}
          onExport={exporter.start}
        />
      </AdminPageHeader>
      <FlashBanner flash={flash} onClose={clear} />
      <SubscriberExportStatus view={exporter.view} onDownload={exporter.downloadAgain} onDismiss={exporter.dismiss} />
      {importing && (
        <SubscriberImport
          view={importer.view}
          canConfirm={readSession()?.user.role === 'admin'}
          onChoose={importer.choose}
          onConfirm={importer.confirm}
          onClose={() => {
            importer.reset()
            setImporting(false)
          }}
        />
      )}
      <form
        className={styles.searchRow}
        role="search"
        onSubmit={(event: FormEvent) => {
          event.preventDefault()
          go({ search: query.trim(), page: 1 })
        }}
      >
        <label htmlFor="subscriber-search" className="visually-hidden">
          Search by email
        </label>
        <input
          id="subscriber-search"
          className="input"
          type="search"
          placeholder="Search by email"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit" className="btn btn-secondary btn-small">
          <Search aria-hidden="true" size={18} /> Search
        </button>
        <label htmlFor="subscriber-state" className="visually-hidden">
          Show
        </label>
        <select
          id="subscriber-state"
          className={`input ${styles.stateFilter}`}
          value={state ?? ''}
          onChange={(e) => go({ state: isState(e.target.value) ? e.target.value : '', page: 1 })}
        >
          <option value="">All subscribers</option>
          {SUBSCRIBER_STATES.map((value) => (
            <option key={value} value={value}>
              {SUBSCRIBER_STATE_LABELS[value]}
            </option>
          ))}
        </select>
      </form>
      <LoadState state={data} loading="Loading subscribers…">
        {({ subscribers, hasMore }) => (
          <AdminList
            columns={columns}
            rows={subscribers}
            empty={
              search
                ? `No subscribers match "${search}"${state ? ` among those ${SUBSCRIBER_STATE_LABELS[state].toLowerCase()}` : ''}.`
                : state
                  ? `No subscribers ${SUBSCRIBER_STATE_LABELS[state].toLowerCase()}.`
                  : 'No subscribers yet.'
            }
            footer={
              <nav className={styles.pager} aria-label="Pages">
                <button type="button" className="btn btn-outline btn-small" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
                  Previous
                </button>
                <span className={styles.muted}>Page {page}</span>
                <button type="button" className="btn btn-outline btn-small" disabled={!hasMore} onClick={() => go({ page: page + 1 })}>
                  Next
                </button>
              </nav>
            }
          />
        )}
      </LoadState>
    </>
  )
}
