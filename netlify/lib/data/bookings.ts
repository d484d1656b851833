import * as z from 'zod/mini'
import { StoredBookingSchema, type BookingRequest, type BookingStatus, type StoredBooking } from '../../../domain/booking'
import { openStore, StorageUnavailableError } from '../blobs'
import { HttpError } from '../http'
import { timeOrderedId } from '../ids'

/** One blob per booking, keyed by a time-ordered id: stored with one create-only write, listed newest first. */
const store = () => openStore('bookings')

function parse(text: string): StoredBooking {
  const result = z.safeParse(StoredBookingSchema, JSON.parse(text))
  if (!result.success) throw new StorageUnavailableError('Stored booking is invalid', { cause: result.error })
  return result.data
}

/** Compare-and-swap on one booking, for status changes that may race the mail retry. */
async function change(id: string, apply: (booking: StoredBooking) => StoredBooking | null): Promise<StoredBooking> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const entry = await store().getEntry(id)
    if (!entry) throw new HttpError(404, 'Booking not found')
    const current = parse(entry.text)
    const next = apply(current)
    if (!next) return current
    if (await store().setIfMatch(id, JSON.stringify(next), entry.etag)) return next
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
    await store().setIfNew(booking.id, JSON.stringify(booking))
    return booking
  },

  async get(id: string): Promise<StoredBooking | null> {
    const text = await store().get(id)
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

  /** Records one delivery attempt's outcome. A booking already sent stays sent. */
  markEmail(id: string, sent: boolean): Promise<StoredBooking> {
    return change(id, (booking) =>
      booking.emailStatus === 'sent'
        ? null
        : { ...booking, emailStatus: sent ? 'sent' : 'failed', emailAttempts: booking.emailAttempts + 1 },
    )
  },

  /** Bookings whose email has not gone out yet, oldest first. */
  async unsent(): Promise<StoredBooking[]> {
    return (await this.list()).filter((booking) => booking.emailStatus !== 'sent').reverse()
  },
}
