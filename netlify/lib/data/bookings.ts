import { NotFoundError } from '#domain/errors.ts'
import * as z from 'zod/mini'
import { StoredBookingSchema, type BookingRequest, type BookingStatus, type StoredBooking } from '#domain/booking.ts'
import { openStore, StorageUnavailableError } from '#lib/storage/blobs.ts'
import { isId } from '#domain/fields.ts'
import { newId, timeOrderedId } from '#lib/storage/ids.ts'
import { keys } from '#lib/storage/keys.ts'
import { written, type WrittenBy } from './written'

/**
 * One blob per booking, keyed by a time-ordered id: stored with one create-only write, listed
 * newest first. A second store holds one marker per booking whose email has not gone out yet, so
 * the retry reads only those.
 */
const store = () => openStore('bookings')
const unsentMarkers = () => openStore('booking-emails-due')
const submissions = () => openStore('booking-submissions')

/**
 * How long the same request counts as the same booking: a form sent again by a reload, a second
 * press, or by the page's code after the browser had already sent it (a slow phone) is one
 * booking, with one email to the coach.
 */
export const SAME_BOOKING_MS = 24 * 60 * 60_000

const SubmissionSchema = z.object({ id: z.string(), at: z.string() })
type Submission = z.infer<typeof SubmissionSchema>

/** A marker that cannot be read counts as expired: it is taken over, never trusted. */
function parseSubmission(text: string | null): Submission | null {
  if (text === null) return null
  try {
    const result = z.safeParse(SubmissionSchema, JSON.parse(text))
    return result.success && isId(result.data.id) ? result.data : null
  } catch {
    return null
  }
}

/** What makes two requests the same: every field as checked (trimmed), in one fixed order. */
function fingerprintOf(request: BookingRequest): string {
  const { firstName, lastName, email, phone, company, country, service, message } = request
  return JSON.stringify([firstName, lastName, email.toLowerCase(), phone ?? '', company ?? '', country, message, service])
}

/** How long a delivery attempt may hold its claim before another may take over (a crashed attempt). */
export const EMAIL_CLAIM_MS = 2 * 60_000

function parse(text: string): StoredBooking {
  const result = z.safeParse(StoredBookingSchema, JSON.parse(text))
  if (!result.success) throw new StorageUnavailableError('Stored booking is invalid', { cause: result.error })
  return result.data
}

/** Compare-and-swap on one booking, for status changes that may race the mail retry. */
async function change(id: string, apply: (booking: StoredBooking) => StoredBooking | null): Promise<StoredBooking> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const entry = await store().getEntry(keys.booking(id))
    if (!entry) throw new NotFoundError('Booking not found')
    const current = parse(entry.text)
    const next = apply(current)
    if (!next) return current
    if (await store().setIfMatch(keys.booking(id), JSON.stringify(next), entry.etag)) return next
  }
  throw new StorageUnavailableError(`Too much contention on booking "${id}"`)
}

/**
 * The booking id for this request: a new one, or the one the same request got within
 * SAME_BOOKING_MS. One create-only marker per request's content decides, so two copies sent at
 * the same moment agree; an expired marker is taken over with a compare-and-swap.
 */
async function submissionId(request: BookingRequest, now: Date): Promise<string> {
  const key = keys.bookingSubmission(fingerprintOf(request))
  for (let attempt = 0; attempt < 10; attempt++) {
    const mine: Submission = { id: timeOrderedId(), at: now.toISOString() }
    if (await submissions().setIfNew(key, JSON.stringify(mine))) return mine.id
    const entry = await submissions().getEntry(key)
    if (!entry) continue
    const theirs = parseSubmission(entry.text)
    if (theirs && now.getTime() - Date.parse(theirs.at) < SAME_BOOKING_MS) return theirs.id
    if (await submissions().setIfMatch(key, JSON.stringify(mine), entry.etag)) return mine.id
  }
  throw new StorageUnavailableError('Too much contention on a booking submission')
}

export const bookings = {
  /**
   * Stores a visitor's request, once: the same request again within SAME_BOOKING_MS gives back
   * the booking it made, with `created` false (its email is not sent again). If the first copy
   * stopped half-way, the second finishes storing it.
   */
  async submit(request: BookingRequest, at = new Date()): Promise<{ booking: StoredBooking; created: boolean }> {
    const id = await submissionId(request, at)
    const existing = await this.get(id)
    if (existing) return { booking: existing, created: false }
    const booking = await this.add(request, id, at)
    return { booking, created: true }
  },

  async add(request: BookingRequest, id = timeOrderedId(), at = new Date()): Promise<StoredBooking> {
    const now = at.toISOString()
    const { website: _honeypot, ...fields } = request
    const booking: StoredBooking = {
      ...fields,
      id,
      status: 'new',
      emailStatus: 'pending',
      emailAttempts: 0,
      createdAt: now,
      updatedAt: now,
    }
    // Marker first: a marker without its booking is dropped by the retry; the reverse would never be emailed.
    await unsentMarkers().set(keys.booking(booking.id), '')
    // Two copies of one request may both get here: the first write wins and both return it.
    if (await store().setIfNew(keys.booking(booking.id), JSON.stringify(booking))) return booking
    return (await this.get(booking.id)) ?? booking
  },

  /** Forgets the markers of requests older than SAME_BOOKING_MS; run on a schedule. */
  async pruneSubmissions(now = new Date()): Promise<number> {
    let pruned = 0
    for (const key of await submissions().keys(keys.bookingSubmissions())) {
      const marker = parseSubmission(await submissions().get(key))
      if (marker && now.getTime() - Date.parse(marker.at) < SAME_BOOKING_MS) continue
      await submissions().delete(key)
      pruned++
    }
    return pruned
  },

  async get(id: string): Promise<StoredBooking | null> {
    const text = await store().get(keys.booking(id))
    return text === null ? null : parse(text)
  },

  async list(): Promise<StoredBooking[]> {
    const keys = (await store().keys()).sort().reverse()
    const texts = await Promise.all(keys.map((key) => store().get(key)))
    return texts.filter((text): text is string => text !== null).map(parse)
  },

  async setStatus(id: string, status: BookingStatus, { by }: WrittenBy = {}): Promise<StoredBooking> {
    // The version the change was made to: the last one `change` saw is the one that was replaced.
    let before: StoredBooking | null = null
    const after = await change(id, (booking) => {
      before = booking
      return { ...booking, status, updatedAt: new Date().toISOString() }
    })
    await written({ subject: 'booking', recordId: id, label: `${after.firstName} ${after.lastName}`, before: before ?? after, after }, by)
    return after
  },

  /**
   * Claims the right to send this booking's email now. False when it is sent already, or another
   * attempt holds a fresh claim. A claim older than EMAIL_CLAIM_MS is taken over.
   */
  async claimEmail(id: string, now = new Date()): Promise<boolean> {
    const claim = newId()
    const result = await change(id, (booking) => {
      if (booking.emailStatus === 'sent') return null
      const held =
        booking.emailStatus === 'sending' && booking.emailClaimedAt && now.getTime() - Date.parse(booking.emailClaimedAt) < EMAIL_CLAIM_MS
      return held ? null : { ...booking, emailStatus: 'sending', emailClaimedAt: now.toISOString(), emailClaim: claim }
    })
    return result.emailStatus === 'sending' && result.emailClaim === claim
  },

  /** Records one delivery attempt's outcome. A booking already sent stays sent. */
  async markEmail(id: string, sent: boolean): Promise<StoredBooking> {
    const booking = await change(id, (current) =>
      current.emailStatus === 'sent'
        ? null
        : {
            ...current,
            emailStatus: sent ? 'sent' : 'failed',
            emailAttempts: current.emailAttempts + 1,
            emailClaimedAt: undefined,
            emailClaim: undefined,
          },
    )
    if (booking.emailStatus === 'sent') await unsentMarkers().delete(keys.booking(id))
    return booking
  },

  /** Bookings whose email has not gone out yet, oldest first (markers of vanished bookings are dropped). */
  async unsent(): Promise<StoredBooking[]> {
    const due: StoredBooking[] = []
    for (const id of (await unsentMarkers().keys()).sort()) {
      const booking = await this.get(id)
      if (booking && booking.emailStatus !== 'sent') due.push(booking)
      else if (!booking || booking.emailStatus === 'sent') await unsentMarkers().delete(keys.booking(id))
    }
    return due
  },
}
