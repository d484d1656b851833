import { hkdfSync } from 'node:crypto'
import { SignJWT } from 'jose'
import { describe, expect, it, vi } from 'vitest'
import * as maintenance from '#functions/maintenance.ts'
import * as confirmFunction from '#functions/subscriber-confirm.ts'
import * as subscribersFunction from '#functions/subscribers.ts'
import * as unsubscribeFunction from '#functions/unsubscribe.ts'
import { openStore } from '#lib/storage/blobs.ts'
import { outbox } from '#lib/data/outbox.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { keys } from '#lib/storage/keys.ts'
import { unsubscribeToken } from '#lib/subscribers/unsubscribe.ts'
import { confirmToken } from '#lib/subscribers/confirm.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call, fakeContext } from '#tests/support/call.ts'
import { createSignedInUser } from '#tests/support/records.ts'

useBlobsServer()

const DAY_MS = 24 * 60 * 60_000
const subscribe = (email: string) => call(subscribersFunction, { method: 'POST', path: '/api/subscribers', body: { email } })
const confirm = (token: unknown) =>
  call<{ success: boolean; status?: string; message: string }>(confirmFunction, {
    method: 'POST',
    path: '/api/subscribers/confirm',
    body: { token },
  })
const INVALID = { success: false, message: 'This confirmation link has expired or is not valid. Please subscribe again.' }

/** The link in the one confirmation email sent to `email`. */
async function confirmationLink(email: string): Promise<URL> {
  const sent = (await outbox.list()).filter((message) => message.to === email && message.subject === 'Please confirm your subscription')
  expect(sent).toHaveLength(1)
  const link = /https?:\/\/\S+\/confirm\?token=[\w.-]+/.exec(sent[0]!.text)?.[0]
  expect(link, 'a confirmation link in the email').toBeDefined()
  return new URL(link!)
}

/** A token signed with the confirmation key itself, with claims of the test's choosing. */
function signedWithConfirmKey(claims: Record<string, unknown>, audience = 'faithful-finances-subscription-confirm') {
  const key = new Uint8Array(hkdfSync('sha256', process.env.JWT_SECRET!, 'faithful-finances', 'subscription-confirm-links/v1', 32))
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('foo@example.com')
    .setIssuer('faithful-finances')
    .setAudience(audience)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(key)
}

describe('subscribing', () => {
  it('stores the subscriber as pending and sends exactly one confirmation email with a link to the confirm page', async () => {
    expect((await subscribe(' Foo@Example.COM ')).body).toEqual({ success: true, message: 'Subscribed successfully!' })

    const stored = await subscribers.find('foo@example.com')
    expect(stored).toMatchObject({ email: 'foo@example.com', state: 'pending' })
    expect(stored?.confirmed_at).toBeUndefined()
    const emails = await outbox.list()
    expect(emails).toHaveLength(1)
    const link = await confirmationLink('foo@example.com')
    expect(`${link.origin}${link.pathname}`).toBe('https://site.test.example/confirm')
  })

  it('does not flood a pending address that is signed up again and again', async () => {
    for (let i = 0; i < 5; i++) expect((await subscribe('foo@example.com')).status).toBe(200)
    expect(await outbox.list()).toHaveLength(1)
    expect((await subscribers.all()).map((s) => s.email)).toEqual(['foo@example.com'])
  })

  it('sends nothing to an address that already confirmed, and answers the same', async () => {
    await subscribe('foo@example.com')
    const link = await confirmationLink('foo@example.com')
    await confirm(link.searchParams.get('token'))
    const before = (await outbox.list()).length

    expect((await subscribe('foo@example.com')).body).toEqual({ success: true, message: 'Subscribed successfully!' })
    expect(await outbox.list()).toHaveLength(before)
    expect((await subscribers.find('foo@example.com'))?.state).toBe('confirmed')
  })
})

describe('POST /api/subscribers/confirm', () => {
  it('confirms the subscriber named by the emailed link, then sends the welcome email', async () => {
    await subscribe('foo@example.com')
    const link = await confirmationLink('foo@example.com')

    const { status, body } = await confirm(link.searchParams.get('token'))

    expect(status).toBe(200)
    expect(body).toEqual({ success: true, status: 'confirmed', message: 'Thank you! Your subscription is confirmed.' })
    const stored = await subscribers.find('foo@example.com')
    expect(stored?.state).toBe('confirmed')
    expect(Date.parse(stored?.confirmed_at ?? '')).toBeGreaterThan(Date.now() - 60_000)
    const welcome = (await outbox.list()).filter((email) => email.subject === 'Welcome to the newsletter')
    expect(welcome).toHaveLength(1)
    expect(welcome[0]?.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/site\.test\.example\/api\/unsubscribe\?/)
  })

  it('answers "already confirmed" to the same link used twice, with no second welcome', async () => {
    await subscribe('foo@example.com')
    const token = (await confirmationLink('foo@example.com')).searchParams.get('token')
    await confirm(token)

    const { status, body } = await confirm(token)

    expect(status).toBe(200)
    expect(body).toEqual({
      success: true,
      status: 'already-confirmed',
      message: 'Your subscription was already confirmed. Nothing more to do.',
    })
    expect((await outbox.list()).filter((email) => email.subject === 'Welcome to the newsletter')).toHaveLength(1)
  })

  it('confirms nothing on GET (mail scanners open links)', async () => {
    await subscribe('foo@example.com')
    const token = (await confirmationLink('foo@example.com')).searchParams.get('token')!

    const { status } = await call(confirmFunction, { path: `/api/subscribers/confirm?token=${token}` })

    expect(status).toBe(405)
    expect((await subscribers.find('foo@example.com'))?.state).toBe('pending')
  })

  it('refuses a link older than a week', async () => {
    await subscribers.add('foo@example.com')
    const token = await confirmToken('foo@example.com', new Date(Date.now() - 7 * DAY_MS - 60_000))
    expect(await confirm(token)).toMatchObject({ status: 400, body: INVALID })
    expect((await subscribers.find('foo@example.com'))?.state).toBe('pending')
  })

  it('accepts a link just under a week old', async () => {
    const sent = new Date(Date.now() - 7 * DAY_MS + 60_000)
    await subscribers.add('foo@example.com', sent)
    const token = await confirmToken('foo@example.com', sent)
    expect((await confirm(token)).status).toBe(200)
  })

  it('refuses a link made for an earlier signup: after an unsubscribe, only the new signup’s own email confirms it', async () => {
    const earlier = new Date(Date.now() - DAY_MS)
    await subscribers.add('foo@example.com', earlier)
    const old = await confirmToken('foo@example.com', earlier)
    expect((await confirm(old)).status).toBe(200)
    await call(unsubscribeFunction, { method: 'POST', path: `/api/unsubscribe?email=foo@example.com&token=${unsubscribeToken('foo@example.com')}` })
    // Anyone can sign the address up again: the old link, in the person's mailbox or elsewhere, must not confirm it.
    await subscribers.add('foo@example.com')
    expect(await confirm(old)).toMatchObject({ status: 400, body: INVALID })
    expect((await subscribers.find('foo@example.com'))?.state).toBe('pending')
    expect((await confirm(await confirmToken('foo@example.com'))).status).toBe(200)
  })

  it('refuses a link for an address no longer on the list (unsubscribed or pruned)', async () => {
    const token = await confirmToken('gone@example.com')
    expect(await confirm(token)).toMatchObject({ status: 400, body: INVALID })
    expect(await subscribers.find('gone@example.com')).toBeNull()
  })

  it.each([
    ['a forged signature', async () => `${(await confirmToken('foo@example.com')).slice(0, -4)}AAAA`],
    [
      'a token signed with another key',
      () =>
        new SignJWT({ purpose: 'confirm-subscription' })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject('foo@example.com')
          .setAudience('faithful-finances-subscription-confirm')
          .setIssuer('faithful-finances')
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('x'.repeat(40))),
    ],
    ['a token of another purpose', () => signedWithConfirmKey({ purpose: 'unsubscribe' })],
    ['a token with no purpose', () => signedWithConfirmKey({})],
    ['a token for another audience', () => signedWithConfirmKey({ purpose: 'confirm-subscription' }, 'faithful-finances-admin')],
    ['an unsubscribe token', async () => unsubscribeToken('foo@example.com')],
    ['an admin session token', async () => (await createSignedInUser('admin')).authorization.replace('Bearer ', '')],
    ['no token', async () => undefined],
    ['a number', async () => 42],
    ['text no token has', async () => '<script>.a.b'],
  ])('refuses %s and leaves the subscriber pending', async (_case, make) => {
    await subscribers.add('foo@example.com')
    expect(await confirm(await make())).toMatchObject({ status: 400, body: INVALID })
    expect((await subscribers.find('foo@example.com'))?.state).toBe('pending')
  })
})

describe('subscribers stored before confirmation existed', () => {
  it('read back as confirmed', async () => {
    const legacy = { id: 'legacy-1', email: 'old@example.com', created_at: '2024-01-02T03:04:05.000Z' }
    await openStore('subscribers').set(keys.subscriber('old@example.com'), JSON.stringify(legacy))

    expect(await subscribers.find('old@example.com')).toEqual({ ...legacy, state: 'confirmed' })
    const { authorization } = await createSignedInUser('admin')
    const { body } = await call<{ success: boolean; subscribers: { state: string }[] }>(subscribersFunction, {
      path: '/api/subscribers?state=confirmed',
      headers: { authorization },
    })
    expect(body.subscribers).toEqual([{ ...legacy, state: 'confirmed' }])
  })
})

describe('the maintenance task', () => {
  it('removes signups left unconfirmed for over a week, and only those', async () => {
    const now = Date.now()
    await subscribers.add('old-pending@example.com', new Date(now - 8 * DAY_MS))
    await subscribers.add('old-confirmed@example.com', new Date(now - 8 * DAY_MS))
    await subscribers.confirm('old-confirmed@example.com')
    await subscribers.add('new-pending@example.com', new Date(now - 2 * DAY_MS))
    const legacy = { id: 'legacy-1', email: 'legacy@example.com', created_at: new Date(now - 400 * DAY_MS).toISOString() }
    await openStore('subscribers').set(keys.subscriber('legacy@example.com'), JSON.stringify(legacy))

    const response = await maintenance.default(
      new Request('http://localhost/.netlify/functions/maintenance', { method: 'POST' }),
      fakeContext(),
    )

    expect(response.status).toBe(204)
    expect((await subscribers.all()).map((s) => s.email).sort()).toEqual([
      'legacy@example.com',
      'new-pending@example.com',
      'old-confirmed@example.com',
    ])
    // The week-old markers are gone; the recent signup's stays until its own week is up.
    expect(await openStore('pending-subscribers').keys()).toHaveLength(1)
  })

  it('keeps an address signed up again after its old signup was removed', async () => {
    await subscribers.add('again@example.com', new Date(Date.now() - 8 * DAY_MS))
    await subscribers.remove('again@example.com')
    await subscribers.add('again@example.com')

    expect(await subscribers.prunePending()).toBe(0)
    expect((await subscribers.find('again@example.com'))?.state).toBe('pending')
  })
})

describe('GET /api/subscribers?state=', () => {
  it('lists only the subscribers in that state, and refuses an unknown one', async () => {
    const { authorization } = await createSignedInUser('editor')
    await subscribers.add('a@example.com')
    await subscribers.add('b@example.com')
    await subscribers.confirm('b@example.com')
    const list = (query: string) =>
      call<{ success: boolean; subscribers: { email: string; state: string }[] }>(subscribersFunction, {
        path: `/api/subscribers${query}`,
        headers: { authorization },
      })

    expect((await list('?state=pending')).body.subscribers.map((s) => s.email)).toEqual(['a@example.com'])
    expect((await list('?state=confirmed')).body.subscribers.map((s) => [s.email, s.state])).toEqual([['b@example.com', 'confirmed']])
    expect((await list('')).body.subscribers.map((s) => s.state)).toEqual(['pending', 'confirmed'])
    expect((await list('?state=deleted')).status).toBe(400)
  })
})

describe('a site without its secret', () => {
  it('says confirming is not set up (503), never that a good link is invalid', async () => {
    const token = await confirmToken('secretless@example.com')
    vi.stubEnv('JWT_SECRET', '')
    try {
      const answer = await confirm(token)
      expect(answer.status).toBe(503)
      expect(answer.body).toEqual({ success: false, message: 'Confirming subscriptions is not configured on this site yet.' })
    } finally {
      vi.unstubAllEnvs()
    }
  })
})
