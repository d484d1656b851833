import { toCsv } from '#domain/csv.ts'
import { formatCount } from '#domain/text.ts'
import { EXPORT_COLUMNS, EXPORT_MAX_BYTES, EXPORT_MESSAGES, exportRow } from '#domain/subscriber-export.ts'
import { functionPath } from '#domain/route-map.ts'
import { ENDPOINTS } from '#domain/endpoints.ts'
import type { BlobKey } from '#lib/storage/keys.ts'
import { activity, type Actor } from '#lib/data/activity.ts'
import { subscriberExports } from '#lib/data/subscriber-exports.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { StorageUnavailableError } from '#lib/storage/blobs.ts'
import { keyFor, requireKeyFor, sign, verify } from '#lib/auth/secrets.ts'
import { deployOrigin } from '#lib/config/site-url.ts'

type DeployContext = Parameters<typeof deployOrigin>[0]

/**
 * The background export (netlify/functions/subscribers-export-background.ts) has no address of
 * its own and no session: it is started by the exports endpoint with a signature of the job id.
 * The key is derived from JWT_SECRET with HKDF under its own label, so it is never the key that
 * signs sessions, and nobody outside can start or restart a job.
 */
const key = () => requireKeyFor('exportJobs', EXPORT_MESSAGES.couldNotStart)

export const EXPORT_SIGNATURE_HEADER = 'x-export-signature'

export function exportSignature(jobId: string): string {
  return sign(key(), jobId)
}

export function isValidExportSignature(jobId: string, signature: string | null): boolean {
  const exportKey = keyFor('exportJobs')
  return exportKey !== undefined && verify(exportKey, jobId, signature)
}

/**
 * The background function's address on this deploy (a deploy preview runs its own), never on the
 * host the request named: the job id and its signature would go wherever a forged Host pointed.
 */
export const exportWorkerUrl = (context: DeployContext) =>
  `${deployOrigin(context)}${functionPath(ENDPOINTS.subscribersExportWorker.function)}`

/** Asks the platform to run the job; true when it was queued (the platform answers 202 at once). */
export async function dispatchExport(context: DeployContext, jobId: string): Promise<boolean> {
  const answer = await fetch(exportWorkerUrl(context), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [EXPORT_SIGNATURE_HEADER]: exportSignature(jobId) },
    body: JSON.stringify({ id: jobId }),
    signal: AbortSignal.timeout(5_000),
  }).catch(() => null)
  return answer !== null && answer.status >= 200 && answer.status < 300
}

/** Progress is written after this many records (and at the end): 50 writes at 100,000. */
const PROGRESS_EVERY = 2_000

/**
 * Builds the CSV of every subscriber into the job's file: lists every key a page at a time, then
 * reads the records 50 at a time, in email order. A job already started is left alone (the
 * platform retries a background function that failed; a half-done job is not run twice).
 */
export async function buildExport(jobId: string, actor: (ownerId: string) => Promise<Actor | null>): Promise<void> {
  let job = await subscriberExports.find(jobId)
  if (!job || job.state !== 'queued') return
  job = await subscriberExports.update(job, { state: 'running' })
  try {
    const listed: BlobKey[] = []
    for await (const page of subscribers.keyPages()) listed.push(...page)
    job = await subscriberExports.update(job, { total: listed.length })
    const parts: string[] = [toCsv([[...EXPORT_COLUMNS]])]
    let bytes = Buffer.byteLength(parts[0]!)
    let processed = 0
    // Records removed since the list was read (an unsubscribe meanwhile) are left out of the total too.
    let missing = 0
    for (let i = 0; i < listed.length; i += PROGRESS_EVERY) {
      const chunk = listed.slice(i, i + PROGRESS_EVERY)
      const records = await subscribers.readKeys(chunk)
      missing += chunk.length - records.length
      const csv = records.length > 0 ? toCsv(records.map(exportRow)) : ''
      parts.push(csv)
      bytes += Buffer.byteLength(csv)
      processed += records.length
      if (bytes > EXPORT_MAX_BYTES) {
        await subscriberExports.update(job, { state: 'failed', message: EXPORT_MESSAGES.tooLarge, processed, bytes })
        return
      }
      job = await subscriberExports.update(job, { processed, total: listed.length - missing, bytes })
    }
    await subscriberExports.saveFile(job.id, parts.join(''))
    job = await subscriberExports.update(job, { state: 'done', processed, total: processed, bytes })
    const who = await actor(job.owner)
    // Not a write, but the whole list leaving the site is worth a line in the history.
    if (who) {
      const changes = [`${formatCount(processed)} ${processed === 1 ? 'address' : 'addresses'}, as a CSV file`]
      await activity.record(who, { action: 'exported', subject: 'subscriber', recordId: job.id, label: 'Subscriber list', changes })
    }
  } catch (error) {
    // Worded as the route wrapper words its logs, so a storage outage reads the same everywhere.
    console.error(error instanceof StorageUnavailableError ? 'storage unavailable: export' : 'unexpected error: export', jobId, error)
    await subscriberExports.update(job, { state: 'failed', message: EXPORT_MESSAGES.failed }).catch(() => undefined)
  }
}
