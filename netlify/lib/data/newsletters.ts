import { ConflictError, DomainError, NotFoundError } from '#domain/errors.ts'
import * as z from 'zod/mini'
import {
  NEWSLETTER_MESSAGES,
  NewsletterSchema,
  type Newsletter,
  type NewsletterInput,
  type NewsletterProgress,
} from '#domain/newsletter.ts'
import { isTombstone, openStore, StorageUnavailableError } from '#lib/storage/blobs.ts'
import { timeOrderedId } from '#lib/storage/ids.ts'
import { keys, type BlobKey } from '#lib/storage/keys.ts'
import { mapLimited } from '#lib/storage/concurrency.ts'
import { written, type Write, type WrittenBy } from './written'

/**
 * Newsletters, one blob each, and the bookkeeping of their sends (store `newsletters`):
 *
 * - `newsletter/<id>`: the newsletter. Status changes are compare-and-swap on its ETag, so of two
 *   admins pressing Send at once exactly one moves it to `sending`; the other reads `sending` and
 *   gets a 409.
 * - `run/<id>`: where the send has got to: the batches accounted for, the last subscriber key they
 *   cover (the cursor), the counts, and a lease (owner, expiry) so one worker sends at a time.
 * - `batch/<id>/<n>`: batch n's recipients, written create-only *before* SendGrid is called. Batch
 *   n covers the subscriber keys after batch n-1's last key up to its own last key, so batches
 *   never overlap and each is claimed by exactly one writer. Its state says what happened:
 *   `in-flight` (handed to SendGrid, answer not recorded), `done`, or `refused` (SendGrid answered
 *   with a refusal, so nobody got it: the batch may be claimed again, by compare-and-swap).
 */
const store = () => openStore('newsletters')

const parse = <S extends z.ZodMiniType>(schema: S, text: string, what: string): z.output<S> => {
  const result = z.safeParse(schema, JSON.parse(text))
  if (!result.success) throw new StorageUnavailableError(`Stored ${what} is invalid`, { cause: result.error })
  return result.data
}

const LeaseSchema = z.object({ owner: z.string(), until: z.number() })

export const RunSchema = z.object({
  /** Batches 0 … nextBatch-1 are accounted for in the counts below. */
  nextBatch: z.number(),
  /** The last subscriber key those batches cover; none before the first. */
  cursor: z.optional(z.string()),
  total: z.optional(z.number()),
  processed: z.number(),
  sent: z.number(),
  failed: z.number(),
  uncertain: z.number(),
  lease: z.optional(LeaseSchema),
})
export type Run = z.infer<typeof RunSchema>

export const BATCH_STATES = ['in-flight', 'done', 'refused'] as const
export const BatchSchema = z.object({
  /** The subscriber key this batch starts after (none for the first) and the last key it covers. */
  after: z.optional(z.string()),
  lastKey: z.string(),
  /** Subscriber records looked at in the range (every state). */
  scanned: z.number(),
  /** Addresses in the range that could not be mailed (outside the email rule). */
  invalid: z.number(),
  recipients: z.array(z.string()),
  state: z.enum(BATCH_STATES),
  owner: z.string(),
  claimedAt: z.string(),
  answeredAt: z.optional(z.string()),
})
export type Batch = z.infer<typeof BatchSchema>

const emptyRun = (): Run => ({ nextBatch: 0, processed: 0, sent: 0, failed: 0, uncertain: 0 })

export function progressOf(run: Run): NewsletterProgress {
  return { total: run.total ?? 0, processed: run.processed, sent: run.sent, failed: run.failed, uncertain: run.uncertain }
}

/** The newsletter with its ETag; null when missing or being deleted (a tombstone, see blobs.ts deleteIfMatch). */
async function readEntry(id: string) {
  const entry = await store().getEntry(keys.newsletter(id))
  if (!entry || isTombstone(entry.text)) return null
  return { newsletter: parse(NewsletterSchema, entry.text, 'newsletter'), etag: entry.etag }
}

/**
 * Applies `change` to the newsletter by compare-and-swap, reading again when another write came
 * first; `change` sees the fresh record and may throw (a rule the current status breaks).
 */
async function transition(id: string, change: (current: Newsletter) => Newsletter): Promise<Newsletter> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const entry = await readEntry(id)
    if (!entry) throw new NotFoundError(NEWSLETTER_MESSAGES.notFound)
    const next = change(entry.newsletter)
    if (await store().setIfMatch(keys.newsletter(id), JSON.stringify(next), entry.etag)) return next
  }
  throw new StorageUnavailableError('Could not save the newsletter: it kept changing')
}

/** A write of a newsletter, for the history (written.ts). */
const change = (before: Newsletter | null, after: Newsletter | null): Write => ({
  subject: 'newsletter',
  recordId: (after ?? before)!.id,
  label: (after ?? before)!.subject,
  before,
  after,
})

const editable = (newsletter: Newsletter) => {
  if (newsletter.status === 'sending' || newsletter.status === 'sent') throw new ConflictError(NEWSLETTER_MESSAGES.notEditable)
}

export const newsletters = {
  async get(id: string): Promise<Newsletter | null> {
    return (await readEntry(id))?.newsletter ?? null
  },

  /** Every newsletter, newest first, with the live counts of those being sent. */
  async list(): Promise<Newsletter[]> {
    const listed = await store().keys(keys.newsletters())
    const texts = await mapLimited(listed, (key) => store().get(key))
    const all = texts.filter((text) => text !== null && !isTombstone(text)).map((text) => parse(NewsletterSchema, text, 'newsletter'))
    const live = await Promise.all(all.map((newsletter) => (newsletter.status === 'sending' ? withLiveProgress(newsletter) : newsletter)))
    return live.toSorted((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
  },

  async create(input: NewsletterInput, updatedBy: string, { by, now = new Date() }: WrittenBy & { now?: Date } = {}): Promise<Newsletter> {
    const at = now.toISOString()
    const newsletter: Newsletter = { id: timeOrderedId(now), subject: input.subject, body: input.body, status: 'draft', createdAt: at, updatedAt: at, updatedBy }
    if (!(await store().setIfNew(keys.newsletter(newsletter.id), JSON.stringify(newsletter)))) throw new StorageUnavailableError('newsletter id taken')
    await written(change(null, newsletter), by)
    return newsletter
  },

  /** Saves the text; a scheduled newsletter goes back to draft (its time is to be set again). */
  async update(
    id: string,
    input: { subject: string; body: string },
    updatedBy: string,
    { by, now = new Date() }: WrittenBy & { now?: Date } = {},
  ): Promise<Newsletter> {
    // The version the change was made to: the last one the function saw is the one that was replaced.
    let before: Newsletter | null = null
    const after = await transition(id, (current) => {
      before = current
      editable(current)
      const { scheduledAt: _unscheduled, ...rest } = current
      return { ...rest, ...input, status: 'draft', updatedAt: now.toISOString(), updatedBy }
    })
    await written(change(before, after), by)
    return after
  },

  /**
   * Deletes a draft or scheduled newsletter, only as it was read (compare-and-swap, blobs.ts
   * deleteIfMatch): a Send that moved it to `sending` meanwhile makes the delete read it again and
   * answer 409, and once the delete has swapped it, the Send finds nothing (404). Never both.
   */
  async remove(id: string, { by }: WrittenBy = {}): Promise<Newsletter> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const entry = await readEntry(id)
      if (!entry) throw new NotFoundError(NEWSLETTER_MESSAGES.notFound)
      editable(entry.newsletter)
      if (await store().deleteIfMatch(keys.newsletter(id), entry.etag)) {
        await written(change(entry.newsletter, null), by)
        return entry.newsletter
      }
    }
    throw new StorageUnavailableError('Could not delete the newsletter: it kept changing')
  },

  /** Draft or scheduled → sending. Exactly one of any number of concurrent calls wins; the rest get 409. */
  start(id: string, by: string, now = new Date(), seen?: string): Promise<Newsletter> {
    return transition(id, (current) => {
      if (current.status === 'sending' || current.status === 'sent') throw new ConflictError(NEWSLETTER_MESSAGES.alreadySending)
      if (seen !== undefined && current.updatedAt !== seen) throw new ConflictError(NEWSLETTER_MESSAGES.changedSinceSeen)
      const { scheduledAt: _done, lastError: _old, ...rest } = current
      const at = now.toISOString()
      return { ...rest, status: 'sending', startedAt: at, updatedAt: at, updatedBy: by, progress: { total: 0, processed: 0, sent: 0, failed: 0, uncertain: 0 } }
    })
  },

  schedule(id: string, at: string, by: string, now = new Date(), seen?: string): Promise<Newsletter> {
    return transition(id, (current) => {
      if (current.status === 'sending' || current.status === 'sent') throw new ConflictError(NEWSLETTER_MESSAGES.alreadySending)
      if (seen !== undefined && current.updatedAt !== seen) throw new ConflictError(NEWSLETTER_MESSAGES.changedSinceSeen)
      return { ...current, status: 'scheduled', scheduledAt: at, updatedAt: now.toISOString(), updatedBy: by }
    })
  },

  cancel(id: string, by: string, now = new Date()): Promise<Newsletter> {
    return transition(id, (current) => {
      if (current.status === 'sending' || current.status === 'sent') throw new ConflictError(NEWSLETTER_MESSAGES.alreadySending)
      const { scheduledAt: _cancelled, ...rest } = current
      return { ...rest, status: 'draft', updatedAt: now.toISOString(), updatedBy: by }
    })
  },

  recordTest(id: string, { to, by }: { to: string; by: string }, now = new Date()): Promise<Newsletter> {
    return transition(id, (current) => ({ ...current, testSentAt: now.toISOString(), testSentTo: to, testSentBy: by }))
  },

  /** The scheduled newsletters whose time has come, each moved to sending (a cancel in between wins). */
  async startDue(now = new Date()): Promise<Newsletter[]> {
    const due = (await newsletters.list()).filter((n) => n.status === 'scheduled' && n.scheduledAt && n.scheduledAt <= now.toISOString())
    const started: Newsletter[] = []
    for (const newsletter of due) {
      try {
        const current = await newsletters.get(newsletter.id)
        if (current?.status === 'scheduled' && current.scheduledAt && current.scheduledAt <= now.toISOString())
          started.push(await newsletters.start(newsletter.id, 'Scheduled sending', now))
      } catch (error) {
        if (!(error instanceof DomainError)) throw error
      }
    }
    return started
  },

  /** The end of a send: the final counts, kept on the newsletter. */
  finish(id: string, progress: NewsletterProgress, now = new Date()): Promise<Newsletter> {
    return transition(id, (current) => {
      if (current.status !== 'sending') return current
      const { lastError: _cleared, ...rest } = current
      return { ...rest, status: 'sent', finishedAt: now.toISOString(), progress }
    })
  },

  /** Why the send stopped for now (it resumes by itself), or undefined to clear it. */
  setError(id: string, lastError: string | undefined): Promise<Newsletter> {
    return transition(id, (current) => {
      const { lastError: _old, ...rest } = current
      return lastError === undefined ? rest : { ...rest, lastError }
    })
  },
}

/** A newsletter being sent, with the counts of its run so far. */
export async function withLiveProgress(newsletter: Newsletter): Promise<Newsletter> {
  if (newsletter.status !== 'sending') return newsletter
  const run = await runs.read(newsletter.id)
  return run ? { ...newsletter, progress: progressOf(run.run) } : newsletter
}

export const runs = {
  async read(id: string): Promise<{ run: Run; etag: string } | null> {
    const entry = await store().getEntry(keys.newsletterRun(id))
    return entry ? { run: parse(RunSchema, entry.text, 'newsletter run'), etag: entry.etag } : null
  },

  /**
   * Takes the lease for `owner` until `until` (ms), unless another owner holds one that has not
   * expired. Answers the run as taken, or null when someone else holds it.
   */
  async claim(id: string, owner: string, until: number, now = Date.now()): Promise<Run | null> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const current = await runs.read(id)
      const run = current?.run ?? emptyRun()
      if (run.lease && run.lease.owner !== owner && run.lease.until > now) return null
      const next: Run = { ...run, lease: { owner, until } }
      const written = current
        ? await store().setIfMatch(keys.newsletterRun(id), JSON.stringify(next), current.etag)
        : await store().setIfNew(keys.newsletterRun(id), JSON.stringify(next))
      if (written) return next
    }
    return null
  },

  /**
   * Changes the run while `owner` still holds the lease: `change` gets the fresh run. Answers the
   * run written, or null when the lease has passed to someone else (the caller must stop).
   */
  async update(id: string, owner: string, change: (run: Run) => Run): Promise<Run | null> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const current = await runs.read(id)
      if (!current || current.run.lease?.owner !== owner) return null
      const next = change(current.run)
      if (await store().setIfMatch(keys.newsletterRun(id), JSON.stringify(next), current.etag)) return next
    }
    throw new StorageUnavailableError('Could not save the send progress: it kept changing')
  },
}

export const batches = {
  async read(id: string, n: number): Promise<{ batch: Batch; etag: string } | null> {
    const entry = await store().getEntry(keys.newsletterBatch(id, n))
    return entry ? { batch: parse(BatchSchema, entry.text, 'newsletter batch'), etag: entry.etag } : null
  },

  /** Claims batch n: true when this call wrote it, false when the number was already taken. */
  create(id: string, n: number, batch: Batch): Promise<boolean> {
    return store().setIfNew(keys.newsletterBatch(id, n), JSON.stringify(batch))
  },

  /** Claims a refused batch again, for one more try: only one of several claimants wins. */
  reclaim(id: string, n: number, etag: string, batch: Batch): Promise<boolean> {
    return store().setIfMatch(keys.newsletterBatch(id, n), JSON.stringify(batch), etag)
  },

  /** The claimant records SendGrid's answer (nobody else writes a batch in flight). */
  async answer(id: string, n: number, batch: Batch): Promise<void> {
    await store().set(keys.newsletterBatch(id, n), JSON.stringify(batch))
  },

  async list(id: string): Promise<Batch[]> {
    const listed = await store().keys(keys.newsletterBatches(id))
    const texts = await Promise.all(listed.map((key: BlobKey) => store().get(key)))
    return texts.filter((text): text is string => text !== null).map((text) => parse(BatchSchema, text, 'newsletter batch'))
  },
}
