import { describe, expect, it, vi } from 'vitest'
import type { Subscriber } from '#domain/subscriber.ts'
import * as devMailEvents from '#dev-functions/dev-mail-events.ts'
import * as clearStopFunction from '#functions/admin-subscriber-clear-stop.ts'
import * as eraseFunction from '#functions/admin-subscriber-erase.ts'
import { activity } from '#lib/data/activity.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { unsubscribes } from '#lib/data/unsubscribes.ts'
import { createAdmin, createEditor } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call } from '#tests/support/call.ts'

useBlobsServer()

type EraseBody = { success: boolean; message: string; erased?: boolean }
type ClearBody = { success: boolean; message: string; subscriber?: Subscriber }

const erase = (authorization: string, email: unknown) =>
  call<EraseBody>(eraseFunction, { method: 'POST', path: '/api/admin/subscribers/erase', headers: { authorization }, body: { email } })
const clearStop = (authorization: string, email: unknown) =>
  call<ClearBody>(clearStopFunction, {
    method: 'POST',
    path: '/api/admin/subscribers/clear-stop',
    headers: { authorization },
    body: { email },
  })

const history = async () => (await activity.list({ subject: 'subscriber' })).entries

describe('POST /api/admin/subscribers/erase (a request to be forgotten)', () => {
  it('erases the record, its signup markers and its remembered unsubscribe; the history keeps no address', async () => {
    const { authorization } = await createEditor()
    const email = 'ruth.erase@test.example'
    // Signed up, confirmed, unsubscribed, signed up again today: every kind of thing kept about her.
    await subscribers.add(email)
    await subscribers.confirm(email)
    await subscribers.unsubscribe(email)
    await subscribers.add(email)
    await unsubscribes.remember(email)
    const before = await subscribers.find(email)

    const { status, body } = await erase(authorization, ' Ruth.Erase@Test.example ')
    expect(status).toBe(200)
    expect(body).toEqual({
      success: true,
      erased: true,
      message: 'ruth.erase@test.example has been removed, with everything kept about them.',
    })

    expect(await subscribers.find(email)).toBeNull()
    expect(await unsubscribes.whichLeft([email])).toEqual(new Set())
    // No marker is left for maintenance to make the record again from.
    expect(await subscribers.repairSignups(new Date(Date.now() + 10 * 60_000), 0)).toEqual([])
    expect(await subscribers.find(email)).toBeNull()

    const entries = await history()
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      action: 'erased',
      subject: 'subscriber',
      recordId: before!.id,
      changes: ['State was: Awaiting confirmation'],
    })
    expect(JSON.stringify(entries)).not.toMatch(/ruth|erase@/i)
  })

  it('erases a stopped address too, after which they may sign up again', async () => {
    const { authorization } = await createAdmin()
    await subscribers.add('spam@test.example')
    await subscribers.stop({ email: 'spam@test.example', state: 'complained', reason: 'Marked our email as spam' })

    expect((await erase(authorization, 'spam@test.example')).body.erased).toBe(true)
    expect(await subscribers.find('spam@test.example')).toBeNull()
    expect(await subscribers.add('spam@test.example')).toEqual({ created: true, state: 'pending' })
  })

  it('answers an address nothing is kept about, and writes no history', async () => {
    const { authorization } = await createEditor()
    const { status, body } = await erase(authorization, 'nobody@test.example')
    expect(status).toBe(200)
    expect(body).toEqual({ success: true, erased: false, message: 'Nothing was kept about nobody@test.example.' })
    expect(await history()).toEqual([])
  })

  it.each([
    ['a built-in name', '__proto__'],
    ['another', 'constructor'],
    ['markup', '<script>alert(1)</script>@test.example'],
    ['a header line', 'a@test.example\r\nBcc: b@test.example'],
    ['too long', `${'a'.repeat(64)}@${'b'.repeat(190)}.example`],
    ['not text', { $ne: '' }],
    ['nothing', undefined],
  ])('refuses %s with a 400 and erases nothing', async (_what, email) => {
    const { authorization } = await createEditor()
    await subscribers.add('kept@test.example')
    const { status, body } = await erase(authorization, email)
    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message: 'Choose a subscriber from the list' })
    expect(await subscribers.find('kept@test.example')).not.toBeNull()
  })
})

describe('POST /api/admin/subscribers/clear-stop', () => {
  it('brings a bounced subscriber who had confirmed back to confirmed, without the stop, and says so in the history without the address', async () => {
    const { authorization } = await createAdmin()
    await subscribers.add('back@test.example')
    await subscribers.confirm('back@test.example')
    await subscribers.stop({ email: 'back@test.example', state: 'bounced', reason: 'Bounced: mailbox full' })

    const { status, body } = await clearStop(authorization, 'back@test.example')
    expect(status).toBe(200)
    expect(body.message).toBe('back@test.example can receive email again.')
    const stored = await subscribers.find('back@test.example')
    expect(stored).toMatchObject({ state: 'confirmed' })
    expect(stored).not.toHaveProperty('stopped_at')
    expect(stored).not.toHaveProperty('stopped_reason')
    expect(body.subscriber).toEqual(stored)

    const entries = await history()
    expect(entries).toEqual([
      expect.objectContaining({ action: 'stop-cleared', recordId: stored!.id, changes: ['State: Bounced → Confirmed'] }),
    ])
    expect(JSON.stringify(entries)).not.toContain('back@')
  })

  it('takes one who never confirmed back to awaiting confirmation', async () => {
    const { authorization } = await createAdmin()
    await subscribers.add('never@test.example')
    await subscribers.stop({ email: 'never@test.example', state: 'complained', reason: 'Marked our email as spam' })
    expect((await clearStop(authorization, 'never@test.example')).status).toBe(200)
    expect((await subscribers.find('never@test.example'))?.state).toBe('pending')
  })

  it('answers 409 for one not stopped and 404 for one not on the list, changing nothing', async () => {
    const { authorization } = await createAdmin()
    await subscribers.add('fine@test.example')
    expect((await clearStop(authorization, 'fine@test.example')).body).toEqual({
      success: false,
      message: 'Email to this subscriber was not stopped.',
    })
    expect((await clearStop(authorization, 'fine@test.example')).status).toBe(409)
    expect(await clearStop(authorization, 'gone@test.example')).toMatchObject({
      status: 404,
      body: { success: false, message: 'This subscriber is no longer on the list.' },
    })
    expect(await history()).toEqual([])
  })

  it('is refused to an editor', async () => {
    const { authorization } = await createEditor()
    await subscribers.add('stuck@test.example')
    await subscribers.stop({ email: 'stuck@test.example', state: 'bounced', reason: 'Bounced' })
    expect((await clearStop(authorization, 'stuck@test.example')).status).toBe(403)
    expect((await subscribers.find('stuck@test.example'))?.state).toBe('bounced')
  })
})

describe('POST /api/dev/mail-events (local runs only)', () => {
  const events = [
    { email: 'Gone@test.example', event: 'bounce', type: 'bounce', reason: '550 5.1.1 no such user' },
    { email: 'annoyed@test.example', event: 'spamreport' },
    { email: 'nobody@test.example', event: 'spamreport' },
  ]

  it('applies what SendGrid would report by the webhook’s rules, so a stop can be seen and cleared locally', async () => {
    vi.stubEnv('DEMO_SEED', 'true')
    for (const email of ['gone@test.example', 'annoyed@test.example']) await subscribers.add(email)
    const { status, body } = await call(devMailEvents, { method: 'POST', path: '/api/dev/mail-events', body: { events } })
    expect(status).toBe(200)
    expect(body).toEqual({ success: true, stopped: 2 })
    expect(await subscribers.find('gone@test.example')).toMatchObject({
      state: 'bounced',
      stopped_reason: 'Bounced: 550 5.1.1 no such user',
    })
    expect(await subscribers.find('annoyed@test.example')).toMatchObject({ state: 'complained' })
    expect(await subscribers.find('nobody@test.example')).toBeNull()
  })

  it('is not there without DEMO_SEED', async () => {
    await subscribers.add('gone@test.example')
    expect((await call(devMailEvents, { method: 'POST', path: '/api/dev/mail-events', body: { events } })).status).toBe(404)
    expect((await subscribers.find('gone@test.example'))?.state).toBe('pending')
  })
})
