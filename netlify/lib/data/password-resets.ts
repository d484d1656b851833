import { createHash, randomBytes } from 'node:crypto'
import * as z from 'zod/mini'
import { RESET_EMAIL_INTERVAL_MINUTES } from '#domain/admin-user.ts'
import { openStore, StorageUnavailableError } from '#lib/storage/blobs.ts'
import { sameBytes } from '#lib/auth/secrets.ts'
import { keys } from '#lib/storage/keys.ts'

/**
 * The live reset link of each account: one record per user, keyed by the user's id, holding the
 * SHA-256 of the link's nonce (never the nonce itself: the store alone does not give a working
 * link back, even to someone who also had the signing key), when it was made and when it was used.
 * Made and replaced only by compare-and-swap, so two requests at once make one link and one email,
 * and two uses at once of one link let exactly one through. Only the newest link of an account
 * works: a new one replaces the record.
 *
 * The link itself is a signed token (netlify/lib/auth/session/password-reset.ts) carrying the nonce and its
 * expiry; this record is what makes it work once.
 */
const store = () => openStore('password-resets')

const RecordSchema = z.object({ nonceHash: z.string(), issuedAt: z.string(), usedAt: z.optional(z.string()) })
type ResetRecord = z.infer<typeof RecordSchema>

const INTERVAL_MS = RESET_EMAIL_INTERVAL_MINUTES * 60_000

const hashOf = (nonce: string) => createHash('sha256').update(nonce).digest()

function parse(text: string): ResetRecord {
  const parsed = z.safeParse(RecordSchema, JSON.parse(text))
  if (!parsed.success) throw new StorageUnavailableError('A stored reset link is invalid', { cause: parsed.error })
  return parsed.data
}

function sameNonce(record: ResetRecord, nonce: string): boolean {
  const stored = Buffer.from(record.nonceHash, 'base64url')
  const given = hashOf(nonce)
  return sameBytes(stored, given)
}

/** What a link's nonce finds: the live link, one already used, or nothing (a newer link replaced it, or none was made). */
export type LinkState = 'live' | 'used' | 'replaced'

export const passwordResets = {
  /**
   * A new link's nonce for the user, replacing any older link; or null when a link was made less
   * than RESET_EMAIL_INTERVAL_MINUTES ago (that email is still on its way or in her inbox, and
   * still works, since links live longer than the interval), or another request made one just now.
   * At most one email per account per interval, however many ask and from wherever.
   */
  async issue(userId: string, now = new Date()): Promise<string | null> {
    const key = keys.passwordReset(userId)
    const entry = await store().getEntry(key)
    if (entry && now.getTime() - Date.parse(parse(entry.text).issuedAt) < INTERVAL_MS) return null
    const nonce = randomBytes(24).toString('base64url')
    const record: ResetRecord = { nonceHash: hashOf(nonce).toString('base64url'), issuedAt: now.toISOString() }
    const text = JSON.stringify(record)
    const written = entry ? await store().setIfMatch(key, text, entry.etag) : await store().setIfNew(key, text)
    return written ? nonce : null
  },

  async state(userId: string, nonce: string): Promise<LinkState> {
    const text = await store().get(keys.passwordReset(userId))
    if (text === null) return 'replaced'
    const record = parse(text)
    if (!sameNonce(record, nonce)) return 'replaced'
    return record.usedAt ? 'used' : 'live'
  },

  /** Marks the link used; true for exactly one of any number of callers with the live link. */
  async redeem(userId: string, nonce: string, now = new Date()): Promise<LinkState | 'redeemed'> {
    const key = keys.passwordReset(userId)
    const entry = await store().getEntry(key)
    if (!entry) return 'replaced'
    const record = parse(entry.text)
    if (!sameNonce(record, nonce)) return 'replaced'
    if (record.usedAt) return 'used'
    const used: ResetRecord = { ...record, usedAt: now.toISOString() }
    if (await store().setIfMatch(key, JSON.stringify(used), entry.etag)) return 'redeemed'
    // Someone wrote in between: another use of this link, or a newer link.
    return this.state(userId, nonce)
  },

  /** Takes back a link whose email could not be sent, so she may ask again at once; leaves a newer one alone. */
  async withdraw(userId: string, nonce: string): Promise<void> {
    const key = keys.passwordReset(userId)
    const entry = await store().getEntry(key)
    if (!entry || !sameNonce(parse(entry.text), nonce)) return
    // A tombstone that is old at once, rather than a delete that could remove a record made in between.
    const stale: ResetRecord = { nonceHash: '', issuedAt: new Date(0).toISOString(), usedAt: new Date(0).toISOString() }
    await store().setIfMatch(key, JSON.stringify(stale), entry.etag)
  },
}
