import { Download, Upload } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { toCsv } from '../../../../domain/csv'
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES, IMPORT_PREVIEW_ROWS, rowReason, type ImportResult } from '../../../../domain/subscriber-import'
import { saveFile } from '../api/export-subscribers'
import type { ImportOutcomes, ImportView } from '../use-subscriber-import'
import { Panel } from './panel'
import styles from './subscriber-transfer.module.css'
import ui from './admin-ui.module.css'

const count = (n: number) => n.toLocaleString('en-US')
const OUTCOME_TEXT: Record<ImportResult['outcome'], string> = { added: 'Will be added', exists: 'Already subscribed', refused: 'Refused' }
/** How many refusal reasons are listed on screen; all of them are in the downloadable list. */
const REASONS_SHOWN = 20

function downloadRefused(name: string, outcomes: ImportOutcomes, emails: Map<number, string>) {
  const refused = outcomes.results.filter((result) => result.outcome !== 'added')
  const rows = refused.map((result) => [String(result.row), emails.get(result.row) ?? '', result.reason ?? ''])
  saveFile(
    new Blob([toCsv([['row', 'email', 'reason'], ...rows])], { type: 'text/csv' }),
    `not-imported-${name.replace(/\.csv$/i, '')}.csv`,
  )
}

function Counts({ items }: { items: [string, number][] }) {
  return (
    <ul className={styles.counts}>
      {items.map(([label, n]) => (
        <li key={label}>
          <span className={styles.count}>{count(n)}</span> {label}
        </li>
      ))}
    </ul>
  )
}

function Reasons({ results, title }: { results: ImportResult[]; title: string }) {
  const refused = results.filter((result) => result.outcome === 'refused')
  if (refused.length === 0) return null
  return (
    <>
      <h3>{title}</h3>
      <ul className={styles.reasons}>
        {refused.slice(0, REASONS_SHOWN).map((result) => (
          <li key={result.row}>{rowReason(result)}</li>
        ))}
      </ul>
      {refused.length > REASONS_SHOWN && <p className={ui.muted}>{`And ${count(refused.length - REASONS_SHOWN)} more.`}</p>}
    </>
  )
}

/**
 * Import from a CSV file: choose it, see what would happen to each row (counts, the first rows,
 * and every refusal's reason), confirm that these people asked for the newsletter, then import
 * with a progress bar and a summary. The hook does the reading and the calls; this draws them.
 */
export function SubscriberImport({
  view,
  onChoose,
  onConfirm,
  onClose,
}: {
  view: ImportView
  onChoose: (file: File) => void
  onConfirm: () => void
  onClose: () => void
}) {
  const id = useId()
  const [consent, setConsent] = useState(false)
  const [consentError, setConsentError] = useState(false)
  const consentRef = useRef<HTMLInputElement>(null)
  const headingRef = useRef<HTMLParagraphElement>(null)
  const busy = view.status === 'reading' || view.status === 'checking' || view.status === 'importing'

  // The outcome of the whole import is where the eye and the screen reader go next.
  useEffect(() => {
    if (view.status === 'done') headingRef.current?.focus()
  }, [view.status])

  const plan = 'plan' in view ? view.plan : undefined
  const emails = new Map(plan?.rows.map((row) => [row.row, row.email]))
  const outcomes = view.status === 'preview' || view.status === 'done' ? view.outcomes : undefined

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!consent) {
      setConsentError(true)
      consentRef.current?.focus()
      return
    }
    onConfirm()
  }

  return (
    <Panel title="Import subscribers">
      <p className={ui.panelIntro}>
        {`A CSV file with a column named "email", up to 5 MB and ${count(IMPORT_MAX_ROWS)} rows. You will see what happens to each row before anything is added. People already on the list are left exactly as they are.`}
      </p>
      {view.status !== 'done' && (
        <div>
          <label htmlFor={`${id}-file`} className="label">
            CSV file
          </label>
          <input
            id={`${id}-file`}
            className="input"
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0]
              event.target.value = ''
              setConsent(false)
              setConsentError(false)
              if (file) onChoose(file)
            }}
          />
        </div>
      )}

      <p role="status" aria-live="polite" className={styles.status}>
        {view.status === 'reading' && `Reading "${view.name}"…`}
        {view.status === 'checking' && `Checking "${view.name}" against your list: ${count(view.checked)} of ${count(view.total)} rows.`}
        {view.status === 'importing' && `Importing: ${count(view.sent)} of ${count(view.total)} rows sent.`}
        {view.status === 'preview' &&
          `"${view.name}": ${count(view.outcomes.summary.added)} to add, ${count(view.outcomes.summary.exists)} already subscribed, ${count(view.outcomes.summary.refused + view.outcomes.summary.duplicates)} will not be imported.`}
      </p>
      {(view.status === 'checking' || view.status === 'importing') && (
        <progress
          className={styles.progress}
          max={Math.max(view.total, 1)}
          value={view.status === 'checking' ? view.checked : view.sent}
          aria-label={view.status === 'checking' ? 'Checking progress' : 'Import progress'}
        />
      )}
      {view.status === 'failed' && (
        <p className="notice notice-error" role="alert">
          {view.name ? `"${view.name}": ${view.message}` : view.message}
        </p>
      )}

      {view.status === 'preview' && outcomes && plan && (
        <form onSubmit={submit} noValidate>
          <Counts
            items={[
              ['to add', outcomes.summary.added],
              ['repeated in the file', outcomes.summary.duplicates],
              ['already subscribed', outcomes.summary.exists],
              ['refused', outcomes.summary.refused],
            ]}
          />
          <div className={styles.tableWrap}>
            <table className={ui.table}>
              <caption className="visually-hidden">{`The first ${Math.min(IMPORT_PREVIEW_ROWS, plan.rows.length)} rows of the file`}</caption>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Email</th>
                  <th scope="col">What happens</th>
                </tr>
              </thead>
              <tbody>
                {outcomes.results.slice(0, IMPORT_PREVIEW_ROWS).map((result) => (
                  <tr key={result.row}>
                    <td>{result.row}</td>
                    <td>{emails.get(result.row)}</td>
                    <td className={result.outcome === 'refused' ? styles.refusedCell : undefined}>
                      {result.outcome === 'refused' ? `Refused: ${result.reason ?? ''}` : OUTCOME_TEXT[result.outcome]}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Reasons results={outcomes.results} title="Rows that will not be imported" />
          <div className={styles.consent}>
            <input
              ref={consentRef}
              id={`${id}-consent`}
              type="checkbox"
              checked={consent}
              aria-invalid={consentError || undefined}
              aria-describedby={consentError ? `${id}-consent-error` : undefined}
              onChange={(event) => {
                setConsent(event.target.checked)
                if (event.target.checked) setConsentError(false)
              }}
            />
            <label htmlFor={`${id}-consent`} className={ui.checkbox}>
              These people asked to receive my newsletter
            </label>
          </div>
          {consentError && (
            <p id={`${id}-consent-error`} className={styles.fieldError}>
              {IMPORT_MESSAGES.consentRequired}
            </p>
          )}
          <p className={ui.muted}>They are added as confirmed subscribers; no email is sent to them.</p>
          <div className={styles.actions}>
            <button type="submit" className="btn btn-primary btn-small" disabled={outcomes.summary.added === 0}>
              <Upload aria-hidden="true" size={18} /> {`Import ${count(outcomes.summary.added)} subscribers`}
            </button>
            <button type="button" className="btn btn-outline btn-small" onClick={onClose}>
              Cancel
            </button>
          </div>
        </form>
      )}

      {view.status === 'done' && (
        <div>
          <p ref={headingRef} tabIndex={-1} className="notice notice-success" role="status">
            {`Import finished: ${count(view.outcomes.summary.added)} added, ${count(view.outcomes.summary.exists)} already subscribed, ${count(view.outcomes.summary.refused + view.outcomes.summary.duplicates)} refused.`}
          </p>
          <Reasons results={view.outcomes.results} title="Rows not imported" />
          <div className={styles.actions}>
            {view.outcomes.results.some((result) => result.outcome !== 'added') && (
              <button type="button" className="btn btn-outline btn-small" onClick={() => downloadRefused(view.name, view.outcomes, emails)}>
                <Download aria-hidden="true" size={18} /> Download rows not imported
              </button>
            )}
            <button type="button" className="btn btn-secondary btn-small" onClick={onClose}>
              Done
            </button>
          </div>
        </div>
      )}
    </Panel>
  )
}
