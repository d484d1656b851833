import { Download, Upload } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { toCsv } from '#domain/csv.ts'
import {
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  IMPORT_MODES,
  IMPORT_PREVIEW_ROWS,
  IMPORT_STATEMENT_MAX,
  IMPORT_STATEMENT_MIN,
  rowReason,
  statementProblem,
  type ImportMode,
  type ImportResult,
} from '#domain/subscriber-import.ts'
import { saveFile } from './export-subscribers'
import type { ImportChoice, ImportOutcomes, ImportView } from './use-subscriber-import'
import { Panel } from '#src/features/admin/kit/panel.tsx'
import styles from './subscriber-transfer.module.css'
import ui from '#src/features/admin/kit/admin-ui.module.css'

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

/** What became of the confirmation emails of an import that asked people to confirm. */
function emailedText(added: number, emailed: number): string {
  const sent = `${count(emailed)} confirmation ${emailed === 1 ? 'email' : 'emails'} sent: they join the list once they confirm.`
  if (emailed >= added) return sent
  return `${sent} ${count(added - emailed)} could not be emailed now (email is not set up on this site, or the address already had an email from us today); they are removed after a week unless they sign up on the site.`
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

/** The choices of how the new people are added, in plain words (domain/subscriber-import.ts, the modes). */
const MODE_TEXT = {
  ask: {
    label: 'Send each of them the confirmation email (recommended)',
    hint: 'They are added as awaiting confirmation and join the list once they confirm from the email, just as when they sign up on the site. Anyone who does not confirm within a week is removed.',
  },
  confirmed: {
    label: 'Add them as confirmed, without an email',
    hint: 'Only for people who already agreed another way, for example on a paper sign-up sheet. You write down how they agreed; it is kept with each of them and shown on the Subscribers page.',
  },
} as const

/**
 * Import from a CSV file: choose it, see what would happen to each row (counts, the first rows,
 * and every refusal's reason), choose how the new people are added (asked to confirm by email;
 * or, for an admin only, confirmed with a written statement of how they agreed), confirm that
 * these people asked for the newsletter, then import with a progress bar and a summary. The hook
 * does the reading and the calls; this draws them.
 */
export function SubscriberImport({
  view,
  canConfirm,
  onChoose,
  onConfirm,
  onClose,
}: {
  view: ImportView
  /** Whether the signed-in person may add people as confirmed (admins only; the server checks again). */
  canConfirm: boolean
  onChoose: (file: File) => void
  onConfirm: (choice: ImportChoice) => void
  onClose: () => void
}) {
  const id = useId()
  const [consent, setConsent] = useState(false)
  const [consentError, setConsentError] = useState(false)
  const [mode, setMode] = useState<ImportMode>('ask')
  const [statement, setStatement] = useState('')
  const [statementError, setStatementError] = useState<string | null>(null)
  const consentRef = useRef<HTMLInputElement>(null)
  const statementRef = useRef<HTMLTextAreaElement>(null)
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
    const problem = mode === 'confirmed' ? statementProblem(statement) : null
    setStatementError(problem)
    setConsentError(!consent)
    if (problem) return statementRef.current?.focus()
    if (!consent) return consentRef.current?.focus()
    onConfirm(mode === 'confirmed' ? { mode, statement: statement.trim() } : { mode })
  }

  return (
    <Panel title="Import subscribers">
      <p className={ui.panelIntro}>
        {`A CSV file with a column named "email", up to 5 MB and ${count(IMPORT_MAX_ROWS)} rows. You will see what happens to each row before anything is added. New people are asked to confirm by email unless an admin adds them as confirmed. People already on the list are left exactly as they are.`}
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
              setMode('ask')
              setStatement('')
              setStatementError(null)
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
          <fieldset className={styles.modes}>
            <legend className="label">How should they be added?</legend>
            {IMPORT_MODES.map((value) => {
              const locked = value === 'confirmed' && !canConfirm
              return (
                <div key={value} className={styles.mode}>
                  <input
                    id={`${id}-mode-${value}`}
                    type="radio"
                    name={`${id}-mode`}
                    value={value}
                    checked={mode === value}
                    disabled={locked}
                    aria-describedby={`${id}-mode-${value}-hint`}
                    onChange={() => {
                      setMode(value)
                      setStatementError(null)
                    }}
                  />
                  <label htmlFor={`${id}-mode-${value}`}>{MODE_TEXT[value].label}</label>
                  <p id={`${id}-mode-${value}-hint`} className={ui.muted}>
                    {locked ? `${MODE_TEXT[value].hint} Only an admin can do this.` : MODE_TEXT[value].hint}
                  </p>
                </div>
              )
            })}
          </fieldset>
          {mode === 'confirmed' && (
            <div className={styles.statement}>
              <label htmlFor={`${id}-statement`} className="label">
                How did these people agree to receive your newsletter?
              </label>
              <p id={`${id}-statement-hint`} className={ui.muted}>
                {`For example: “They signed up on paper at the March workshop.” Between ${IMPORT_STATEMENT_MIN} and ${IMPORT_STATEMENT_MAX} characters.`}
              </p>
              <textarea
                ref={statementRef}
                id={`${id}-statement`}
                className="input"
                rows={3}
                maxLength={IMPORT_STATEMENT_MAX}
                value={statement}
                aria-invalid={statementError ? true : undefined}
                aria-describedby={statementError ? `${id}-statement-hint ${id}-statement-error` : `${id}-statement-hint`}
                onChange={(event) => {
                  setStatement(event.target.value)
                  if (statementError && !statementProblem(event.target.value)) setStatementError(null)
                }}
              />
              {statementError && (
                <p id={`${id}-statement-error`} className={styles.fieldError}>
                  {statementError}
                </p>
              )}
            </div>
          )}
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
          <div className={styles.actions}>
            <button type="submit" className="btn btn-primary btn-small" disabled={outcomes.summary.added === 0}>
              <Upload aria-hidden="true" size={18} /> {`Import ${count(outcomes.summary.added)} ${outcomes.summary.added === 1 ? 'subscriber' : 'subscribers'}`}
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
          {view.outcomes.emailed !== undefined && <p>{emailedText(view.outcomes.summary.added, view.outcomes.emailed)}</p>}
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
