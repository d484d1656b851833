import * as z from 'zod/mini'
import { StoredBookingSchema, type BookingRequest, type BookingStatus, type StoredBooking } from '../../../domain/booking'
import { openStore, StorageUnavailableError } from '../blobs'
import { HttpError } from '../http'
import { newId, timeOrderedId } from '../ids'
import { keys } from '../keys'

/**
 * One blob per booking, keyed by a time-ordered id: stored with one create-only write, listed
 * newest first. A second store holds one marker per booking whose email has not gone out yet, so
 * the retry reads only those.
 */
const store = () => openStore('bookings')
const unsentMarkers = () => openStore('booking-emails-due')

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
    if (!entry) throw new HttpError(404, 'Booking not found')
    const current = parse(entry.text)
    const next = apply(current)
    if (!next) return current
    if (await store().setIfMatch(keys.booking(id), JSON.stringify(next), entry.etag)) return next
  }
  throw new StorageUnavailableError(`Too much contention on booking "${id}"`)
}

export const bookings = {
  async add(request: BookingRequest): Promise<StoredBooking> {
    const now = new Date().toISOString()
    const { website: _honeypot, ...fields } = request
    const booking: StoredBooking = {
      ...fields,
      id: timeOrderedId(),
      status: 'new',
      emailStatus: 'pending',
      emailAttempts: 0,
      createdAt: now,
      updatedAt: now,
    }
    // Marker first: a marker without its booking is dropped by the retry; the reverse would never be emailed.
    await unsentMarkers().set(keys.booking(booking.id), '')
    await store().setIfNew(keys.booking(booking.id), JSON.stringify(booking))
    return booking
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

  setStatus(id: string, status: BookingStatus): Promise<StoredBooking> {
    return change(id, (booking) => ({ ...booking, status, updatedAt: new Date().toISOString() }))
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
