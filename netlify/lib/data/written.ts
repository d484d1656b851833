import {
  CHANGE_FIELDS,
  describeChanges,
  describeRecord,
  type ActivityAction,
  type ActivityChange,
  type ActivitySubject,
  type ChangeField,
} from '#domain/activity.ts'
import { CACHE_TAGS, purgeCdn, type CacheTag } from '#lib/http/cdn.ts'
import { activity, type Actor } from './activity'

/**
 * What one write changed, as the data module saw it inside its compare-and-swap: the record
 * before (none for a creation) and after (none for a deletion). The data modules hand each write
 * to `written()`, once it has landed; nothing else records history or purges the CDN for a record.
 */
export type Write<S extends ActivitySubject = ActivitySubject> = {
  subject: S
  recordId: string
  /** How the history names the record (a title, a username, a file name). */
  label: string
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  /** When the write is more than a create, update or delete ("published", "uploaded"). */
  action?: ActivityAction
  /** When the history should say something other than the fields that changed. */
  changes?: ActivityChange[]
}

/** Which cached public answers show records of each kind: a write to one purges them. */
const SHOWN_UNDER: Partial<Record<ActivitySubject, CacheTag>> = {
  post: CACHE_TAGS.posts,
  resource: CACHE_TAGS.resources,
  content: CACHE_TAGS.content,
  media: CACHE_TAGS.media,
  availability: CACHE_TAGS.availability,
}

function actionOf({ action, before, after }: Write): ActivityAction {
  if (action) return action
  if (!before) return 'created'
  return after ? 'updated' : 'deleted'
}

function changesOf({ subject, before, after, changes }: Write): ActivityChange[] {
  if (changes) return changes
  const fields = (CHANGE_FIELDS as Partial<Record<ActivitySubject, Readonly<Record<string, ChangeField>>>>)[subject]
  if (!fields) return []
  if (before && after) return describeChanges(before, after, fields)
  return describeRecord((after ?? before)!, fields)
}

/**
 * After a write has landed: the history entry, when someone did it (`by`; a test or the demo seed
 * writing directly records none), and the purge of the CDN's copies of every public answer that
 * shows it. Neither can undo the write, so neither failure is thrown (both are logged).
 */
export async function written(write: Write, by: Actor | undefined): Promise<void> {
  // A new file is in no kept answer until a page links it, and saving that page purges; a new
  // post, resource or text changes the lists that are kept.
  const tag = write.subject === 'media' && !write.before ? undefined : SHOWN_UNDER[write.subject]
  await Promise.all([
    by && activity.record(by, { action: actionOf(write), subject: write.subject, recordId: write.recordId, label: write.label, changes: changesOf(write) }),
    tag && purgeCdn(tag),
  ])
}

/** What a data module's write takes to be recorded: who did it (none: written, not recorded). */
export type WrittenBy = { by?: Actor }
