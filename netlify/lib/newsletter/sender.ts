import { randomBytes } from 'node:crypto'
import * as z from 'zod/mini'
import { isValidEmail } from '#domain/fields.ts'
import { NEWSLETTER_BATCH_SIZE, NEWSLETTER_MESSAGES } from '#domain/newsletter.ts'
import { functionPath } from '#domain/route-map.ts'
import { normalizeEmail, SubscriberSchema, type Subscriber } from '#domain/subscriber.ts'
import { isTombstone, openStore } from '#lib/storage/blobs.ts'
import { sendBatch } from '#lib/email/batch-mailer.ts'
import { batches, newsletters, progressOf, runs, type Batch, type Run } from '#lib/data/newsletters.ts'
import { requireKeyFor, sameText } from '#lib/auth/secrets.ts'
import { type Runtime } from '#lib/config/env.ts'
import { ConflictError } from '#domain/errors.ts'
import { keys, type BlobKey } from '#lib/storage/keys.ts'
import { emailSetup } from '#lib/email/mailer.ts'
import { newsletterFooter, renderNewsletter, UNSUBSCRIBE_TAGS } from './email'
import { deployOrigin } from '#lib/config/site-url.ts'
import { mapLimited } from '#lib/storage/concurrency.ts'

/**
 * The send of one newsletter, run by the background worker (functions/newsletter-send-background.ts)
 * and resumed by the scheduled one (functions/newsletter-scheduler.ts) when a run was cut off.
 *
 * Nobody gets a newsletter twice, whatever crashes or runs at the same time:
 * - a run holds a lease (run/<id>) so normally one worker sends;
 * - but correctness does not rest on the lease: batch n covers the subscriber keys after batch
 *   n-1's recorded last key, and is claimed by a create-only write of its recipients *before*
 *   SendGrid is called. Whoever finds batch n already written skips past it. So each subscriber
 *   key falls in exactly one batch, and each batch is handed to SendGrid by one claimant;
 * - a batch found still `in-flight` (its worker stopped between the claim and recording the
 *   answer) is never sent again: SendGrid may have taken it. Its recipients count as uncertain.
 */

/** Netlify stops a background function at 15 minutes; a run stops itself well before and hands on. */
export const RUN_BUDGET_MS = 10 * 60_000
/** A lease outlives its run's budget, so the scheduler never resumes a run that is still working. */
export const LEASE_MS = 13 * 60_000
/** After a refusal or an unknown outcome, a pause before the scheduler tries again. */
const PAUSE_MS = 60_000

/**
 * How many recipients a batch holds: SendGrid's most on the site. Tests that crash a run between
 * batches set a small number, so a few dozen subscribers make several batches instead of thousands.
 */
export const sendSettings = { batchSize: NEWSLETTER_BATCH_SIZE }

/**
 * Points where a test stops a run as a crash would: after batch n is claimed (before SendGrid),
 * after SendGrid answered (before the batch records it), after the batch recorded it (before the
 * run's progress), after the progress (before the next claim); and where a refused batch is about
 * to be tried again (before its recipients are read again).
 */
export type RunStage = 'claimed' | 'mailed' | 'answered' | 'advanced' | 'retrying'
export type SendHooks = { after?: (stage: RunStage, batch: number) => void | Promise<void> }

export type RunOutcome = 'not-sending' | 'busy' | 'finished' | 'handed-on' | 'paused'

export type RunOptions = {
  runtime: Runtime
  /** Milliseconds this run may take; the next run carries on. */
  budgetMs?: number
  hooks?: SendHooks
  now?: () => number
}

// ---------------------------------------------------------------------------------------------
// The trigger: how a send is started, or handed on to a fresh run

/**
 * The worker is called with a secret derived from JWT_SECRET under its own label (never the
 * signing key itself), so the public cannot start or repeat a send.
 */
export function workerSecret(): string {
  return requireKeyFor('newsletterWorker', 'Sending is not configured on this site yet.').toString('base64url')
}

export const WORKER_SECRET_HEADER = 'x-newsletter-worker'

export function isWorkerSecret(given: string | null): boolean {
  return given !== null && sameText(workerSecret(), given)
}

export type Trigger = (newsletterId: string) => Promise<void>

/**
 * Calls the background function at this deploy's address (never a request's Host); it answers 202
 * at once and runs on.
 */
const httpTrigger: Trigger = async (newsletterId) => {
  const response = await fetch(`${deployOrigin()}${functionPath('newsletter-send-background')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [WORKER_SECRET_HEADER]: workerSecret() },
    body: JSON.stringify({ id: newsletterId }),
    signal: AbortSignal.timeout(5_000),
  })
  if (!response.ok) throw new Error(`the send worker answered ${response.status}`)
}

let trigger: Trigger = httpTrigger

/** Tests run the worker in-process instead of over HTTP. */
export function setTrigger(next: Trigger | null): void {
  trigger = next ?? httpTrigger
}

/** Starts (or hands on) a send; a failure is logged, and the scheduler starts it within a minute anyway. */
export async function triggerSend(newsletterId: string): Promise<void> {
  try {
    await trigger(newsletterId)
  } catch (error) {
    console.error('newsletter send not triggered:', newsletterId, error instanceof Error ? error.message : error)
  }
}

// ---------------------------------------------------------------------------------------------
// One run

const subscriberStore = () => openStore('subscribers')

async function readSubscriber(key: BlobKey) {
  const text = await subscriberStore().get(key)
  // A tombstone is an unsubscribe under way: nobody to mail.
  if (text === null || isTombstone(text)) return null
  const parsed = z.safeParse(SubscriberSchema, JSON.parse(text))
  return parsed.success ? parsed.data : null
}

/** Every subscriber key, in the one order all workers agree on. */
async function listSubscriberKeys(): Promise<string[]> {
  const all: string[] = []
  for await (const page of subscriberStore().keyPages()) all.push(...page)
  return all.toSorted()
}

/**
 * Whether anyone could receive a send: a confirmed subscriber among the first keys. A list whose
 * first thousands are all unconfirmed is taken to maybe hold one further on (a request cannot read
 * a large list whole); the send then simply finds nobody.
 */
export async function mayHaveRecipients(look = 2_000): Promise<boolean> {
  const listed = await subscriberStore().keys(undefined, look + 1)
  let found = false
  await mapLimited(
    listed.slice(0, look),
    async (key) => {
      if ((await readSubscriber(key))?.state === 'confirmed') found = true
    },
    { until: () => found },
  )
  return found || listed.length > look
}

/**
 * How many confirmed subscribers a send would go to now, for the send question. A request reads
 * at most `look` records (a list read whole would outlast it): past that, `more` says the count
 * is only of the first ones, and so a floor.
 */
export async function countRecipients(look = 2_000): Promise<{ confirmed: number; more: boolean }> {
  const listed = await subscriberStore().keys(undefined, look + 1)
  let confirmed = 0
  await mapLimited(listed.slice(0, look), async (key) => {
    if ((await readSubscriber(key))?.state === 'confirmed') confirmed++
  })
  return { confirmed, more: listed.length > look }
}

/** The first index in sorted `keys` after `cursor`. */
function indexAfter(sorted: readonly string[], cursor: string | undefined): number {
  if (cursor === undefined) return 0
  let low = 0
  let high = sorted.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (sorted[mid]! <= cursor) low = mid + 1
    else high = mid
  }
  return low
}

/**
 * The next batch after `cursor`: up to sendSettings.batchSize confirmed subscribers, read a few at a
 * time; null at the end of the list.
 */
async function gather(sorted: readonly string[], cursor: string | undefined) {
  const start = indexAfter(sorted, cursor)
  if (start >= sorted.length) return null
  const recipients: string[] = []
  let invalid = 0
  let lastIndex = start - 1
  // Only confirmed subscribers are ever mailed: never pending, bounced or complained ones.
  const mailable = (record: Subscriber | null) => record?.state === 'confirmed' && isValidEmail(record.email)
  let found = 0
  const { batchSize } = sendSettings
  const records = await mapLimited(
    sorted.slice(start),
    async (key) => {
      const record = await readSubscriber(keys.listed(key))
      if (mailable(record)) found++
      return record
    },
    { until: () => found >= batchSize },
  )
  // Calls start in order, so what was read is a prefix; the batch ends where it filled up.
  for (let j = 0; j < records.length && j in records; j++) {
    const record = records[j]!
    if (mailable(record)) recipients.push(record.email)
    else if (record?.state === 'confirmed') invalid++
    lastIndex = start + j
    if (recipients.length >= batchSize) break
  }
  return { recipients, invalid, lastKey: sorted[lastIndex]!, scanned: lastIndex - start + 1 }
}

/**
 * Those of a refused batch's recipients who may still be mailed. SendGrid took nothing, and between
 * the refusal and the next try any of them may have unsubscribed, bounced or marked our mail as
 * spam: each is read again, and only those still confirmed are kept.
 */
async function stillSubscribed(recipients: readonly string[]): Promise<string[]> {
  const records = await mapLimited(recipients, (to) => readSubscriber(keys.subscriber(normalizeEmail(to))))
  return recipients.filter((_, i) => records[i]?.state === 'confirmed')
}

/** What a batch record adds to the counts. */
function counted(batch: Batch) {
  return {
    processed: batch.scanned,
    failed: batch.invalid,
    sent: batch.state === 'done' ? batch.recipients.length : 0,
    uncertain: batch.state === 'in-flight' ? batch.recipients.length : 0,
  }
}

const advance = (run: Run, n: number, batch: Batch): Run => {
  // Another worker got there first: nothing to add twice.
  if (run.nextBatch !== n) return run
  const add = counted(batch)
  return {
    ...run,
    nextBatch: n + 1,
    cursor: batch.lastKey,
    processed: run.processed + add.processed,
    sent: run.sent + add.sent,
    failed: run.failed + add.failed,
    uncertain: run.uncertain + add.uncertain,
  }
}

/**
 * Sends what is left of a newsletter in `sending`, batch by batch, until the list ends (the
 * newsletter becomes `sent`), the budget is spent (a fresh run is triggered), or SendGrid refuses
 * or cannot be reached (the run pauses; the scheduler resumes it).
 */
export async function runSend(id: string, options: RunOptions): Promise<RunOutcome> {
  const now = options.now ?? Date.now
  const started = now()
  const budget = options.budgetMs ?? RUN_BUDGET_MS
  const owner = randomBytes(9).toString('base64url')
  const hook = async (stage: RunStage, n: number) => options.hooks?.after?.(stage, n)

  const newsletter = await newsletters.get(id)
  if (newsletter?.status !== 'sending') return 'not-sending'
  let run = await runs.claim(id, owner, started + LEASE_MS, started)
  if (!run) return 'busy'

  const pause = async (message: string): Promise<RunOutcome> => {
    await newsletters.setError(id, message)
    await runs.update(id, owner, (current) => ({ ...current, lease: { owner, until: now() + PAUSE_MS } }))
    return 'paused'
  }

  if (emailSetup(options.runtime).transport === 'none')
    return pause('Email is not set up on this site yet (SendGrid settings are missing).')
  let footer
  try {
    footer = await newsletterFooter()
  } catch (error) {
    if (error instanceof ConflictError) return pause(NEWSLETTER_MESSAGES.postalAddressMissing)
    throw error
  }
  const email = renderNewsletter(newsletter, footer, UNSUBSCRIBE_TAGS)
  const sorted = await listSubscriberKeys()
  if (run.total === undefined) {
    const total = sorted.length
    run = (await runs.update(id, owner, (current) => ({ ...current, total: current.total ?? total }))) ?? null
    if (!run) return 'busy'
  }
  if (newsletter.lastError) await newsletters.setError(id, undefined)

  while (now() - started < budget) {
    const n: number = run.nextBatch
    const existing = await batches.read(id, n)
    let batch: Batch
    if (existing && existing.batch.state !== 'refused') {
      // Claimed by another run (or one that stopped): never send it again; count it and move on.
      const settled = existing.batch
      run = await runs.update(id, owner, (current) => advance(current, n, settled))
      if (!run) return 'busy'
      continue
    }
    if (existing) {
      // A refused batch goes again, to those of its recipients still subscribed now (the claim
      // below records who that is; of two claimants, one wins).
      await hook('retrying', n)
      const recipients = await stillSubscribed(existing.batch.recipients)
      batch = { ...existing.batch, recipients, state: 'in-flight', owner, claimedAt: new Date(now()).toISOString() }
      delete batch.answeredAt
      if (!(await batches.reclaim(id, n, existing.etag, batch))) continue
    } else {
      const next = await gather(sorted, run.cursor)
      if (!next) break
      batch = { after: run.cursor, ...next, state: 'in-flight', owner, claimedAt: new Date(now()).toISOString() }
      if (batch.after === undefined) delete batch.after
      if (!(await batches.create(id, n, batch))) continue
    }
    await hook('claimed', n)

    const outcome = batch.recipients.length > 0 ? await sendBatch(email, batch.recipients, options.runtime) : ({ kind: 'sent' } as const)
    if (outcome.kind === 'unknown') {
      // It may have gone out: the batch stays in flight for good (its recipients are uncertain).
      run = await runs.update(id, owner, (current) => advance(current, n, batch))
      if (!run) return 'busy'
      return pause(`The last batch could not be confirmed (${outcome.message}). Sending carries on shortly.`)
    }
    await hook('mailed', n)
    const answered: Batch = { ...batch, state: outcome.kind === 'sent' ? 'done' : 'refused', answeredAt: new Date(now()).toISOString() }
    await batches.answer(id, n, answered)
    await hook('answered', n)
    if (outcome.kind === 'refused') return pause(`SendGrid refused the email (${outcome.message}). Sending is tried again shortly.`)

    run = await runs.update(id, owner, (current) => ({ ...advance(current, n, answered), lease: { owner, until: now() + LEASE_MS } }))
    if (!run) return 'busy'
    await hook('advanced', n)
  }

  if (now() - started >= budget) {
    // Hand on to a fresh run before the platform's limit: release the lease so it can start at once.
    await runs.update(id, owner, (current) => ({ ...current, lease: { owner, until: 0 } }))
    await triggerSend(id)
    return 'handed-on'
  }
  await newsletters.finish(id, progressOf(run), new Date(now()))
  await runs.update(id, owner, (current) => ({ ...current, lease: { owner, until: 0 } }))
  return 'finished'
}

/**
 * The scheduler's part: starts the scheduled newsletters whose time has come, and triggers every
 * send in progress whose run is not working (never started, cut off, or paused and due again).
 */
export async function resumeSends(now = new Date()): Promise<{ started: string[]; resumed: string[] }> {
  const started = (await newsletters.startDue(now)).map((newsletter) => newsletter.id)
  const sending = (await newsletters.list()).filter((newsletter) => newsletter.status === 'sending')
  const resumed: string[] = []
  for (const newsletter of sending) {
    const run = await runs.read(newsletter.id)
    if (run?.run.lease && run.run.lease.until > now.getTime()) continue
    resumed.push(newsletter.id)
    await triggerSend(newsletter.id)
  }
  return { started, resumed }
}
