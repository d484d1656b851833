import { describe, expect, it } from 'vitest'
import { SESSION_MESSAGES, type AdminSession, type PublicSession, type StoredSession } from '#domain/booking-session.ts'
import * as adminSessionFn from '#functions/admin-session.ts'
import * as adminSessionsFn from '#functions/admin-sessions.ts'
import * as bookingSession from '#functions/booking-session.ts'
import { signLinkToken } from '#lib/auth/link-tokens.ts'
import { sessionLinkToken } from '#lib/booking/session-links.ts'
import { activity } from '#lib/data/activity.ts'
import { outbox } from '#lib/data/outbox.ts'
import { sessions } from '#lib/data/sessions.ts'
import { openStore } from '#lib/storage/blobs.ts'
import { keys } from '#lib/storage/keys.ts'
import { createAdmin, createEditor } from '#tests/support/auth.ts'
import { book, eventOf, invites, linkToken, saveAvailability, slots } from '#tests/support/booking.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call } from '#tests/support/call.ts'

useBlobsServer()

type LinkAnswer = { success: boolean; message?: string; session?: PublicSession; purpose?: string; slots?: string[] }

const open = (token: string) =>
  call<LinkAnswer>(bookingSession, { path: `/api/booking/sessions/${encodeURIComponent(token)}`, params: { token } })
const change = (token: string, body: unknown) =>
  call<LinkAnswer>(bookingSession, { method: 'POST', path: `/api/booking/sessions/${encodeURIComponent(token)}`, params: { token }, body })

/** Books one session and answers it with the tokens of the visitor's email. */
async function booked(index = 3) {
  await saveAvailability()
  const free = await slots()
  const { body } = await book(free[index]!)
  const id = body.session.id
  const email = (await outbox.list()).find((mail) => mail.to !== 'coach@test.example')!
  return {
    id,
    free,
    start: free[index]!,
    reschedule: linkToken(email, 'reschedule'),
    cancel: linkToken(email, 'cancel'),
    visitor: email.to,
  }
}

/** The newest emails with an invite, one per recipient. */
async function latestInvites() {
  const all = await invites()
  return {
    visitor: all.findLast((email) => email.to !== 'coach@test.example')!,
    coach: all.findLast((email) => email.to === 'coach@test.example')!,
  }
}

describe('an emailed link', () => {
  it('opens its session: a reschedule link with the free times (its own included), a cancel link without', async () => {
    const { reschedule, cancel, start } = await booked()
    const moving = await open(reschedule)
    expect(moving.status).toBe(200)
    expect(moving.body).toMatchObject({ purpose: 'reschedule', session: { start } })
    expect(moving.body.slots).toContain(start)
    const cancelling = await open(cancel)
    expect(cancelling.body).toMatchObject({ purpose: 'cancel', session: { start } })
    expect(cancelling.body.slots).toBeUndefined()
  })

  it('moves the session: same UID, higher SEQUENCE, new links; every earlier link stops working', async () => {
    const { id, free, reschedule, cancel } = await booked()
    const target = free[20]!
    const moved = await change(reschedule, { start: target })
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({ message: SESSION_MESSAGES.moved, session: { id, start: target } })
    const { visitor, coach } = await latestInvites()
    for (const email of [visitor, coach]) {
      expect(eventOf(email.calendar)).toMatchObject({ method: 'REQUEST', sequence: 1, uid: `${id}@site.test.example` })
      expect(eventOf(email.calendar).start.iso).toBe(target)
    }
    expect(visitor.subject).toMatch(/^New time:/)
    for (const old of [reschedule, cancel])
      expect(await open(old)).toMatchObject({ status: 404, body: { message: SESSION_MESSAGES.linkInvalid } })
    expect((await change(reschedule, { start: free[30]! })).status).toBe(404)

    // The new email's cancel link cancels: METHOD:CANCEL, SEQUENCE 2, and nothing opens after.
    const newCancel = linkToken(visitor, 'cancel')
    const newReschedule = linkToken(visitor, 'reschedule')
    expect(await change(newCancel, { cancel: true })).toMatchObject({ status: 200, body: { message: SESSION_MESSAGES.cancelled } })
    const after = await latestInvites()
    for (const email of [after.visitor, after.coach]) {
      expect(email.attachments![0]!.type).toBe('text/calendar; method=CANCEL')
      expect(eventOf(email.calendar)).toMatchObject({ method: 'CANCEL', sequence: 2, status: 'CANCELLED', uid: `${id}@site.test.example` })
    }
    expect(after.visitor.text).not.toContain('/book-now/')
    for (const token of [newCancel, newReschedule]) expect((await open(token)).status).toBe(404)
    expect((await sessions.get(id))!.status).toBe('cancelled')
    // A visitor's own change is not the coach's: the history names none.
    expect((await activity.list({})).entries.filter((entry) => entry.subject === 'session')).toEqual([])
  })

  it('refuses the wrong purpose, a forged, expired or foreign token, and a hostile one, all with one answer', async () => {
    const { id, free, reschedule, cancel } = await booked()
    const session = (await sessions.get(id))!
    const expired = await signLinkToken(
      { key: 'sessionLinks', unconfigured: '', audience: 'booking-session', purpose: 'session-cancel' },
      { subject: id, lifetimeSeconds: 60, claims: { seq: 0 }, now: new Date(Date.now() - 3_600_000) },
    )
    const otherKind = await signLinkToken(
      { key: 'passwordResetLinks', unconfigured: '', audience: 'booking-session', purpose: 'session-cancel' },
      { subject: id, lifetimeSeconds: 600, claims: { seq: 0 } },
    )
    const noSeq = await signLinkToken(
      { key: 'sessionLinks', unconfigured: '', audience: 'booking-session', purpose: 'session-cancel' },
      { subject: id, lifetimeSeconds: 600 },
    )
    const [head, payload] = reschedule.split('.')
    const forged = `${head}.${payload}.${'A'.repeat(43)}`
    for (const token of [expired, otherKind, noSeq, forged, 'x', '__proto__', '..', `${'a'.repeat(5000)}`, `${reschedule}x`]) {
      expect(await open(token)).toMatchObject({ status: 404, body: { message: SESSION_MESSAGES.linkInvalid } })
      expect((await change(token, { cancel: true })).status).toBe(404)
    }
    // Each purpose does its own thing only.
    expect((await change(reschedule, { cancel: true })).status).toBe(404)
    expect((await change(cancel, { start: free[20]! })).status).toBe(404)
    expect(await change(cancel, { start: free[20]!, cancel: true })).toMatchObject({
      status: 400,
      body: { message: SESSION_MESSAGES.chooseChange },
    })
    expect((await change(cancel, {})).status).toBe(400)
    expect(await sessions.get(id)).toEqual(session)
    // Once the session has started its links end, even one whose token has not expired yet.
    const store = openStore('sessions')
    const stored = JSON.parse((await store.get(keys.document()))!) as { sessions: StoredSession[] }
    stored.sessions[0]!.start = new Date(Date.now() - 60_000).toISOString()
    await store.set(keys.document(), JSON.stringify(stored))
    expect((await open(await sessionLinkToken(session, 'cancel'))).status).toBe(404)
    expect((await open(cancel)).status).toBe(404)
  })

  it('refuses a move to a time that is not free, with the next free ones', async () => {
    const { free, reschedule } = await booked()
    expect((await book(free[20]!)).status).toBe(201)
    const refused = await change(reschedule, { start: free[20]! })
    expect(refused.status).toBe(409)
    expect(refused.body.slots!.length).toBe(6)
    expect((await change(reschedule, { start: '2020-01-01T10:00:00.000Z' })).status).toBe(409)
    expect((await change(reschedule, { start: new Date(Date.parse(free[0]!) + 5 * 60_000).toISOString() })).status).toBe(409)
    // Refused moves change nothing: the link still works.
    expect((await open(reschedule)).status).toBe(200)
  })

  it('two moves racing with one link: one lands, the other is refused, the session moved once', async () => {
    const { id, free, reschedule } = await booked()
    const answers = await Promise.all([change(reschedule, { start: free[20]! }), change(reschedule, { start: free[40]! })])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404])
    const stored = (await sessions.get(id))!
    expect(stored.sequence).toBe(1)
    expect([free[20], free[40]]).toContain(stored.start)
  })

  it('a time freed by a cancellation can be booked again', async () => {
    const { start, cancel } = await booked()
    expect((await book(start)).status).toBe(409)
    expect((await change(cancel, { cancel: true })).status).toBe(200)
    expect((await slots()).includes(start)).toBe(true)
    expect((await book(start)).status).toBe(201)
  })
})

describe('the coach’s sessions', () => {
  const list = (authorization: string) =>
    call<{ success: boolean; sessions: AdminSession[] }>(adminSessionsFn, { path: '/api/admin/sessions', headers: { authorization } })
  const act = (authorization: string, id: string, method: 'POST' | 'DELETE', body?: unknown) =>
    call<{ success: boolean; message?: string; session: AdminSession; slots?: string[] }>(adminSessionFn, {
      method,
      path: `/api/admin/sessions/${id}`,
      params: { id },
      headers: { authorization },
      ...(body !== undefined && { body }),
    })

  it('lists the upcoming sessions soonest first, with who booked; moves and cancels them, emailing the visitor', async () => {
    const { authorization, user } = await createAdmin()
    const { id, free, visitor } = await booked(10)
    await book(free[2]!, { firstName: 'Early' })
    const listed = await list(authorization)
    expect(listed.status).toBe(200)
    expect(listed.body.sessions.map((session) => session.start)).toEqual([free[2], free[10]])
    expect(listed.body.sessions[1]).toMatchObject({
      id,
      email: visitor,
      status: 'booked',
      country: 'United States',
      message: expect.any(String),
    })

    const moved = await act(authorization, id, 'POST', { start: free[30]! })
    expect(moved).toMatchObject({ status: 200, body: { message: SESSION_MESSAGES.adminMoved, session: { start: free[30] } } })
    const afterMove = (await invites()).findLast((email) => email.to === visitor)!
    expect(eventOf(afterMove.calendar)).toMatchObject({ sequence: 1, method: 'REQUEST' })
    expect((await act(authorization, id, 'POST', { start: free[2]! })).status).toBe(409)

    const cancelled = await act(authorization, id, 'DELETE')
    expect(cancelled).toMatchObject({ status: 200, body: { message: SESSION_MESSAGES.adminCancelled, session: { status: 'cancelled' } } })
    const afterCancel = (await invites()).findLast((email) => email.to === visitor)!
    expect(eventOf(afterCancel.calendar)).toMatchObject({ sequence: 2, method: 'CANCEL' })
    expect(await act(authorization, id, 'DELETE')).toMatchObject({ status: 409, body: { message: SESSION_MESSAGES.alreadyCancelled } })
    expect((await list(authorization)).body.sessions.find((session) => session.id === id)!.status).toBe('cancelled')

    const history = (await activity.list({ subject: 'session' })).entries
    expect(history.map((entry) => entry.actor.id)).toEqual([user.id, user.id])
  })

  it('404 for an unknown or hostile id; admins only', async () => {
    const { authorization } = await createAdmin()
    for (const id of ['nope', '__proto__', 'constructor']) expect((await act(authorization, id, 'DELETE')).status).toBe(404)
    const editor = await createEditor()
    expect((await list(editor.authorization)).status).toBe(403)
  })
})
