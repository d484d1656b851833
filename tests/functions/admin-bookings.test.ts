import { getStore } from '@netlify/blobs'
import { describe, expect, it } from 'vitest'
import type { StoredBooking } from '#domain/booking.ts'
import * as adminBooking from '#functions/admin-booking.ts'
import * as adminBookings from '#functions/admin-bookings.ts'
import * as sendBookingEmail from '#functions/send-booking-email.ts'
import { bookings } from '#lib/data/bookings.ts'
import { timeOrderedId } from '#lib/storage/ids.ts'
import { keys } from '#lib/storage/keys.ts'
import { createAdmin, createEditor } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call } from '#tests/support/call.ts'
import { bookingInput } from '#tests/support/factories.ts'

useBlobsServer()

type ListBody = { success: boolean; message?: string; bookings: StoredBooking[] }
type BookingBody = { success: boolean; message?: string; booking: StoredBooking }

// Each from its own address: the public form allows only a few bookings per address.
let address = 0
const book = (overrides: Record<string, unknown> = {}) =>
  call(sendBookingEmail, {
    method: 'POST',
    path: '/.netlify/functions/send-booking-email',
    body: bookingInput(overrides),
    ip: `198.51.100.${++address}`,
  })
const list = (authorization: string) => call<ListBody>(adminBookings, { path: '/api/admin/bookings', headers: { authorization } })
const setStatus = (authorization: string, id: string, body: unknown) =>
  call<BookingBody>(adminBooking, {
    method: 'PUT',
    path: `/api/admin/bookings/${encodeURIComponent(id)}`,
    params: { id },
    body,
    headers: { authorization },
  })

describe('GET /api/admin/bookings', () => {
  it('lists the bookings sent through the public form, newest first', async () => {
    const { authorization } = await createAdmin()
    for (const firstName of ['Ada', 'Bea', 'Cora']) expect((await book({ firstName })).status).toBe(200)

    const { status, body } = await list(authorization)

    expect(status).toBe(200)
    expect(body.success).toBe(true)
    expect(body.bookings.map((b) => b.firstName)).toEqual(['Cora', 'Bea', 'Ada'])
    const dates = body.bookings.map((b) => b.createdAt)
    expect(dates).toEqual([...dates].sort().reverse())
  })

  it('shows every field the visitor sent, with status new', async () => {
    const { authorization } = await createAdmin()
    const sent = bookingInput({ firstName: 'Grace', email: 'grace@test.example' })
    await call(sendBookingEmail, { method: 'POST', path: '/.netlify/functions/send-booking-email', body: sent, ip: '192.0.2.1' })

    const [booking] = (await list(authorization)).body.bookings

    expect(booking).toMatchObject({
      firstName: sent.firstName,
      lastName: sent.lastName,
      email: sent.email,
      phone: sent.phone,
      company: sent.company,
      country: sent.country,
      service: 'Not sure yet',
      message: sent.message,
      status: 'new',
    })
  })

  it('shows the service each booking is about', async () => {
    const { authorization } = await createAdmin()
    await book({ firstName: 'Ada', service: 'Investment Coaching' })
    await book({ firstName: 'Bea', service: 'A service renamed since' })
    await book({ firstName: 'Cora' })

    const listed = (await list(authorization)).body.bookings

    expect(listed.map((b) => [b.firstName, b.service])).toEqual([
      ['Cora', 'Not sure yet'],
      ['Bea', 'A service renamed since'],
      ['Ada', 'Investment Coaching'],
    ])
  })

  it('reads back bookings stored before the form asked for a service and listed countries', async () => {
    const { authorization } = await createAdmin()
    // As the form stored them then: no service, the country as typed.
    const id = timeOrderedId()
    const old = {
      id,
      firstName: 'Esther',
      lastName: 'Mensah',
      email: 'esther@test.example',
      country: 'Gold Coast (typed by hand)',
      message: 'Written before the service question.',
      status: 'new',
      emailStatus: 'sent',
      emailAttempts: 1,
      createdAt: '2025-01-02T10:00:00.000Z',
      updatedAt: '2025-01-02T10:00:00.000Z',
    }
    await getStore({ name: 'bookings', consistency: 'strong' }).set(keys.booking(id), JSON.stringify(old))

    const { status, body } = await list(authorization)

    expect(status).toBe(200)
    expect(body.bookings).toEqual([{ ...old, service: 'Not sure yet' }])
    // It can still be marked handled, and keeps its country.
    expect((await setStatus(authorization, id, { status: 'handled' })).body.booking).toMatchObject({
      country: 'Gold Coast (typed by hand)',
      service: 'Not sure yet',
      status: 'handled',
    })
  })

  it('answers an empty list when there is none', async () => {
    const { authorization } = await createAdmin()
    expect((await list(authorization)).body).toEqual({ success: true, bookings: [] })
  })
})

describe('PUT /api/admin/bookings/{id}', () => {
  it('marks a booking handled, and new again', async () => {
    const { authorization } = await createAdmin()
    await book()
    const [booking] = await bookings.list()
    const id = booking!.id

    const handled = await setStatus(authorization, id, { status: 'handled' })

    expect(handled.status).toBe(200)
    expect(handled.body).toEqual({
      success: true,
      message: expect.any(String),
      booking: expect.objectContaining({ id, status: 'handled' }),
    })
    expect((await list(authorization)).body.bookings[0]?.status).toBe('handled')

    const reopened = await setStatus(authorization, id, { status: 'new' })

    expect(reopened.status).toBe(200)
    expect((await bookings.get(id))?.status).toBe('new')
  })

  it('changes only the status', async () => {
    const { authorization } = await createAdmin()
    await book()
    const [before] = await bookings.list()

    await setStatus(authorization, before!.id, { status: 'handled' })

    const after = await bookings.get(before!.id)
    expect({ ...after, status: before!.status, updatedAt: before!.updatedAt }).toEqual(before)
  })

  it.each([{ status: 'done' }, { status: 'HANDLED' }, { status: '' }, { status: 1 }, {}])('answers 400 to %j', async (payload) => {
    const { authorization } = await createAdmin()
    await book()
    const [booking] = await bookings.list()

    const { status, body } = await setStatus(authorization, booking!.id, payload)

    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message: 'Status must be new or handled' })
    expect((await bookings.get(booking!.id))?.status).toBe('new')
  })

  it.each(['no-such-booking', 'x'.repeat(65), '../index'])('answers 404 to the id %j', async (id) => {
    const { authorization } = await createAdmin()
    const { status, body } = await setStatus(authorization, id, { status: 'handled' })
    expect(status).toBe(404)
    expect(body).toEqual({ success: false, message: 'Booking not found' })
    expect(await bookings.list()).toEqual([])
  })

  it('is refused to an editor, who cannot list bookings either', async () => {
    const { authorization } = await createEditor()
    await book()
    const [booking] = await bookings.list()
    expect((await list(authorization)).status).toBe(403)
    expect((await setStatus(authorization, booking!.id, { status: 'handled' })).status).toBe(403)
    expect((await bookings.get(booking!.id))?.status).toBe('new')
  })
})
