import { createHash, randomBytes } from 'node:crypto'
import * as z from 'zod/mini'
import { keyFor, requireKeyFor, sameText, sign } from '#lib/auth/secrets.ts'
import { openStore } from '#lib/storage/blobs.ts'
import { defineDocument } from '#lib/storage/document.ts'
import { written, type WrittenBy } from './written'

/**
 * Her private calendar feed's secret address. What is stored is a random value and the hash of the
 * token made from it: the token itself is the value signed with a key derived from the site's
 * secret, so someone who reads the store learns neither the address nor a way to make it, and the
 * admin can still be shown the address again. A new one replaces both: the old address stops
 * answering at once.
 */
const FeedSchema = z.object({ nonce: z.optional(z.string()), hash: z.optional(z.string()), madeAt: z.optional(z.string()) })

const doc = defineDocument(
  () => openStore('calendar-feed'),
  FeedSchema,
  () => ({}),
)

export const FEED_UNCONFIGURED = 'The calendar feed cannot be made until the site has its secret (JWT_SECRET).'

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url')

/** The token of a stored value, or undefined while the site has no secret. */
function tokenOf(nonce: string, key = keyFor('calendarFeed')): string | undefined {
  return key ? sign(key, `calendar-feed:${nonce}`) : undefined
}

/** A token's shape: what `sign` writes (base64url of 32 bytes); anything else is not looked up. */
const TOKEN = /^[\w-]{43}$/

export const calendarFeed = {
  /** The current token, or null before one is made (or while the site has no secret). */
  async token(): Promise<string | null> {
    const { nonce } = await doc.read()
    return (nonce && tokenOf(nonce)) ?? null
  },

  /** Makes a new token, which replaces the one before. */
  async renew({ by }: WrittenBy = {}): Promise<string> {
    const key = requireKeyFor('calendarFeed', FEED_UNCONFIGURED)
    const nonce = randomBytes(32).toString('base64url')
    const token = tokenOf(nonce, key)!
    const before = await doc.update((current) => ({
      doc: { nonce, hash: hashOf(token), madeAt: new Date().toISOString() },
      result: current,
    }))
    await written(
      {
        subject: 'availability',
        recordId: 'calendar-feed',
        label: 'Calendar address',
        before: before.hash ? {} : null,
        after: {},
        action: before.hash ? 'updated' : 'created',
        changes: [before.hash ? 'Made a new private calendar address; the old one no longer works' : 'Made her private calendar address'],
      },
      by,
    )
    return token
  },

  /** Whether `token` is the current one (compared by hash, in constant time). */
  async matches(token: string): Promise<boolean> {
    if (!TOKEN.test(token)) return false
    const { hash } = await doc.read()
    return hash !== undefined && sameText(hash, hashOf(token))
  },
}
