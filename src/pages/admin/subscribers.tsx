import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { isStopped } from '#domain/sendgrid-event.ts'
import { SUBSCRIBER_STATE_LABELS, SUBSCRIBER_STATES, type Subscriber, type SubscriberState } from '#domain/subscriber.ts'
import { subscribersApi } from '#src/features/admin/subscribers/subscribers-api.ts'
import { AdminPageHeader } from '#src/features/admin/kit/admin-page-header.tsx'
import { AdminList, CellNote, type Column } from '#src/features/admin/kit/admin-table.tsx'
import { Badge } from '#src/features/admin/kit/badge.tsx'
import { Button } from '#src/features/admin/kit/button.tsx'
import { FilterSelect, SearchRow } from '#src/features/admin/kit/filter.tsx'
import layout from '#src/features/admin/kit/layout.module.css'
import { Muted } from '#src/features/admin/kit/text.tsx'
import { formatDateTime } from '#domain/text.ts'
import { FlashBanner } from '#src/features/admin/kit/flash-banner.tsx'
import { LoadState } from '#src/features/admin/kit/load-state.tsx'
import { SubscriberExportStatus } from '#src/features/admin/subscribers/subscriber-export-status.tsx'
import { SubscriberImport } from '#src/features/admin/subscribers/subscriber-import.tsx'
import { SubscriberTransferButtons } from '#src/features/admin/subscribers/subscriber-transfer-buttons.tsx'
import { useAdminData } from '#src/features/admin/kit/use-admin-data.ts'
import { useFlash } from '#src/features/admin/kit/use-flash.ts'
import { useSubscriberExport } from '#src/features/admin/subscribers/use-subscriber-export.ts'
import { useSubscriberImport } from '#src/features/admin/subscribers/use-subscriber-import.ts'
import { useSubscriberRowActions } from '#src/features/admin/subscribers/subscriber-row-actions.tsx'
import { readSession } from '#src/lib/session.ts'

const dateOf = (iso: string) => formatDateTime(iso, { time: false })
const TONES = { pending: 'amber', confirmed: 'green', bounced: 'red', complained: 'red' } as const

/** How an imported subscriber came in: who imported them and, if added confirmed, the admin's words of their consent. */
function ImportNote({ subscriber }: { subscriber: Subscriber }) {
  if (!subscriber.imported_by) return null
  if (subscriber.consent_statement === undefined)
    return (
      <CellNote>
        {`Imported by ${subscriber.imported_by}, ${subscriber.state === 'confirmed' ? 'confirmed from the email' : 'asked to confirm by email'}`}
      </CellNote>
    )
  return <CellNote wrap>{`Added as confirmed by ${subscriber.imported_by}. Consent: “${subscriber.consent_statement}”`}</CellNote>
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
      <CellNote wrap>{subscriber.stopped_reason ?? 'SendGrid reported a problem with this address.'}</CellNote>
      {subscriber.stopped_at && (
        <CellNote>
          No email since <time dateTime={subscriber.stopped_at}>{dateOf(subscriber.stopped_at)}</time>
        </CellNote>
      )}
    </>
  )
}

const columns: Column<Subscriber>[] = [
  { label: 'Email', look: 'strong', cell: (subscriber) => subscriber.email },
  { label: 'State', cell: (subscriber) => <StateCell subscriber={subscriber} /> },
  { label: 'Subscribed', look: 'muted', cell: (subscriber) => dateOf(subscriber.created_at) },
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
    () => subscribersApi.subscribers({ search, page, state }),
    'Failed to load subscribers',
    `${search}|${page}|${state}`,
  )
  const flashControl = useFlash()
  const { flash, clear } = flashControl
  const rowActions = useSubscriberRowActions({ flash: flashControl, reload, canClearStop: readSession()?.user.role === 'admin' })
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
      <SearchRow label="Search by email" value={search} onSearch={(query) => go({ search: query, page: 1 })}>
        <FilterSelect
          label="Show"
          hideLabel
          all="All subscribers"
          options={SUBSCRIBER_STATES.map((value) => [value, SUBSCRIBER_STATE_LABELS[value]] as const)}
          value={state ?? ''}
          onChange={(value) => go({ state: isState(value) ? value : '', page: 1 })}
        />
      </SearchRow>
      <LoadState state={data} loading="Loading subscribers…">
        {({ subscribers, hasMore }) => (
          <AdminList
            columns={columns}
            rows={subscribers}
            actions={rowActions.actions}
            empty={
              search
                ? `No subscribers match "${search}"${state ? ` among those ${SUBSCRIBER_STATE_LABELS[state].toLowerCase()}` : ''}.`
                : state
                  ? `No subscribers ${SUBSCRIBER_STATE_LABELS[state].toLowerCase()}.`
                  : 'No subscribers yet.'
            }
            footer={
              <nav className={layout.pager} aria-label="Pages">
                <Button disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
                  Previous
                </Button>
                <Muted>Page {page}</Muted>
                <Button disabled={!hasMore} onClick={() => go({ page: page + 1 })}>
                  Next
                </Button>
              </nav>
            }
          />
        )}
      </LoadState>
      {rowActions.dialog}
    </>
  )
}
