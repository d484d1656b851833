import { beforeEach, describe, expect, it, vi } from 'vitest'
import { SENDGRID_EVENTS_MAX, SENDGRID_EVENTS_MAX_BYTES, STOPPED_REASON_MAX } from '#domain/sendgrid-event.ts'
import { CONFIRM_MESSAGES, SUBSCRIBE_MESSAGES } from '#domain/subscriber.ts'
import * as sendgridEvents from '#functions/sendgrid-events.ts'
import * as confirmFunction from '#functions/subscriber-confirm.ts'
import * as subscribersFunction from '#functions/subscribers.ts'
import * as unsubscribeFunction from '#functions/unsubscribe.ts'
import { outbox } from '#lib/data/outbox.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { sendWelcome, unsubscribeToken } from '#lib/subscribers/unsubscribe.ts'
import { confirmToken, sendConfirmation } from '#lib/subscribers/confirm.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call, LOCAL_RUNTIME } from '#tests/support/call.ts'
import { sendgridEvent, webhookSigner } from '#tests/support/sendgrid-webhook.ts'

useBlobsServer()

const signer = webhookSigner()
const NOT_SIGNED = { success: false, message: 'This request is not signed by SendGrid.' }

beforeEach(() => {
  vi.stubEnv('SENDGRID_WEBHOOK_PUBLIC_KEY', signer.publicKey)
})

/** Posts a batch as SendGrid does: signed now, unless the headers are given. */
function postEvents(events: unknown, headers?: Record<string, string>) {
  const body = typeof events === 'string' || events instanceof Uint8Array ? events : JSON.stringify(events)
  return call(sendgridEvents, { method: 'POST', path: '/api/sendgrid/events', body, headers: headers ?? signer.headers(body) })
}

const bounce = (email: string, more: Record<string, unknown> = {}) =>
  sendgridEvent('bounce', email, { type: 'bounce', status: '5.1.1', reason: '550 5.1.1 mailbox does not exist', ...more })
const spamReport = (email: string) => sendgridEvent('spamreport', email)

/** Every stored subscriber, whole: what "changes nothing" compares. */
const everything = async () => (await subscribers.all()).map((record) => JSON.stringify(record)).sort()

async function confirmedSubscriber(email: string) {
  await subscribers.add(email)
  await subscribers.confirm(email)
}

describe('POST /api/sendgrid/events: signed events', () => {
  it('marks a subscriber bounced on a permanent bounce, with the date and SendGrid’s reason, and answers 200', async () => {
    await confirmedSubscriber('gone@test.example')
    const before = Date.now()

    const { status, body } = await postEvents([sendgridEvent('delivered', 'other@test.example'), bounce('Gone@Test.example')])

    expect(status).toBe(200)
    expect(body).toEqual({ success: true })
    const stored = await subscribers.find('gone@test.example')
    expect(stored).toMatchObject({ state: 'bounced', stopped_reason: 'Bounced: 550 5.1.1 mailbox does not exist' })
    expect(stored?.confirmed_at).toBeDefined()
    expect(Date.parse(stored!.stopped_at!)).toBeGreaterThanOrEqual(before - 1000)
  })

  it('marks a subscriber complained on a spam report', async () => {
    await confirmedSubscriber('annoyed@test.example')
    expect((await postEvents([spamReport('annoyed@test.example')])).status).toBe(200)
    expect(await subscribers.find('annoyed@test.example')).toMatchObject({
      state: 'complained',
      stopped_reason: 'Marked our email as spam',
    })
  })

  it('leaves a subscriber as they are on a temporary block (a bounce of type "blocked") and on a deferral', async () => {
    await confirmedSubscriber('busy@test.example')
    const before = await everything()
    const events = [
      bounce('busy@test.example', { type: 'blocked', reason: '421 try again later' }),
      sendgridEvent('deferred', 'busy@test.example', { response: '400 try again later', attempt: '5' }),
    ]
    expect((await postEvents(events)).status).toBe(200)
    expect(await everything()).toEqual(before)
  })

  it.each([
    ['Bounced Address', 'bounced', 'Not sent: Bounced Address'],
    ['Invalid', 'bounced', 'Not sent: Invalid'],
    ['Spam Reporting Address', 'complained', 'Marked our email as spam (SendGrid did not send)'],
  ])('stops mail on a drop because of "%s"', async (reason, state, stoppedReason) => {
    await confirmedSubscriber('dropped@test.example')
    expect((await postEvents([sendgridEvent('dropped', 'dropped@test.example', { reason })])).status).toBe(200)
    expect(await subscribers.find('dropped@test.example')).toMatchObject({ state, stopped_reason: stoppedReason })
  })

  it.each(['Unsubscribed Address', 'Spam Content (if spam checker app enabled)', 'Invalid SMTPAPI header'])(
    'changes nothing on a drop because of "%s" (the address is not to blame)',
    async (reason) => {
      await confirmedSubscriber('kept@test.example')
      const before = await everything()
      expect((await postEvents([sendgridEvent('dropped', 'kept@test.example', { reason })])).status).toBe(200)
      expect(await everything()).toEqual(before)
    },
  )

  it('ignores an event for an address not on the list, and stores nothing for it', async () => {
    const { status } = await postEvents([bounce('stranger@test.example'), spamReport('stranger2@test.example')])
    expect(status).toBe(200)
    expect(await everything()).toEqual([])
  })

  it('changes nothing when the same event comes twice (SendGrid retries)', async () => {
    await confirmedSubscriber('twice@test.example')
    await postEvents([bounce('twice@test.example')])
    const once = await everything()
    await postEvents([bounce('twice@test.example', { reason: '550 another reason' })])
    expect(await everything()).toEqual(once)
  })

  it('lets a complaint win over a bounce, whichever comes first', async () => {
    await confirmedSubscriber('first-bounce@test.example')
    await confirmedSubscriber('first-complaint@test.example')
    await postEvents([bounce('first-bounce@test.example')])
    await postEvents([spamReport('first-bounce@test.example')])
    await postEvents([spamReport('first-complaint@test.example')])
    await postEvents([bounce('first-complaint@test.example')])

    expect(await subscribers.find('first-bounce@test.example')).toMatchObject({
      state: 'complained',
      stopped_reason: 'Marked our email as spam',
    })
    expect(await subscribers.find('first-complaint@test.example')).toMatchObject({
      state: 'complained',
      stopped_reason: 'Marked our email as spam',
    })
  })

  it('keeps the complaint when a bounce and a complaint for one address arrive at once (writes are guarded by the ETag)', async () => {
    await confirmedSubscriber('both@test.example')
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => postEvents([i % 2 ? spamReport('both@test.example') : bounce('both@test.example')])),
    )
    expect(answers.map(({ status }) => status)).toEqual(Array(8).fill(200))
    expect(await subscribers.find('both@test.example')).toMatchObject({ state: 'complained' })
  })

  it('applies a batch in its order: a bounce and a complaint in one batch leave the complaint', async () => {
    await confirmedSubscriber('batch@test.example')
    await postEvents([spamReport('batch@test.example'), bounce('batch@test.example')])
    expect(await subscribers.find('batch@test.example')).toMatchObject({ state: 'complained' })
  })

  it('keeps SendGrid’s reason to one short line without control characters', async () => {
    await confirmedSubscriber('long@test.example')
    const reason = `550\r\n5.1.1 <b>no</b>\u0000\u202Emailbox\u2028${'x'.repeat(1000)}`
    await postEvents([bounce('long@test.example', { reason })])
    const stored = (await subscribers.find('long@test.example'))!.stopped_reason!
    expect(stored.startsWith('Bounced: 550 5.1.1 <b>no</b> mailbox x')).toBe(true)
    expect(stored.length).toBeLessThanOrEqual(STOPPED_REASON_MAX)
    expect(stored).not.toMatch(/[\p{Cc}\p{Cf}\u2028\u2029]/u)
  })

  it('says why when SendGrid gives no reason', async () => {
    await confirmedSubscriber('quiet@test.example')
    await postEvents([sendgridEvent('bounce', 'quiet@test.example')])
    expect(await subscribers.find('quiet@test.example')).toMatchObject({
      state: 'bounced',
      stopped_reason: 'Bounced: the address does not accept mail',
    })
  })
})

describe('a stopped address is never mailed again', () => {
  const signUp = (email: string) => call(subscribersFunction, { method: 'POST', path: '/api/subscribers', body: { email } })

  it.each([
    ['bounced', bounce],
    ['complained', spamReport],
  ] as const)('%s: signing up again answers as for anyone, sends nothing and keeps the state', async (state, event) => {
    await subscribers.add('stopped@test.example')
    await postEvents([event('stopped@test.example')])

    const answer = await signUp('stopped@test.example')
    const stranger = await signUp('new@test.example')

    expect(answer).toMatchObject({ status: stranger.status, body: stranger.body })
    expect(answer.body).toEqual({ success: true, message: SUBSCRIBE_MESSAGES.success })
    expect((await outbox.list()).map((email) => email.to)).toEqual(['new@test.example'])
    expect(await subscribers.find('stopped@test.example')).toMatchObject({ state })
  })

  it.each([
    ['bounced', bounce],
    ['complained', spamReport],
  ] as const)('%s: the confirmation link does not confirm, and no welcome email goes', async (state, event) => {
    await subscribers.add('pending@test.example')
    const token = await confirmToken('pending@test.example')
    await postEvents([event('pending@test.example')])

    const { status, body } = await call(confirmFunction, { method: 'POST', path: '/api/subscribers/confirm', body: { token } })

    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message: CONFIRM_MESSAGES.stopped })
    expect(await subscribers.find('pending@test.example')).toMatchObject({ state })
    expect(await outbox.list()).toEqual([])
  })

  it.each([
    ['bounced', bounce],
    ['complained', spamReport],
  ] as const)('%s: unsubscribing answers success and keeps the record stopped', async (state, event) => {
    await confirmedSubscriber('leaving@test.example')
    await postEvents([event('leaving@test.example')])
    const before = await everything()

    const { status, body } = await call(unsubscribeFunction, {
      method: 'POST',
      path: `/api/unsubscribe?email=leaving%40test.example&token=${unsubscribeToken('leaving@test.example')}`,
      body: 'List-Unsubscribe=One-Click',
    })

    expect(status).toBe(200)
    expect(body).toEqual({ success: true, message: 'You have been unsubscribed.' })
    expect(await everything()).toEqual(before)
    expect(await subscribers.find('leaving@test.example')).toMatchObject({ state })

    // And signing up afterwards still sends nothing.
    await signUp('leaving@test.example')
    expect(await outbox.list()).toEqual([])
  })

  it('a signup whose confirmation bounced is kept past the week unconfirmed signups are pruned after', async () => {
    const longAgo = new Date(Date.now() - 8 * 24 * 60 * 60_000)
    await subscribers.add('typo@test.example', longAgo)
    await subscribers.add('waiting@test.example', longAgo)
    await postEvents([bounce('typo@test.example')])

    expect(await subscribers.prunePending()).toBe(1)

    expect(await subscribers.find('typo@test.example')).toMatchObject({ state: 'bounced' })
    expect(await subscribers.find('waiting@test.example')).toBeNull()
  })

  it('the welcome and confirmation emails refuse a stopped address even when asked directly', async () => {
    await confirmedSubscriber('welcome@test.example')
    await subscribers.add('confirm@test.example')
    await postEvents([bounce('welcome@test.example'), spamReport('confirm@test.example')])

    await sendWelcome('welcome@test.example', LOCAL_RUNTIME)
    await sendConfirmation('confirm@test.example', LOCAL_RUNTIME)

    expect(await outbox.list()).toEqual([])
  })
})

describe('POST /api/sendgrid/events: refusals change nothing', () => {
  async function expectRefused(answer: Promise<{ status: number; body: unknown }>, status: number, body: unknown = NOT_SIGNED) {
    const before = await everything()
    const result = await answer
    expect(result.status).toBe(status)
    expect(result.body).toEqual(body)
    expect(await everything()).toEqual(before)
  }
  const batch = () => JSON.stringify([bounce('target@test.example'), spamReport('target@test.example')])

  beforeEach(async () => {
    await confirmedSubscriber('target@test.example')
  })

  it('answers 401 without the signature or the timestamp header', async () => {
    const body = batch()
    const headers = signer.headers(body)
    const { 'X-Twilio-Email-Event-Webhook-Signature': signature, 'X-Twilio-Email-Event-Webhook-Timestamp': timestamp } = headers
    await expectRefused(postEvents(body, { 'content-type': 'application/json' }), 401)
    await expectRefused(postEvents(body, { 'X-Twilio-Email-Event-Webhook-Signature': signature! }), 401)
    await expectRefused(postEvents(body, { 'X-Twilio-Email-Event-Webhook-Timestamp': timestamp! }), 401)
  })

  it('answers 403 to a signature made with another key', async () => {
    const body = batch()
    await expectRefused(postEvents(body, webhookSigner().headers(body)), 403)
  })

  it('answers 403 to a signature for another body, or for another timestamp', async () => {
    const body = batch()
    const signedFor = signer.headers(JSON.stringify([sendgridEvent('open', 'target@test.example')]))
    await expectRefused(postEvents(body, signedFor), 403)
    const now = Math.floor(Date.now() / 1000)
    await expectRefused(
      postEvents(body, {
        'X-Twilio-Email-Event-Webhook-Signature': signer.sign(body, String(now)),
        'X-Twilio-Email-Event-Webhook-Timestamp': String(now - 1),
      }),
      403,
    )
  })

  it('answers 403 to signatures that are not signatures', async () => {
    const body = batch()
    const timestamp = String(Math.floor(Date.now() / 1000))
    for (const signature of ['AAAA', 'not base64!', 'MEUCIQ'.padEnd(300, 'A'), Buffer.from('x'.repeat(72)).toString('base64')]) {
      await expectRefused(
        postEvents(body, { 'X-Twilio-Email-Event-Webhook-Signature': signature, 'X-Twilio-Email-Event-Webhook-Timestamp': timestamp }),
        403,
      )
    }
  })

  it('answers 403 to a correctly signed batch more than ten minutes old (a replay), or from the future', async () => {
    const body = batch()
    const now = Math.floor(Date.now() / 1000)
    await expectRefused(postEvents(body, signer.headers(body, now - 11 * 60)), 403)
    await expectRefused(postEvents(body, signer.headers(body, now + 60 * 60)), 403)
    // A timestamp that is not plain seconds, even when the signature covers it.
    await expectRefused(
      postEvents(body, {
        'X-Twilio-Email-Event-Webhook-Signature': signer.sign(body, `${now}.0`),
        'X-Twilio-Email-Event-Webhook-Timestamp': `${now}.0`,
      }),
      403,
    )
  })

  it('accepts a batch signed nine minutes ago', async () => {
    const body = JSON.stringify([bounce('target@test.example')])
    expect((await postEvents(body, signer.headers(body, Math.floor(Date.now() / 1000) - 9 * 60))).status).toBe(200)
    expect(await subscribers.find('target@test.example')).toMatchObject({ state: 'bounced' })
  })

  it('answers 413 to a signed body over 1 MB, and to a declared length over 1 MB without reading it', async () => {
    const events = JSON.stringify([bounce('target@test.example', { padding: 'x'.repeat(SENDGRID_EVENTS_MAX_BYTES) })])
    await expectRefused(postEvents(events), 413, { success: false, message: 'Request body is too large' })
    const small = batch()
    await expectRefused(postEvents(small, { ...signer.headers(small), 'content-length': String(SENDGRID_EVENTS_MAX_BYTES + 1) }), 413, {
      success: false,
      message: 'Request body is too large',
    })
  })

  it('answers 400 to signed bodies that are not a JSON array of events', async () => {
    await expectRefused(postEvents('[{"event":"bounce","email":"target@test.example"'), 400, {
      success: false,
      message: 'Request body must be valid JSON',
    })
    // Bytes that are not UTF-8: the library reads the body as text, so such a body never verifies.
    await expectRefused(postEvents(new Uint8Array([0x5b, 0xff, 0xfe, 0x5d])), 403)
    await expectRefused(postEvents({ event: 'bounce', email: 'target@test.example' }), 400, { success: false, message: expect.any(String) })
  })

  it(`answers 400 to more than ${SENDGRID_EVENTS_MAX} events in one batch`, async () => {
    const events = Array.from({ length: SENDGRID_EVENTS_MAX + 1 }, () => ({ event: 'open', email: 'a@b.co' }))
    events.push(bounce('target@test.example') as { event: string; email: string })
    await expectRefused(postEvents(events), 400, { success: false, message: 'Too many events' })
  })

  it('skips events that are not events, and acts on the rest', async () => {
    const events = [
      null,
      42,
      'bounce',
      [],
      { event: 'bounce' },
      { event: 'bounce', email: 42 },
      { event: ['bounce'], email: 'target@test.example' },
      { email: 'target@test.example' },
      bounce('not an address'),
      bounce(`${'x'.repeat(300)}@test.example`),
      spamReport('target@test.example'),
    ]
    expect((await postEvents(events)).status).toBe(200)
    expect(await subscribers.find('target@test.example')).toMatchObject({ state: 'complained' })
  })

  it('ignores built-in property names as event types and addresses', async () => {
    const before = await everything()
    const names = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf']
    const events = [
      ...names.map((name) => sendgridEvent(name, 'target@test.example', { type: name, reason: name })),
      ...names.map((name) => bounce(name)),
      ...names.map((name) => spamReport(`${name}@test.example`)),
    ]
    const body = `[${JSON.stringify(events).slice(1, -1)},{"__proto__":{"event":"bounce","email":"target@test.example"}},{"constructor":{"prototype":{"polluted":true}},"event":"open","email":"target@test.example"}]`
    const { status } = await postEvents(body)
    expect(status).toBe(200)
    expect(await everything()).toEqual(before)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('event')
  })

  it('marks an address whose name is a built-in property like any other', async () => {
    await confirmedSubscriber('__proto__@test.example')
    expect((await postEvents([bounce('__proto__@test.example')])).status).toBe(200)
    expect(await subscribers.find('__proto__@test.example')).toMatchObject({ state: 'bounced' })
    expect(await subscribers.find('target@test.example')).toMatchObject({ state: 'confirmed' })
  })

  it('answers 503 and does nothing while no public key is set, or the one set is not a key', async () => {
    const body = batch()
    const headers = signer.headers(body)
    const notSetUp = { success: false, message: 'The SendGrid event webhook is not set up on this site.' }
    vi.stubEnv('SENDGRID_WEBHOOK_PUBLIC_KEY', '')
    await expectRefused(postEvents(body, headers), 503, notSetUp)
    vi.stubEnv('SENDGRID_WEBHOOK_PUBLIC_KEY', 'not a key at all')
    await expectRefused(postEvents(body, headers), 503, notSetUp)
    vi.stubEnv('SENDGRID_WEBHOOK_PUBLIC_KEY', Buffer.from('x'.repeat(91)).toString('base64'))
    await expectRefused(postEvents(body, headers), 503, notSetUp)
  })

  it('accepts the public key as PEM too', async () => {
    const der = Buffer.from(signer.publicKey, 'base64')
      .toString('base64')
      .match(/.{1,64}/g)!
      .join('\n')
    vi.stubEnv('SENDGRID_WEBHOOK_PUBLIC_KEY', `-----BEGIN PUBLIC KEY-----\n${der}\n-----END PUBLIC KEY-----\n`)
    expect((await postEvents([bounce('target@test.example')])).status).toBe(200)
    expect(await subscribers.find('target@test.example')).toMatchObject({ state: 'bounced' })
  })

  it('refuses GET with 405', async () => {
    const { status } = await call(sendgridEvents, { path: '/api/sendgrid/events' })
    expect(status).toBe(405)
  })
})
