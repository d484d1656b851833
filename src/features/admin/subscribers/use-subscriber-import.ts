import { useEffect, useRef, useState } from 'react'
import { parseCsv } from '#domain/csv.ts'
import {
  IMPORT_CHUNK_ROWS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  planImport,
  type ImportMode,
  type ImportPlan,
  type ImportResult,
  type ImportSummary,
} from '#domain/subscriber-import.ts'
import { errorMessage } from '#src/lib/api-client.ts'
import { importChunk } from './import-subscribers'

/**
 * Every row's outcome, in file order: the server's for the rows sent, the file's own repeats kept
 * from the preview; and for an import that asks people to confirm, how many were emailed.
 */
export type ImportOutcomes = { results: ImportResult[]; summary: ImportSummary & { duplicates: number }; emailed?: number }

/** How the admin chose to add the new people (domain/subscriber-import.ts, the modes). */
export type ImportChoice = { mode: ImportMode; statement?: string }

export type ImportView =
  | { status: 'idle' }
  | { status: 'reading'; name: string }
  | { status: 'checking'; name: string; plan: ImportPlan; checked: number; total: number }
  | { status: 'preview'; name: string; plan: ImportPlan; outcomes: ImportOutcomes }
  | { status: 'importing'; name: string; plan: ImportPlan; sent: number; total: number }
  | { status: 'done'; name: string; plan: ImportPlan; outcomes: ImportOutcomes }
  | { status: 'failed'; name?: string; message: string; plan?: ImportPlan; outcomes?: ImportOutcomes }

const NETWORK = 'Network error. Please try again.'
const FAILED = 'The import could not be finished. Rows sent before the error were added; you can import the file again safely.'
const CHECK_FAILED = 'We could not check this file against your list. Please try again.'

const newImportId = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')

/** The rows the server is asked about: everything but the file's own repeats, which it cannot see across chunks. */
const rowsToSend = (plan: ImportPlan) => plan.rows.filter((row) => !row.reason?.startsWith('same address'))

function combine(plan: ImportPlan, server: ImportResult[], emailed?: number): ImportOutcomes {
  const byRow = new Map(server.map((result) => [result.row, result]))
  const results = plan.rows.map(
    (row): ImportResult => byRow.get(row.row) ?? { row: row.row, outcome: 'refused', reason: row.reason ?? IMPORT_MESSAGES.invalidRows },
  )
  const count = (outcome: ImportResult['outcome']) => server.filter((result) => result.outcome === outcome).length
  return {
    results,
    summary: { added: count('added'), exists: count('exists'), refused: count('refused'), duplicates: plan.counts.duplicates },
    ...(emailed === undefined ? {} : { emailed }),
  }
}

/**
 * A CSV import as the page shows it: read and check the file in the browser, ask the server
 * which rows it would add (nothing written), then, once the admin has said how they are added
 * and confirmed, send the rows in chunks of 1,000 with the progress after each.
 */
export function useSubscriberImport(onImported: () => void) {
  const [view, setView] = useState<ImportView>({ status: 'idle' })
  const stop = useRef<AbortController | null>(null)
  useEffect(() => () => stop.current?.abort(), [])

  /** The rows in chunks: a preview (`choice` null: nothing written), or the import as chosen. */
  async function send(plan: ImportPlan, choice: ImportChoice | null, onChunk: (done: number) => void, signal: AbortSignal) {
    const importId = newImportId()
    const rows = rowsToSend(plan).map(({ row, email }) => ({ row, email }))
    const results: ImportResult[] = []
    let emailed: number | undefined
    for (let i = 0; i < rows.length; i += IMPORT_CHUNK_ROWS) {
      const chunk = rows.slice(i, i + IMPORT_CHUNK_ROWS)
      const answer = await importChunk(
        choice ? { importId, rows: chunk, consent: true, ...choice } : { importId, rows: chunk, consent: false, dryRun: true },
        signal,
      )
      results.push(...answer.results)
      if (answer.emailed !== undefined) emailed = (emailed ?? 0) + answer.emailed
      onChunk(Math.min(rows.length, i + IMPORT_CHUNK_ROWS))
    }
    return { results, emailed }
  }

  async function choose(file: File) {
    stop.current?.abort()
    const controller = new AbortController()
    stop.current = controller
    const name = file.name
    if (file.size > IMPORT_MAX_FILE_BYTES) return setView({ status: 'failed', name, message: IMPORT_MESSAGES.fileTooLarge })
    setView({ status: 'reading', name })
    let plan: ImportPlan
    try {
      const parsed = planImport(parseCsv(await file.text(), IMPORT_MAX_ROWS + 2))
      if ('error' in parsed) return setView({ status: 'failed', name, message: parsed.error })
      plan = parsed
    } catch {
      return setView({ status: 'failed', name, message: IMPORT_MESSAGES.unreadable })
    }
    const total = rowsToSend(plan).length
    setView({ status: 'checking', name, plan, checked: 0, total })
    try {
      const { results } = await send(plan, null, (checked) => setView({ status: 'checking', name, plan, checked, total }), controller.signal)
      if (!controller.signal.aborted) setView({ status: 'preview', name, plan, outcomes: combine(plan, results) })
    } catch (error) {
      if (!controller.signal.aborted) setView({ status: 'failed', name, plan, message: errorMessage(error, CHECK_FAILED, NETWORK) })
    }
  }

  async function confirm(choice: ImportChoice) {
    if (view.status !== 'preview') return
    const { name, plan } = view
    const controller = new AbortController()
    stop.current = controller
    const total = rowsToSend(plan).length
    setView({ status: 'importing', name, plan, sent: 0, total })
    try {
      const { results, emailed } = await send(plan, choice, (sent) => setView({ status: 'importing', name, plan, sent, total }), controller.signal)
      setView({ status: 'done', name, plan, outcomes: combine(plan, results, emailed) })
    } catch (error) {
      if (controller.signal.aborted) return
      setView({ status: 'failed', name, message: errorMessage(error, FAILED, NETWORK) })
    } finally {
      onImported()
    }
  }

  return {
    view,
    choose,
    confirm,
    reset: () => {
      stop.current?.abort()
      setView({ status: 'idle' })
    },
  }
}
