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
import { formatCount as count } from '#domain/text.ts'
import { AdminTable, type Column } from '#src/features/admin/kit/admin-table.tsx'
import { Button } from '#src/features/admin/kit/button.tsx'
import { CheckboxField, FileField, TextAreaField } from '#src/features/admin/kit/field.tsx'
import { Panel } from '#src/features/admin/kit/panel.tsx'
import { Intro, Muted } from '#src/features/admin/kit/text.tsx'
import styles from './subscriber-transfer.module.css'
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
      {refused.length > REASONS_SHOWN && <Muted as="p">{`And ${count(refused.length - REASONS_SHOWN)} more.`}</Muted>}
    </>
  )
}

/** The preview's rows: each row of the file, its address, and what would become of it. */
const previewColumns = (emails: Map<number, string>): Column<ImportResult & { id: string }>[] => [
  { label: 'Row', cell: (result) => result.row },
  { label: 'Email', cell: (result) => emails.get(result.row) },
  {
    label: 'What happens',
    look: (result) => (result.outcome === 'refused' ? 'alert' : undefined),
    cell: (result) => (result.outcome === 'refused' ? `Refused: ${result.reason ?? ''}` : OUTCOME_TEXT[result.outcome]),
  },
]

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
      <Intro>
        {`A CSV file with a column named "email", up to 5 MB and ${count(IMPORT_MAX_ROWS)} rows. You will see what happens to each row before anything is added. New people are asked to confirm by email unless an admin adds them as confirmed. People already on the list are left exactly as they are.`}
      </Intro>
      {view.status !== 'done' && (
        <FileField
          label="CSV file"
          accept=".csv,text/csv"
          disabled={busy}
          onFile={(file) => {
            setConsent(false)
            setConsentError(false)
            setMode('ask')
            setStatement('')
            setStatementError(null)
            onChoose(file)
          }}
        />
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
            <AdminTable
              caption={`The first ${Math.min(IMPORT_PREVIEW_ROWS, plan.rows.length)} rows of the file`}
              columns={previewColumns(emails)}
              rows={outcomes.results.slice(0, IMPORT_PREVIEW_ROWS).map((result) => ({ ...result, id: String(result.row) }))}
            />
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
                  <Muted as="p" id={`${id}-mode-${value}-hint`}>
                    {locked ? `${MODE_TEXT[value].hint} Only an admin can do this.` : MODE_TEXT[value].hint}
                  </Muted>
                </div>
              )
            })}
          </fieldset>
          {mode === 'confirmed' && (
            <div className={styles.statement}>
              <TextAreaField
                ref={statementRef}
                label="How did these people agree to receive your newsletter?"
                hint={`For example: “They signed up on paper at the March workshop.” Between ${IMPORT_STATEMENT_MIN} and ${IMPORT_STATEMENT_MAX} characters.`}
                error={statementError ?? undefined}
                rows={3}
                maxLength={IMPORT_STATEMENT_MAX}
                value={statement}
                onChange={(event) => {
                  setStatement(event.target.value)
                  if (statementError && !statementProblem(event.target.value)) setStatementError(null)
                }}
              />
            </div>
          )}
          <div className={styles.consent}>
            <CheckboxField
              ref={consentRef}
              label="These people asked to receive my newsletter"
              checked={consent}
              error={consentError ? IMPORT_MESSAGES.consentRequired : undefined}
              onChange={(checked) => {
                setConsent(checked)
                if (checked) setConsentError(false)
              }}
            />
          </div>
          <div className={styles.actions}>
            <Button type="submit" variant="primary" icon={Upload} disabled={outcomes.summary.added === 0}>
              {`Import ${count(outcomes.summary.added)} ${outcomes.summary.added === 1 ? 'subscriber' : 'subscribers'}`}
            </Button>
            <Button onClick={onClose}>Cancel</Button>
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
              <Button icon={Download} onClick={() => downloadRefused(view.name, view.outcomes, emails)}>
                Download rows not imported
              </Button>
            )}
            <Button variant="secondary" onClick={onClose}>
              Done
            </Button>
          </div>
        </div>
      )}
    </Panel>
  )
}
