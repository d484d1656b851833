import { describe, expect, it } from 'vitest'
import { UNSUBSCRIBES_KEPT_DAYS } from '#domain/newsletter.ts'
import * as maintenance from '#functions/maintenance.ts'
import * as confirmFunction from '#functions/subscriber-confirm.ts'
import * as subscribersFunction from '#functions/subscribers.ts'
import * as unsubscribe from '#functions/unsubscribe.ts'
import { openStore } from '#lib/storage/blobs.ts'
import { outbox } from '#lib/data/outbox.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { unsubscribes } from '#lib/data/unsubscribes.ts'
import { unsubscribeToken } from '#lib/subscribers/unsubscribe.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call, fakeContext } from '#tests/support/call.ts'

useBlobsServer()

const post = (query: string) => call(unsubscribe, { method: 'POST', path: `/api/unsubscribe${query}`, body: 'List-Unsubscribe=One-Click' })
const storedEmails = async () => (await subscribers.all()).map((subscriber) => subscriber.email)
const INVALID = { success: false, message: 'This unsubscribe link is not valid.' }

describe('POST /api/unsubscribe', () => {
  it('removes the subscriber named by a valid link, and only them', async () => {
    await subscribers.add('foo@example.com')
    await subscribers.add('bar@example.com')

    const { status, body } = await post(`?email=foo%40example.com&token=${unsubscribeToken('foo@example.com')}`)

    expect(status).toBe(200)
    expect(body).toEqual({ success: true, message: 'You have been unsubscribed.' })
    expect(await storedEmails()).toEqual(['bar@example.com'])
  })

  it('works with the one-click link of the welcome email that follows the confirming (RFC 8058)', async () => {
    await call(subscribersFunction, { method: 'POST', path: '/api/subscribers', body: { email: ' Foo@Example.COM ' } })
    const token = /\/confirm\?token=([\w.-]+)/.exec((await outbox.list())[0]?.text ?? '')?.[1]
    expect((await call(confirmFunction, { method: 'POST', path: '/api/subscribers/confirm', body: { token } })).status).toBe(200)
    const welcome = (await outbox.list()).find((email) => email.subject === 'Welcome to the newsletter')
    const link = /^<(.+)>$/.exec(welcome?.headers?.['List-Unsubscribe'] ?? '')?.[1]
    expect(link).toBeDefined()
    const { pathname, search } = new URL(String(link))
    expect(pathname).toBe('/api/unsubscribe')

    expect((await post(search)).status).toBe(200)
    expect(await storedEmails()).toEqual([])
  })

  it('accepts the email in any case, as the list stores it lower-cased', async () => {
    await subscribers.add('foo@example.com')
    expect((await post(`?email=FOO%40Example.com&token=${unsubscribeToken('foo@example.com')}`)).status).toBe(200)
    expect(await storedEmails()).toEqual([])
  })

  it.each([
    ['a token for another email', `?email=foo%40example.com&token=${unsubscribeToken('bar@example.com')}`],
    ['a made-up token', `?email=foo%40example.com&token=${'A'.repeat(43)}`],
    ['a token with characters no token has', `?email=foo%40example.com&token=${'%3C'.repeat(30)}`],
  ])('answers 400 and keeps the subscriber for %s', async (_case, query) => {
    await subscribers.add('foo@example.com')
    const { status, body } = await post(query)
    expect(status).toBe(400)
    expect(body).toEqual(INVALID)
    expect(await storedEmails()).toEqual(['foo@example.com'])
  })

  it.each([
    ['no parameters', ''],
    ['no token', '?email=foo%40example.com'],
    ['no email', `?token=${unsubscribeToken('foo@example.com')}`],
    ['an email that is not one', `?email=foo&token=${unsubscribeToken('foo')}`],
  ])('answers 400 for %s', async (_case, query) => {
    await subscribers.add('foo@example.com')
    const { status, body } = await post(query)
    expect(status).toBe(400)
    expect(body).toEqual(INVALID)
    expect(await storedEmails()).toEqual(['foo@example.com'])
  })

  it('refuses GET, so a mail scanner following the link unsubscribes nobody', async () => {
    await subscribers.add('foo@example.com')
    const { status } = await call(unsubscribe, {
      path: `/api/unsubscribe?email=foo%40example.com&token=${unsubscribeToken('foo@example.com')}`,
    })
    expect(status).toBe(405)
    expect(await storedEmails()).toEqual(['foo@example.com'])
  })
})

describe('the unsubscribes kept for the newsletter reports', () => {
  const DAY_MS = 24 * 60 * 60_000

  it(`are forgotten by the maintenance job once older than ${UNSUBSCRIBES_KEPT_DAYS} days`, async () => {
    const now = Date.now()
    for (const daysAgo of [UNSUBSCRIBES_KEPT_DAYS + 30, UNSUBSCRIBES_KEPT_DAYS + 1, UNSUBSCRIBES_KEPT_DAYS - 1, 0])
      await unsubscribes.record(new Date(now - daysAgo * DAY_MS))

    const response = await maintenance.default(new Request('http://localhost/.netlify/functions/maintenance', { method: 'POST' }), fakeContext())

    expect(response.status).toBe(204)
    expect(await openStore('unsubscribes').keys()).toHaveLength(2)
    expect(await unsubscribes.countSince(new Date(now - (UNSUBSCRIBES_KEPT_DAYS - 0.5) * DAY_MS).toISOString())).toBe(2)
    // A report asks only within the days they are kept: before that, the count would be short.
    expect(await unsubscribes.countSince(new Date(now - (UNSUBSCRIBES_KEPT_DAYS + 2) * DAY_MS).toISOString())).toBeNull()
    expect(await unsubscribes.prune()).toBe(0)
  })
})
