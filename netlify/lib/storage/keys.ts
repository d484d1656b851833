import { createHash, createHmac } from 'node:crypto'
import { isId } from '#domain/fields.ts'
import { keyFor } from '#lib/auth/secrets.ts'
import { HttpError } from '#lib/http/http-error.ts'

/**
 * Every Blobs key the functions use is built here, from parts that have been checked.
 *
 * Why this matters: the Blobs client puts a key into a URL path, and URL parsing rewrites what it
 * understands there: `..` and `.` segments climb, `%2F` may become a slash, `#` and `?` cut the
 * path short. A key taken from a request (`../index#`) would then name another record, even in
 * another store. So a key is only ever made of segments from one safe alphabet (letters, digits,
 * `_`, `-`, `~`) joined by single slashes; request text that must become a key is hashed or
 * hex-encoded first; and the store wrapper (blobs.ts) refuses any other key on every operation.
 */
declare const blobKeyBrand: unique symbol
declare const prefixBrand: unique symbol
/** A full key, made by one of the builders below. */
export type BlobKey = string & { readonly [blobKeyBrand]: true }
/** The start of keys, for list(): complete segments, optionally ending in a slash. */
export type KeyPrefix = string & { readonly [prefixBrand]: true }

/** The Blobs service limit is 600 bytes; the local server stores each segment as a file name. */
const MAX_KEY_LENGTH = 600
const SEGMENT = /^[\w~-]{1,200}$/

/**
 * Thrown when a key or prefix would leave the safe alphabet. To the caller it is a bad request;
 * the route wrapper also logs it, since every id is checked where it enters and reaching this
 * means a check is missing upstream.
 */
export class UnsafeKeyError extends HttpError {
  constructor(detail: string) {
    super(400, 'Invalid request')
    this.name = 'UnsafeKeyError'
    this.cause = detail
  }
}

export function isSafeKey(key: string): key is BlobKey {
  return key.length > 0 && key.length <= MAX_KEY_LENGTH && key.split('/').every((segment) => SEGMENT.test(segment))
}

export function isSafePrefix(prefix: string): boolean {
  if (prefix === '') return true
  return isSafeKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix)
}

export function assertSafeKey(key: string): asserts key is BlobKey {
  if (!isSafeKey(key)) throw new UnsafeKeyError(`unsafe storage key refused (${key.length} characters)`)
}

export function assertSafePrefix(prefix: string): asserts prefix is KeyPrefix {
  if (!isSafePrefix(prefix)) throw new UnsafeKeyError(`unsafe storage prefix refused (${prefix.length} characters)`)
}

function key(...segments: string[]): BlobKey {
  const joined = segments.join('/')
  assertSafeKey(joined)
  return joined
}

function id(value: string): string {
  if (!isId(value)) throw new UnsafeKeyError('a record id outside the id alphabet reached a storage key')
  return value
}

/** A part's number as a segment of three digits, so the parts list in order. */
function partNumber(part: number): string {
  if (!Number.isInteger(part) || part < 1 || part > 999) throw new UnsafeKeyError('a part number outside 1-999 reached a storage key')
  return String(part).padStart(3, '0')
}

/** A batch's number as six digits, so batches list in order. */
function batchNumber(batch: number): string {
  if (!Number.isInteger(batch) || batch < 0 || batch > 999_999) throw new UnsafeKeyError('a batch number outside 0-999999 reached a storage key')
  return String(batch).padStart(6, '0')
}

/**
 * Text of any shape as one fixed-length segment (rate-limit subjects, email recipients). Keyed
 * with a secret derived from JWT_SECRET, so the stored keys do not give back the addresses,
 * usernames and emails behind them to anyone who reads the store and tries a dictionary.
 */
function hashed(text: string): string {
  const key = keyFor('storageSubjects')
  const digest = key ? createHmac('sha256', key) : createHash('sha256')
  return digest.update(text).digest('base64url').slice(0, 32)
}

/**
 * An email as a key that keeps its order and its prefixes (a search for the start of an address
 * is a list by prefix): its UTF-8 bytes in hex, a slash every 200 characters so each segment stays
 * a valid file name for the local server. 254 octets give at most 510 characters.
 */
function hexSegments(text: string): string {
  return (
    Buffer.from(text, 'utf8')
      .toString('hex')
      .match(/.{1,200}/g) ?? []
  ).join('/')
}

export const keys = {
  /** The one JSON document of a collection store (posts, resources, content, users). */
  document: () => key('index'),

  postBody: (postId: string, revision: string) => key('body', id(postId), id(revision)),
  postBodies: (postId: string) => `${key('body', id(postId))}/` as KeyPrefix,
  allPostBodies: () => 'body/' as KeyPrefix,

  booking: (bookingId: string) => key(id(bookingId)),
  /** One marker per booking's content: a request sent twice is one booking (bookings.ts). */
  bookingSubmission: (fingerprint: string) => key('submission', hashed(fingerprint)),
  bookingSubmissions: () => 'submission/' as KeyPrefix,

  subscriber: (normalizedEmail: string) => key(hexSegments(normalizedEmail)),
  subscriberSearch: (normalizedStart: string): KeyPrefix | undefined => {
    if (!normalizedStart) return undefined
    const prefix = hexSegments(normalizedStart)
    assertSafePrefix(prefix)
    return prefix
  },

  /**
   * One marker per unconfirmed signup, under the day it was made, then the subscriber's own key:
   * the maintenance task finds week-old signups by listing days, without reading every subscriber.
   */
  pendingSubscriber: (day: string, normalizedEmail: string) => key(id(day), hexSegments(normalizedEmail)),

  rateLimitEntry: (scope: string, subject: string, entryId: string) => key(scope, hashed(subject), id(entryId)),
  rateLimitEntries: (scope: string, subject: string) => `${key(scope, hashed(subject))}/` as KeyPrefix,
  rateLimitScope: (scope: string) => `${key(scope)}/` as KeyPrefix,
  /** A network a user has signed in from (login.ts). */
  knownNetwork: (subject: string) => key('login-known', hashed(subject)),

  /** One marker per recipient and day: at most one welcome email each. */
  welcomeMarker: (normalizedEmail: string, day: string) => key('welcome', hashed(normalizedEmail), id(day)),
  welcomeMarkers: () => 'welcome/' as KeyPrefix,

  download: (eventId: string, resourceId: string) => key(`${id(eventId)}~${id(resourceId)}`),
  revokedToken: (jti: string) => key(id(jti)),
  /** The one live reset link of an account, if any (netlify/lib/data/password-resets.ts). */
  passwordReset: (userId: string) => key(id(userId)),
  /** One activity entry: time-ordered, with its kind of record and actor, so filters need no reads. */
  activityEntry: (entryId: string, subject: string, actorId: string) => key(`${id(entryId)}~${id(subject)}~${id(actorId)}`),
  /** The saved versions of one post, time-ordered. */
  postVersion: (postId: string, versionId: string) => key('version', id(postId), id(versionId)),
  postVersions: (postId: string) => `${key('version', id(postId))}/` as KeyPrefix,
  outboxEmail: (emailId: string) => key(id(emailId)),

  /** A media file's record, and its bytes in numbered parts (netlify/lib/data/media.ts). */
  mediaFile: (fileId: string) => key('file', id(fileId)),
  mediaFiles: () => 'file/' as KeyPrefix,
  mediaPart: (fileId: string, part: number) => key('part', id(fileId), partNumber(part)),
  mediaParts: (fileId: string) => `${key('part', id(fileId))}/` as KeyPrefix,
  allMediaParts: () => 'part/' as KeyPrefix,

  /** A newsletter, its send's run state (cursor, counts, lease) and its batches, numbered in order. */
  newsletter: (newsletterId: string) => key('newsletter', id(newsletterId)),
  newsletters: () => 'newsletter/' as KeyPrefix,
  newsletterRun: (newsletterId: string) => key('run', id(newsletterId)),
  newsletterBatch: (newsletterId: string, batch: number) => key('batch', id(newsletterId), batchNumber(batch)),
  newsletterBatches: (newsletterId: string) => `${key('batch', id(newsletterId))}/` as KeyPrefix,
  /** One unsubscribe, time-ordered: "unsubscribed since" a send started is a count of keys. */
  unsubscribeEvent: (eventId: string) => key(id(eventId)),
  /** An address that unsubscribed, as a keyed hash: imports refuse it, and nothing reads it back as an address. */
  unsubscribedAddress: (normalizedEmail: string) => key(hashed(normalizedEmail)),
  /** A subscriber export's job record and its finished file (netlify/lib/data/subscriber-exports.ts). */
  exportJob: (jobId: string) => key('job', id(jobId)),
  exportJobs: () => 'job/' as KeyPrefix,
  exportFile: (jobId: string) => key('file', id(jobId)),
  exportFiles: () => 'file/' as KeyPrefix,

  /** A key read back from list(): checked like any other before it is used again. */
  listed: (value: string) => key(value),
}
