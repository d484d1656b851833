import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'
import { NotConfiguredError } from '#domain/errors.ts'
import { env } from '#lib/config/env.ts'

/**
 * Every key the site signs or hashes with comes from its one secret, JWT_SECRET, derived with HKDF
 * under a label of its own. A key made for one purpose never verifies another's (an unsubscribe
 * link cannot pass for a confirmation, nor an export signature for the newsletter worker's), and
 * none is the secret itself, which also signs the admin sessions. A label ends in a version: a
 * new version is a new key, so every signature made under the old one stops working at once.
 */
const LABELS = {
  calendarFeed: 'calendar-feed/v1',
  confirmLinks: 'subscription-confirm-links/v1',
  exportJobs: 'subscriber-export-jobs/v1',
  newsletterWorker: 'newsletter-worker/v1',
  passwordResetLinks: 'password-reset-links/v1',
  sessionLinks: 'session-links/v1',
  storageSubjects: 'storage-subjects/v1',
  unsubscribeLinks: 'unsubscribe-links/v1',
} as const
export type KeyPurpose = keyof typeof LABELS

/** Shorter than this, a secret could be guessed; the site then acts as if it had none. */
export const MIN_SECRET_LENGTH = 32
const SALT = 'faithful-finances'

/** The site's secret, when it has one long enough. */
export function rootSecret(): string | undefined {
  const value = env('JWT_SECRET')
  return value && value.length >= MIN_SECRET_LENGTH ? value : undefined
}

// HKDF is cheap, but a newsletter signs thousands of links: each key is derived once per secret.
const derived = new Map<KeyPurpose, { root: string; key: Buffer }>()

/** The key for one purpose, or undefined when the site has no secret yet. */
export function keyFor(purpose: KeyPurpose): Buffer | undefined {
  const root = rootSecret()
  if (!root) return undefined
  const cached = derived.get(purpose)
  if (cached?.root === root) return cached.key
  const key = Buffer.from(hkdfSync('sha256', root, SALT, LABELS[purpose], 32))
  derived.set(purpose, { root, key })
  return key
}

/** The key for one purpose; without a secret, the feature is not set up: `unconfigured` says so. */
export function requireKeyFor(purpose: KeyPurpose, unconfigured: string): Buffer {
  const key = keyFor(purpose)
  if (!key) throw new NotConfiguredError(unconfigured)
  return key
}

/** An HMAC-SHA256 of the text under the key, as URL-safe text. */
export function sign(key: Uint8Array, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url')
}

/** Whether `given` is the signature of the text, compared in constant time. */
export function verify(key: Uint8Array, text: string, given: string | null | undefined): boolean {
  return typeof given === 'string' && sameText(sign(key, text), given)
}

// Both sides are hashed under a key of this process before the compare: the digests have one
// length whatever was given, so neither the length nor the first differing byte shows in the time.
const compareKey = randomBytes(32)
const digest = (text: string) => createHmac('sha256', compareKey).update(text).digest()

/** Whether two texts (secrets, signatures) are equal, in time that says nothing about either. */
export function sameText(expected: string, given: string): boolean {
  return timingSafeEqual(digest(expected), digest(given))
}

/** Whether two byte strings (stored hashes) are equal, in constant time for equal lengths. */
export function sameBytes(expected: Uint8Array, given: Uint8Array): boolean {
  return expected.length === given.length && timingSafeEqual(expected, given)
}
