import * as z from 'zod/mini'
import { fitsLines, isValidEmail, linesCheck, linesMessage } from './fields'
import { normalizeEmail } from './subscriber'

/**
 * Importing subscribers from a CSV file: the file is read in the browser, previewed, then sent in
 * chunks; the function checks every row again with the same rules and messages, and adds each
 * new address with one create-only write, so an existing record (whatever its state) is never
 * changed (docs/product.md, Subscribers).
 *
 * How the new ones are added is the import's mode. `ask`: awaiting confirmation, each sent the
 * confirmation email a signup gets (double opt-in, as for anyone who signs up). `confirmed`:
 * confirmed at once without an email, which only an admin may do, and only with a statement of
 * how these people gave their consent, kept with each of them (docs/decisions.md, Subscribers).
 */

export const IMPORT_MODES = ['ask', 'confirmed'] as const
export type ImportMode = (typeof IMPORT_MODES)[number]

/** The consent statement of a `confirmed` import: a sentence, not a tick. */
const STATEMENT_LABEL = 'The statement'
export const IMPORT_STATEMENT_MIN = 10
export const IMPORT_STATEMENT_MAX = 500

/** A file larger than this, or with more rows, is refused before anything is read further. */
export const IMPORT_MAX_FILE_BYTES = 5 * 1024 * 1024
export const IMPORT_MAX_ROWS = 50_000
/** Rows per request, and the request's size: a chunk of long addresses still fits. */
export const IMPORT_CHUNK_ROWS = 1_000
export const IMPORT_MAX_BODY_BYTES = 512 * 1024
/** A cell longer than this is refused without being looked at further. */
const IMPORT_CELL_MAX = 1_000
/** How many rows of the preview table are drawn; the counts cover them all. */
export const IMPORT_PREVIEW_ROWS = 20

export const IMPORT_MESSAGES = {
  noFile: 'Please choose a CSV file.',
  fileTooLarge: 'This file is larger than 5 MB. Please split it into smaller files.',
  tooManyRows: `This file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Please split it into smaller files.`,
  unreadable: 'We could not read this file. Please save it as CSV (comma-separated) and try again.',
  noEmailColumn: 'We could not find a column of email addresses. Please add a header named "email".',
  noRows: 'This file has no rows to import.',
  consentRequired: 'Please confirm that these people asked to receive your newsletter.',
  confirmedAdminsOnly: 'Only an admin can add people as confirmed subscribers. Import them to be asked to confirm instead.',
  statementRequired: `Please write how these people agreed to receive your newsletter (at least ${IMPORT_STATEMENT_MIN} characters).`,
  statementTooLong: `Please keep the statement under ${IMPORT_STATEMENT_MAX} characters.`,
  invalidMode: 'Please choose how these people are added.',
  invalidRows: 'Each row needs its row number and email.',
  tooManyRowsInRequest: `Send at most ${IMPORT_CHUNK_ROWS} rows at a time.`,
  invalidImportId: 'Invalid import id',
  /** Per-row reasons, shown as "Row 14: not a valid email". */
  empty: 'no email address',
  invalidEmail: 'not a valid email',
  duplicate: (row: number) => `same address as row ${row}`,
  exists: 'already subscribed',
  unsubscribed: 'unsubscribed earlier: only they can sign up again',
} as const

/** One row as sent: its number in the file (the header is row 1, as a spreadsheet shows it) and its email cell. */
export const ImportRowSchema = z.object({
  row: z.number({ error: IMPORT_MESSAGES.invalidRows }).check(z.int(), z.minimum(1), z.maximum(IMPORT_MAX_ROWS + 1)),
  email: z.string({ error: IMPORT_MESSAGES.invalidRows }).check(z.maxLength(IMPORT_CELL_MAX, { error: IMPORT_MESSAGES.invalidRows })),
})
export type ImportRow = z.infer<typeof ImportRowSchema>

/** The body of POST /api/admin/subscribers/import. */
export const ImportRequestSchema = z.object({
  /** The same for every chunk of one file: the history shows the chunks as one import. */
  importId: z
    .string({ error: IMPORT_MESSAGES.invalidImportId })
    .check(z.regex(/^[\w-]{8,64}$/, { error: IMPORT_MESSAGES.invalidImportId })),
  /** Required to add anyone: the word of the one importing that these people asked for the newsletter. */
  consent: z.optional(z.boolean({ error: IMPORT_MESSAGES.consentRequired })),
  /** How the new ones are added (see above); asking them to confirm unless said otherwise. */
  mode: z._default(z.enum(IMPORT_MODES, { error: IMPORT_MESSAGES.invalidMode }), 'ask'),
  /** For `confirmed`: how these people gave their consent, in the admin's words. */
  statement: z.optional(
    z
      .string({ error: IMPORT_MESSAGES.statementRequired })
      .check(
        z.overwrite((text) => text.trim()),
        z.maxLength(IMPORT_STATEMENT_MAX, { error: IMPORT_MESSAGES.statementTooLong }),
        // Sentences, kept with each subscriber and written into the export (docs/decisions.md, One-line fields).
        linesCheck(STATEMENT_LABEL, 'many'),
      ),
  ),
  /** The preview: each row's outcome as it would be, nothing written. */
  dryRun: z.optional(z.boolean({ error: IMPORT_MESSAGES.invalidRows })),
  rows: z
    .array(ImportRowSchema, { error: IMPORT_MESSAGES.invalidRows })
    .check(
      z.minLength(1, { error: IMPORT_MESSAGES.invalidRows }),
      z.maxLength(IMPORT_CHUNK_ROWS, { error: IMPORT_MESSAGES.tooManyRowsInRequest }),
    ),
})
export type ImportRequest = z.input<typeof ImportRequestSchema>

export type ImportOutcome = 'added' | 'exists' | 'refused'
/** What the function answers for each row ('added' in a dry run: would be added). */
export type ImportResult = { row: number; outcome: ImportOutcome; reason?: string }
export type ImportSummary = Record<ImportOutcome, number>
/** `emailed`: of those added to be asked, how many were sent the confirmation email (an `ask` import). */
export type ImportAnswer = { results: ImportResult[]; summary: ImportSummary; emailed?: number }

/** The statement a `confirmed` import needs, or the message saying what is missing. */
export function statementProblem(statement: string | undefined): string | null {
  const text = (statement ?? '').trim()
  if (text.length < IMPORT_STATEMENT_MIN) return IMPORT_MESSAGES.statementRequired
  if (text.length > IMPORT_STATEMENT_MAX) return IMPORT_MESSAGES.statementTooLong
  if (!fitsLines(text, 'many')) return linesMessage(STATEMENT_LABEL, 'many')
  return null
}

/** A row's verdict before anything is stored: the address to add, or why not. */
export type ReviewedRow = { row: number; email: string; reason?: string }

/**
 * The rules both sides apply: a valid email, and each address once (a repeat names the row that
 * had it first). `seen` carries the addresses of earlier chunks of the same file.
 */
export function reviewRows(rows: readonly ImportRow[], seen: Map<string, number> = new Map()): ReviewedRow[] {
  return rows.map(({ row, email: cell }) => {
    const email = normalizeEmail(cell)
    if (!email) return { row, email, reason: IMPORT_MESSAGES.empty }
    if (!isValidEmail(email)) return { row, email, reason: IMPORT_MESSAGES.invalidEmail }
    const first = seen.get(email)
    if (first !== undefined) return { row, email, reason: IMPORT_MESSAGES.duplicate(first) }
    seen.set(email, row)
    return { row, email }
  })
}

/** "Row 14: not a valid email". */
export const rowReason = (result: { row: number; reason?: string }) => `Row ${result.row}: ${result.reason ?? ''}`

const EMAIL_HEADER = /^e-?mail(?:\s*address)?$/i
const looksLikeEmail = (cell: string | undefined) => cell !== undefined && isValidEmail(normalizeEmail(cell))

/**
 * Which column holds the addresses, and whether the first row is a header: a header cell named
 * email (any case, "E-mail" and "Email address" too); else the first column where most of the
 * first rows look like emails. Null when neither is found.
 */
export function findEmailColumn(rows: readonly string[][]): { column: number; header: boolean } | null {
  const first = rows[0]
  if (!first) return null
  const named = first.findIndex((cell) => EMAIL_HEADER.test(cell.trim()))
  if (named >= 0) return { column: named, header: true }
  const sample = rows.slice(0, 50)
  const width = Math.max(...sample.map((row) => row.length))
  for (let column = 0; column < width; column++) {
    const body = sample.slice(1)
    const hits = body.filter((row) => looksLikeEmail(row[column])).length
    if (body.length > 0 ? hits * 2 > body.length : looksLikeEmail(first[column])) {
      return { column, header: !looksLikeEmail(first[column]) }
    }
  }
  return null
}

export type ImportPlan = {
  rows: ReviewedRow[]
  counts: { toAdd: number; duplicates: number; refused: number }
}

/** The preview of a parsed file: every row reviewed, and the counts the screen shows. */
export function planImport(table: readonly string[][]): ImportPlan | { error: string } {
  if (table.length > IMPORT_MAX_ROWS + 1) return { error: IMPORT_MESSAGES.tooManyRows }
  const found = findEmailColumn(table)
  if (!found) return { error: table.length === 0 ? IMPORT_MESSAGES.noRows : IMPORT_MESSAGES.noEmailColumn }
  const start = found.header ? 1 : 0
  const rows = reviewRows(
    table.slice(start).map((cells, i) => ({ row: start + i + 1, email: (cells[found.column] ?? '').slice(0, IMPORT_CELL_MAX) })),
  )
  if (rows.length === 0) return { error: IMPORT_MESSAGES.noRows }
  if (rows.length > IMPORT_MAX_ROWS) return { error: IMPORT_MESSAGES.tooManyRows }
  const duplicates = rows.filter((row) => row.reason?.startsWith('same address')).length
  const refused = rows.filter((row) => row.reason).length - duplicates
  return { rows, counts: { toAdd: rows.length - duplicates - refused, duplicates, refused } }
}
