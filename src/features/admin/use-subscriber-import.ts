import { useEffect, useRef, useState } from 'react'
import { parseCsv } from '../../../domain/csv'
import {
  IMPORT_CHUNK_ROWS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  planImport,
  type ImportPlan,
  type ImportResult,
  type ImportSummary,
} from '../../../domain/subscriber-import'
import { errorMessage } from '../../lib/api-client'
import { importChunk } from './api/import-subscribers'

/** Every row's outcome, in file order: the server's for the rows sent, the file's own repeats kept from the preview. */
export type ImportOutcomes = { results: ImportResult[]; summary: ImportSummary & { duplicates: number } }

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

function combine(plan: ImportPlan, server: ImportResult[]): ImportOutcomes {
  const byRow = new Map(server.map((result) => [result.row, result]))
  const results = plan.rows.map(
    (row): ImportResult => byRow.get(row.row) ?? { row: row.row, outcome: 'refused', reason: row.reason ?? IMPORT_MESSAGES.invalidRows },
  )
  const count = (outcome: ImportResult['outcome']) => server.filter((result) => result.outcome === outcome).length
  return {
    results,
    summary: { added: count('added'), exists: count('exists'), refused: count('refused'), duplicates: plan.counts.duplicates },
  }
}

/**
 * A CSV import as the page shows it: read and check the file in the browser, ask the server
 * which rows it would add (nothing written), then, once the admin confirms, send the rows in
 * chunks of 1,000 with the progress after each.
 */
export function useSubscriberImport(onImported: () => void) {
  const [view, setView] = useState<ImportView>({ status: 'idle' })
  const stop = useRef<AbortController | null>(null)
  useEffect(() => () => stop.current?.abort(), [])

  async function send(plan: ImportPlan, dryRun: boolean, onChunk: (done: number) => void, signal: AbortSignal) {
    const importId = newImportId()
    const rows = rowsToSend(plan).map(({ row, email }) => ({ row, email }))
    const results: ImportResult[] = []
    for (let i = 0; i < rows.length; i += IMPORT_CHUNK_ROWS) {
      const answer = await importChunk({ importId, rows: rows.slice(i, i + IMPORT_CHUNK_ROWS), consent: !dryRun, dryRun }, signal)
      results.push(...answer.results)
      onChunk(Math.min(rows.length, i + IMPORT_CHUNK_ROWS))
    }
    return results
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
      const server = await send(plan, true, (checked) => setView({ status: 'checking', name, plan, checked, total }), controller.signal)
      if (!controller.signal.aborted) setView({ status: 'preview', name, plan, outcomes: combine(plan, server) })
    } catch (error) {
      if (!controller.signal.aborted) setView({ status: 'failed', name, plan, message: errorMessage(error, CHECK_FAILED, NETWORK) })
    }
  }

  async function confirm() {
    if (view.status !== 'preview') return
    const { name, plan } = view
    const controller = new AbortController()
    stop.current = controller
    const total = rowsToSend(plan).length
    setView({ status: 'importing', name, plan, sent: 0, total })
    const server: ImportResult[] = []
    try {
      server.push(...(await send(plan, false, (sent) => setView({ status: 'importing', name, plan, sent, total }), controller.signal)))
      setView({ status: 'done', name, plan, outcomes: combine(plan, server) })
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
