import * as z from 'zod/mini'
import type { Subscriber } from './subscriber'

/**
 * Exporting the subscriber list: reading every record takes longer than a request may last once
 * the list is large, so a background function builds the file into storage while the admin page
 * follows its progress, then downloads it (docs/architecture.md, Subscriber exports).
 */

export const EXPORT_COLUMNS = [
  'email',
  'created_at',
  'state',
  'confirmed_at',
  'stopped_at',
  'stopped_reason',
  'imported_by',
  'consent_statement',
] as const

/** One subscriber as a CSV row, in EXPORT_COLUMNS order (csv.ts makes each cell formula-safe). */
export function exportRow(subscriber: Subscriber): string[] {
  return [
    subscriber.email,
    subscriber.created_at,
    subscriber.state,
    subscriber.confirmed_at ?? '',
    subscriber.stopped_at ?? '',
    subscriber.stopped_reason ?? '',
    subscriber.imported_by ?? '',
    subscriber.consent_statement ?? '',
  ]
}

/** A finished file can be downloaded for this long; then it and its job are removed. */
export const EXPORT_TTL_HOURS = 24
/**
 * Netlify streams at most 20 MB in one function answer (README, Limits): the file must fit with
 * room for the headers. About 200,000 subscribers at ~100 bytes a row.
 */
export const EXPORT_MAX_BYTES = 20 * 1024 * 1024 - 64 * 1024
/** How often the page asks how far the export has come. */
export const EXPORT_POLL_MS = 1_000

export const EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const
export type ExportState = (typeof EXPORT_STATES)[number]

export const EXPORT_MESSAGES = {
  started: 'Preparing your export…',
  done: 'Your export is ready.',
  notFound: 'This export was not found. It may have expired; please start a new one.',
  notReady: 'This export is not ready yet.',
  failed: 'The export could not be finished. Please try again.',
  tooLarge: 'The list is too large to download as one file.',
  couldNotStart: 'The export could not be started. Please try again in a moment.',
  tooMany: 'Too many exports in a short time. Please wait a few minutes and try again.',
} as const

/** An export job as stored; `owner` is the id of the user who started it (only she may read it). */
export const ExportJobSchema = z.object({
  id: z.string(),
  owner: z.string(),
  state: z.enum(EXPORT_STATES),
  created_at: z.string(),
  updated_at: z.string(),
  expires_at: z.string(),
  /** Records written so far, and how many there are (0 until the list is read). */
  processed: z.number(),
  total: z.number(),
  bytes: z.number(),
  message: z.optional(z.string()),
})
export type ExportJob = z.infer<typeof ExportJobSchema>

/** What the status endpoint answers: the job without its owner. */
export type ExportStatus = Omit<ExportJob, 'owner'>

export function exportStatus({ owner: _owner, ...status }: ExportJob): ExportStatus {
  return status
}

/** The downloaded file's name: the day the export was made. */
export const exportFileName = (job: Pick<ExportJob, 'created_at'>) => `subscribers-${job.created_at.slice(0, 10)}.csv`
