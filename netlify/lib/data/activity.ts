import * as z from 'zod/mini'
import {
  ACTIVITY_PAGE_SIZE,
  ActivityEntrySchema,
  type ActivityAction,
  type ActivityChange,
  type ActivityEntry,
  type ActivityQuery,
  type ActivitySubject,
} from '#domain/activity.ts'
import { openStore, StorageUnavailableError } from '#lib/storage/blobs.ts'
import { timeOrderedId } from '#lib/storage/ids.ts'
import { keys, type BlobKey } from '#lib/storage/keys.ts'

/**
 * One blob per entry, keyed `<time-ordered id>~<subject>~<actor id>`: written with one create-only
 * write, listed newest first, and filtered by kind and actor from the keys alone, so a page reads
 * only the entries it shows. Entries older than a year are pruned by the maintenance job.
 */
const store = () => openStore('activity')
const KEEP_MS = 365 * 24 * 60 * 60_000

export type Actor = { id: string; username: string }
export type ActivityRecord = { action: ActivityAction; subject: ActivitySubject; recordId: string; label: string; changes?: ActivityChange[] }

function partsOf(key: string) {
  const [entryId = '', subject = '', actorId = ''] = key.split('~')
  return { entryId, subject, actorId }
}

function parse(text: string | null): ActivityEntry | null {
  if (text === null) return null
  const result = z.safeParse(ActivityEntrySchema, JSON.parse(text))
  if (!result.success) throw new StorageUnavailableError('Stored activity entry is invalid', { cause: result.error })
  return result.data
}

export const activity = {
  /**
   * Adds an entry. The write it records has already happened, so a failure here is logged and
   * swallowed: the person's save must not be reported as failed when it worked.
   */
  async record(actor: Actor, record: ActivityRecord): Promise<void> {
    try {
      const key = keys.activityEntry(timeOrderedId(), record.subject, actor.id)
      const entry: ActivityEntry = {
        id: key,
        at: new Date().toISOString(),
        actor: { id: actor.id, username: actor.username },
        changes: [],
        ...record,
      }
      await store().setIfNew(key, JSON.stringify(entry))
    } catch (error) {
      console.error('could not record the activity:', record.action, record.subject, record.recordId, error)
    }
  },

  /** A page of entries, newest first, with the id to ask for the next page from (null on the last). */
  async list({ subject, actor, after }: ActivityQuery = {}, limit = ACTIVITY_PAGE_SIZE) {
    const matching = (await store().keys())
      .sort()
      .reverse()
      .filter((key) => {
        const parts = partsOf(key)
        return (!subject || parts.subject === subject) && (!actor || parts.actorId === actor) && (!after || key < after)
      })
    const page = matching.slice(0, limit)
    const entries = (await Promise.all(page.map(async (key) => parse(await store().get(key))))).filter((entry) => entry !== null)
    return { entries, next: matching.length > limit ? page.at(-1)! : null }
  },

  /** Forgets entries older than a year; run on a schedule. */
  async prune(now = Date.now()): Promise<number> {
    const cutoff = timeOrderedId(new Date(now - KEEP_MS))
    const old = (await store().keys()).filter((key: BlobKey) => key < cutoff)
    for (const key of old) await store().delete(key)
    return old.length
  },
}
