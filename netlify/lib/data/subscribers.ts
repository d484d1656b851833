import * as z from 'zod/mini'
import {
  CONFIRM_TTL_DAYS,
  SUBSCRIBERS_PAGE_SIZE,
  SubscriberSchema,
  normalizeEmail,
  type Subscriber,
  type SubscriberState,
} from '#domain/subscriber.ts'
import { isStopped, type Stop } from '#domain/sendgrid-event.ts'
import { isTombstone, openStore, StorageUnavailableError, tombstoneTime } from '#lib/storage/blobs.ts'
import { newId } from '#lib/storage/ids.ts'
import { keys, type BlobKey } from '#lib/storage/keys.ts'
import { unsubscribes } from './unsubscribes'
import { mapLimited } from '#lib/storage/concurrency.ts'

/**
 * One blob per subscriber, keyed by the normalised email (hex-encoded, see keys.ts): subscribing
 * is a single create-only write whatever the list size, the same email twice can only ever be one
 * record, and a search for the start of an address is a list by prefix, in email order.
 *
 * A signup is `pending` until confirmed from its email. Each one also leaves a marker in
 * `pending-subscribers` under its day, so the week-old ones are found without reading the list.
 */
const store = () => openStore('subscribers')
const pendingStore = () => openStore('pending-subscribers')
const keyOf = (email: string) => keys.subscriber(normalizeEmail(email))
const DAY_MS = 24 * 60 * 60_000
/** How long the work after a signup's answer has to make its record before maintenance does. */
export const SIGNUP_GRACE_MS = 2 * 60_000

/** A stored record; a tombstone (an unsubscribe's delete under way, see blobs.ts deleteIfMatch) is no record. */
function parse(key: BlobKey, text: string | null): Subscriber | null {
  if (text === null || isTombstone(text)) return null
  const result = z.safeParse(SubscriberSchema, JSON.parse(text))
  if (!result.success) throw new StorageUnavailableError(`Stored subscriber "${key}" is invalid`)
  return result.data
}

async function read(key: BlobKey): Promise<Subscriber | null> {
  return parse(key, await store().get(key))
}

/** Reads keys a few at a time (a large list should not open thousands of requests at once), until `enough` are kept. */
async function readAll(listed: BlobKey[], keep: (record: Subscriber) => boolean = () => true, enough = Infinity): Promise<Subscriber[]> {
  let kept = 0
  const records = await mapLimited(
    listed,
    async (key) => {
      const record = await read(key)
      if (record && keep(record)) kept++
      return record
    },
    { until: () => kept >= enough },
  )
  return records.filter((record): record is Subscriber => record !== null && record !== undefined && keep(record))
}

export type ConfirmOutcome = 'confirmed' | 'already-confirmed' | 'stopped' | 'missing'
export type StopOutcome = 'stopped' | 'unchanged' | 'missing'
export type UnsubscribeOutcome = 'removed' | 'kept-stopped' | 'missing'

async function readEntry(key: BlobKey): Promise<{ record: Subscriber; etag: string } | null> {
  const entry = await store().getEntry(key)
  const record = entry ? parse(key, entry.text) : null
  return entry && record ? { record, etag: entry.etag } : null
}

/**
 * A tombstone is older than this only when the delete that should have followed its swap failed:
 * an unsubscribe deletes right after, within the same request.
 */
const STALE_TOMBSTONE_MS = 60_000
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Writes `record` where an unsubscribe's tombstone stands: a stale one is replaced (by
 * compare-and-swap, so two signups cannot both replace it); a fresh one is waited out, as its
 * delete is a moment away. Answers whether `record` was written.
 */
async function replaceTombstone(key: BlobKey, record: string, now: Date): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await store().getEntry(key)
    if (!entry) {
      if (await store().setIfNew(key, record)) return true
      continue
    }
    if (!isTombstone(entry.text)) return false
    if (now.getTime() - tombstoneTime(entry.text) > STALE_TOMBSTONE_MS) return store().setIfMatch(key, record, entry.etag)
    await pause(50 * 2 ** attempt)
  }
  return false
}

export const subscribers = {
  /**
   * Adds the email once, unconfirmed; a repeat keeps the first record. Answers whether it was new
   * and the state of the record now stored (null when there is none: it was deleted meanwhile).
   *
   * The same storage requests whatever the address's state (a marker, a create-only write, a read
   * back), so the time a signup takes does not tell whether the address was already on the list.
   */
  async add(email: string, now = new Date()): Promise<{ created: boolean; state: SubscriberState | null }> {
    await this.markSignup(email, now)
    return this.createPending(email, now)
  },

  /**
   * A signup's first step, the same write whoever signs up: the marker that lets maintenance clear
   * the signup away in a week unless it is confirmed. First, since a signup whose marker failed to
   * save would never be cleared away.
   */
  async markSignup(email: string, now = new Date()): Promise<void> {
    // The time, as the value: the same length for every signup (the write is the same for everyone).
    await pendingStore().set(keys.pendingSubscriber(now.toISOString().slice(0, 10), normalizeEmail(email)), now.toISOString())
  },

  /**
   * The signups of today and yesterday whose record is missing, their marker written at least
   * `grace` ago: the work after the answer (which makes the record) failed or never ran. Makes
   * each one's pending record and answers the addresses, for their confirmation emails. A signup
   * answered with success is so never lost, though its record is made after the answer.
   */
  async repairSignups(now = new Date(), grace = SIGNUP_GRACE_MS): Promise<string[]> {
    const days = [now, new Date(now.getTime() - DAY_MS)].map((day) => day.toISOString().slice(0, 10))
    const markers = (await pendingStore().keys()).filter((marker) => days.includes(marker.slice(0, marker.indexOf('/'))))
    const repaired: string[] = []
    for (const marker of markers) {
      const hex = marker.slice(marker.indexOf('/') + 1)
      if (await readEntry(keys.listed(hex))) continue
      const markedAt = Date.parse((await pendingStore().get(marker)) ?? '')
      if (!(markedAt <= now.getTime() - grace)) continue
      const email = Buffer.from(hex.replaceAll('/', ''), 'hex').toString('utf8')
      const { state } = await this.createPending(email, new Date(markedAt))
      if (state === 'pending') repaired.push(email)
    }
    return repaired
  },

  /** The second step: the pending record, or the state of the one already there. */
  async createPending(email: string, now = new Date()): Promise<{ created: boolean; state: SubscriberState | null }> {
    const normalized = normalizeEmail(email)
    const record = JSON.stringify({ id: newId(), email: normalized, created_at: now.toISOString(), state: 'pending' } satisfies Subscriber)
    const { created, stored } = await store().createOrRead(keyOf(normalized), record)
    if (created) return { created, state: 'pending' }
    // Only an address unsubscribing at this very moment (or one whose delete failed) meets a tombstone.
    if (isTombstone(stored) && (await replaceTombstone(keyOf(normalized), record, now))) return { created: true, state: 'pending' }
    return { created, state: parse(keyOf(normalized), stored)?.state ?? null }
  },

  /**
   * Adds an address from an import. Create-only: an existing record, whatever its state, is kept
   * as it is. Answers whether it was new.
   *
   * With a consent `statement` (an admin's import, the words required by the endpoint) the record
   * is confirmed at once and keeps the statement; without one it is pending, like a signup, with
   * its marker so that it goes after a week unless confirmed from its email.
   */
  async addImported(email: string, { by, statement }: { by: string; statement?: string }, now = new Date()): Promise<boolean> {
    const normalized = normalizeEmail(email)
    const at = now.toISOString()
    const base = { id: newId(), email: normalized, created_at: at, imported_by: by }
    if (statement !== undefined) {
      const record: Subscriber = { ...base, state: 'confirmed', confirmed_at: at, consent_statement: statement }
      return store().setIfNew(keyOf(normalized), JSON.stringify(record))
    }
    await pendingStore().set(keys.pendingSubscriber(at.slice(0, 10), normalized), '')
    const record: Subscriber = { ...base, state: 'pending' }
    return store().setIfNew(keyOf(normalized), JSON.stringify(record))
  },

  async find(email: string): Promise<Subscriber | null> {
    return read(keyOf(email))
  },

  /**
   * Marks a pending subscriber confirmed; a write that raced another is tried again. A bounced or
   * complained address stays as it is: confirming never brings back an address mail must not reach.
   */
  async confirm(email: string, now = new Date(), { linkIssuedAt }: { linkIssuedAt?: number } = {}): Promise<ConfirmOutcome> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const entry = await readEntry(keyOf(email))
      if (!entry) return 'missing'
      // A link made before this signup (for an earlier one, since unsubscribed) does not confirm
      // it: only the person's answer to its own email does. A token's time is in whole seconds.
      if (linkIssuedAt !== undefined && Date.parse(entry.record.created_at) > linkIssuedAt + 1000) return 'missing'
      if (isStopped(entry.record.state)) return 'stopped'
      if (entry.record.state === 'confirmed') return 'already-confirmed'
      const confirmed: Subscriber = { ...entry.record, state: 'confirmed', confirmed_at: now.toISOString() }
      if (await store().setIfMatch(keyOf(email), JSON.stringify(confirmed), entry.etag)) {
        // Back by their own word: an earlier unsubscribe no longer keeps imports away.
        await unsubscribes.forget(email)
        return 'confirmed'
      }
    }
    throw new StorageUnavailableError('Could not confirm the subscriber: the record kept changing')
  },

  /**
   * Stops all mail to a subscriber (SendGrid said the address bounced, or its owner marked our mail
   * as spam). Guarded by the record's ETag, as events for one address can arrive at once. The same
   * event twice changes nothing (the first reason and date are kept), and a complaint wins over a
   * bounce, never the other way. An address not on the list stays off it.
   */
  async stop({ email, state, reason }: Stop, now = new Date()): Promise<StopOutcome> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const entry = await readEntry(keyOf(email))
      if (!entry) return 'missing'
      const current = entry.record.state
      if (current === 'complained' || current === state) return 'unchanged'
      const stopped: Subscriber = { ...entry.record, state, stopped_at: now.toISOString(), stopped_reason: reason }
      if (await store().setIfMatch(keyOf(email), JSON.stringify(stopped), entry.etag)) return 'stopped'
    }
    throw new StorageUnavailableError('Could not stop mail to the subscriber: the record kept changing')
  },

  /**
   * Takes the subscriber off the list. A stopped address is kept as it is: its record is what
   * keeps a later signup from mailing it again. The delete happens only if the record is unchanged
   * since it was read (a compare-and-swap, blobs.ts deleteIfMatch), else it is read again: a bounce
   * or spam report that lands in between is kept, never deleted unseen.
   */
  async unsubscribe(email: string): Promise<UnsubscribeOutcome> {
    let unmarked = false
    for (let attempt = 0; attempt < 5; attempt++) {
      const entry = await readEntry(keyOf(email))
      if (!entry) return 'missing'
      if (isStopped(entry.record.state)) return 'kept-stopped'
      // Its recent signup markers first, so that no repair (repairSignups) makes the record again;
      // should this fail, the record is still there and the answer says so.
      if (!unmarked) {
        const now = Date.now()
        for (const day of [now, now - DAY_MS]) {
          await pendingStore().delete(keys.pendingSubscriber(new Date(day).toISOString().slice(0, 10), normalizeEmail(email)))
        }
        // And the address is remembered first, so that no import brings it back.
        await unsubscribes.remember(email)
        unmarked = true
      }
      if (await store().deleteIfMatch(keyOf(email), entry.etag)) return 'removed'
    }
    throw new StorageUnavailableError('Could not unsubscribe: the record kept changing')
  },

  async remove(email: string): Promise<void> {
    await store().delete(keyOf(email))
  },

  /**
   * Erases everything kept under the address, at the person's request (docs/decisions.md,
   * Erasure): every signup marker (the days' lists of signups, which name it), the remembered
   * unsubscribe (a keyed hash of it), and the record whatever its state, a stopped one included.
   * Markers first, so that no repair (repairSignups) makes the record again. Answers the record
   * that was there (its id and state, for the history), or null when there was none; the rest is
   * erased either way.
   */
  async erase(email: string): Promise<Subscriber | null> {
    // A marker is the day, then the subscriber's own key.
    const own = String(keyOf(email))
    const markers = (await pendingStore().keys()).filter((marker) => marker.slice(marker.indexOf('/') + 1) === own)
    await mapLimited(markers, (marker) => pendingStore().delete(marker))
    await unsubscribes.forget(email)
    const entry = await readEntry(keyOf(email))
    await store().delete(keyOf(email))
    return entry?.record ?? null
  },

  /**
   * Lets mail reach a stopped address again (it bounced, or its owner marked our mail as spam, and
   * has since asked to hear from us): back to confirmed if it had confirmed before, else to
   * pending. The stop's date and reason go. Guarded by the record's ETag, so a new bounce landing
   * meanwhile is read again rather than overwritten. Answers the record before and after, or
   * 'not-stopped' / 'missing'.
   */
  async clearStop(email: string): Promise<{ before: Subscriber; after: Subscriber } | 'not-stopped' | 'missing'> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const entry = await readEntry(keyOf(email))
      if (!entry) return 'missing'
      if (!isStopped(entry.record.state)) return 'not-stopped'
      const { stopped_at: _at, stopped_reason: _reason, ...rest } = entry.record
      const after: Subscriber = { ...rest, state: entry.record.confirmed_at ? 'confirmed' : 'pending' }
      if (await store().setIfMatch(keyOf(email), JSON.stringify(after), entry.etag)) return { before: entry.record, after }
    }
    throw new StorageUnavailableError('Could not clear the stop: the record kept changing')
  },

  /**
   * A page in email order; `search` matches the start of the address. With a `state`, only
   * subscribers in it count: the records are read in order until the page is full.
   */
  async page({ search = '', page = 1, state }: { search?: string; page?: number; state?: SubscriberState }) {
    const skip = (page - 1) * SUBSCRIBERS_PAGE_SIZE
    const prefix = keys.subscriberSearch(normalizeEmail(search))
    let found: Subscriber[]
    let hasMore: boolean
    if (state) {
      const matching = await readAll(await store().keys(prefix), (record) => record.state === state, skip + SUBSCRIBERS_PAGE_SIZE + 1)
      found = matching.slice(skip, skip + SUBSCRIBERS_PAGE_SIZE)
      hasMore = matching.length > skip + SUBSCRIBERS_PAGE_SIZE
    } else {
      const listed = await store().keys(prefix, skip + SUBSCRIBERS_PAGE_SIZE + 1)
      found = await readAll(listed.slice(skip, skip + SUBSCRIBERS_PAGE_SIZE))
      hasMore = listed.length > skip + SUBSCRIBERS_PAGE_SIZE
    }
    return { subscribers: found, page, pageSize: SUBSCRIBERS_PAGE_SIZE, hasMore }
  },

  /** Every subscriber at once: for small lists and tests (the export reads page by page). */
  async all(): Promise<Subscriber[]> {
    return readAll(await store().keys())
  },

  /** Every subscriber's key, a listed page (1,000) at a time: the background export. */
  keyPages: () => store().keyPages(),

  /**
   * The records under these keys, in their order, at most `width` reads in flight; a record
   * removed since it was listed is left out. `onRead` hears the count after each read.
   */
  async readKeys(listed: BlobKey[], { width = 50, onRead }: { width?: number; onRead?: (count: number) => void } = {}) {
    const found: (Subscriber | null)[] = new Array<Subscriber | null>(listed.length).fill(null)
    let next = 0
    let count = 0
    await Promise.all(
      Array.from({ length: Math.min(width, listed.length) }, async () => {
        while (next < listed.length) {
          const i = next++
          found[i] = await read(listed[i]!)
          onRead?.(++count)
        }
      }),
    )
    return found.filter((record) => record !== null)
  },

  /**
   * Removes signups still unconfirmed a week after they were made, and the markers of days gone
   * by; run on a schedule. Answers how many signups were removed.
   */
  async prunePending(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - CONFIRM_TTL_DAYS * DAY_MS)
    const cutoffDay = cutoff.toISOString().slice(0, 10)
    const markers = (await pendingStore().keys()).filter((key) => key.slice(0, key.indexOf('/')) < cutoffDay)
    let removed = 0
    for (const marker of markers) {
      const subscriberKey = keys.listed(marker.slice(marker.indexOf('/') + 1))
      const entry = await readEntry(subscriberKey)
      // Confirmed since, or signed up again after being removed: only a week-old pending record
      // goes, and only as it was read (a confirm or a bounce landing meanwhile keeps it).
      if (entry?.record.state === 'pending' && entry.record.created_at <= cutoff.toISOString()) {
        if (await store().deleteIfMatch(subscriberKey, entry.etag)) removed++
      }
      await pendingStore().delete(marker)
    }
    return removed
  },
}
