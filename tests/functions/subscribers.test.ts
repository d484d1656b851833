import { describe, expect, it, vi } from 'vitest'
import type { Subscriber } from '#domain/subscriber.ts'
import * as maintenance from '#functions/maintenance.ts'
import * as subscribersFunction from '#functions/subscribers.ts'
import { outbox } from '#lib/data/outbox.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { unsubscribeToken } from '#lib/subscribers/unsubscribe.ts'
import * as unsubscribeFunction from '#functions/unsubscribe.ts'
import { PUBLIC_LIMITS } from '#lib/forms/public-forms.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { afterAnswers, call, fakeContext, TEST_ORIGIN, type CallOptions } from '#tests/support/call.ts'
import { expectConsoleError } from '#tests/support/console-guard.ts'
import { shrinkLimits, useUpPublicLimit } from '#tests/support/limits.ts'
import { createSignedInUser } from '#tests/support/records.ts'
import { sendgridAccepts, sendgridFails, useSendgridMock, type SentMessage } from '#tests/support/sendgrid.ts'

const blobs = useBlobsServer()
const mail = useSendgridMock()

type ListBody = { success: boolean; message?: string; subscribers: Subscriber[]; hasMore: boolean }

const subscribe = (body: unknown, options: CallOptions = {}) =>
  call(subscribersFunction, { method: 'POST', path: '/api/subscribers', body, ...options })

const storedEmails = async () => (await subscribers.all()).map((subscriber) => subscriber.email)

const SUCCESS = { success: true, message: 'Subscribed successfully!' }

describe('POST /api/subscribers', () => {
  it('stores the email trimmed and lower-cased', async () => {
    const { status, body } = await subscribe({ email: ' Foo@Example.COM ' })
    expect(status).toBe(200)
    expect(body).toEqual(SUCCESS)
    expect(await storedEmails()).toEqual(['foo@example.com'])
  })

  it('keeps one record and answers success when the same person subscribes twice', async () => {
    expect((await subscribe({ email: 'foo@example.com' })).body).toEqual(SUCCESS)
    expect((await subscribe({ email: '  FOO@example.com' })).body).toEqual(SUCCESS)
    expect(await storedEmails()).toEqual(['foo@example.com'])
  })

  it('keeps one record when the same email races itself', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => subscribe({ email: 'race@example.com' })))
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect(await storedEmails()).toEqual(['race@example.com'])
    expect(await outbox.list()).toHaveLength(1)
  })

  it.each([{ email: 'not-an-email' }, { email: 'a@b' }, { email: '' }, { email: 42 }, {}])(
    'answers 400 "Please enter a valid email" for %j',
    async (payload) => {
      const { status, body } = await subscribe(payload)
      expect(status).toBe(400)
      expect(body).toEqual({ success: false, message: 'Please enter a valid email' })
      expect(await storedEmails()).toEqual([])
    },
  )

  it('answers success to a filled honeypot but keeps nothing and sends nothing', async () => {
    const { status, body } = await subscribe({ email: 'bot@example.com', website: 'https://spam.example' })
    expect(status).toBe(200)
    expect(body).toEqual(SUCCESS)
    expect(await storedEmails()).toEqual([])
    expect(await outbox.list()).toEqual([])
  })

  it.each([
    ['malformed JSON', '{"email": '],
    ['a JSON array', '["foo@example.com"]'],
    ['an empty body', ''],
  ])('answers 400 JSON for %s', async (_case, raw) => {
    const { status, body } = await subscribe(raw, { headers: { 'content-type': 'application/json' } })
    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message: expect.any(String) })
  })

  it('answers 413 to a body over 64 KB', async () => {
    const { status, body } = await subscribe({ email: 'big@example.com', website: '', padding: 'x'.repeat(70 * 1024) })
    expect(status).toBe(413)
    expect(body).toEqual({ success: false, message: 'Request body is too large' })
    expect(await storedEmails()).toEqual([])
  })

  it('answers 413 to a declared length over 64 KB without reading the body', async () => {
    const { status } = await subscribe({ email: 'big@example.com' }, { headers: { 'content-length': String(65 * 1024) } })
    expect(status).toBe(413)
    expect(await storedEmails()).toEqual([])
  })

  // A church hall after a talk fits within the number (tests/functions/rate-limits.test.ts); here,
  // what the endpoint does at its limit, reached with a smaller number.
  it('answers 429 past the limit of signups within the hour from one network, and not to another network', async () => {
    shrinkLimits({ [PUBLIC_LIMITS.subscribe.scope]: 3 })
    await useUpPublicLimit('subscribe', '198.51.100.7', 3)

    const { status, body, headers } = await subscribe({ email: 'one-too-many@example.com' }, { ip: '198.51.100.7' })

    expect(status).toBe(429)
    expect(body).toEqual({ success: false, message: expect.any(String) })
    expect(Number(headers.get('retry-after'))).toBe(PUBLIC_LIMITS.subscribe.windowMs / 1000)
    expect(await storedEmails()).not.toContain('one-too-many@example.com')
    expect((await subscribe({ email: 'other@example.com' }, { ip: '198.51.100.8' })).status).toBe(200)
  })

  it('counts an IPv6 /64 as one network', async () => {
    shrinkLimits({ [PUBLIC_LIMITS.subscribe.scope]: 3 })
    await useUpPublicLimit('subscribe', '2001:db8:aa:bb::1', 3)
    expect((await subscribe({ email: 'v6@example.com' }, { ip: '2001:db8:aa:bb:1234:5678:9abc:def0' })).status).toBe(429)
    expect((await subscribe({ email: 'v6@example.com' }, { ip: '2001:db8:aa:bc::1' })).status).toBe(200)
  })
})

// The one race of real requests on the real store at a limit (the other limits share its code,
// netlify/lib/data/rate-limits.ts, whose policy is tested with a clock of its own).
describe('signups racing from one network', () => {
  it('let no more through than the limit leaves when 20 arrive at once, and at least one while a slot is free', { timeout: 60_000 }, async () => {
    shrinkLimits({ [PUBLIC_LIMITS.subscribe.scope]: 10 })
    await useUpPublicLimit('subscribe', '198.51.100.9', 5)
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => subscribe({ email: `r${i}@example.com` }, { ip: '198.51.100.9' })),
    )

    const accepted = answers.filter((answer) => answer.status === 200).length
    expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true)
    // Refusals arriving together must not crowd out the free slots.
    expect(accepted).toBeGreaterThanOrEqual(1)
    expect(accepted).toBeLessThanOrEqual(5)
    expect(await storedEmails()).toHaveLength(accepted)
  })
})

describe('one recipient', () => {
  it('gets at most one confirmation email a day, however often and from wherever she is signed up', async () => {
    for (const ip of ['198.51.100.1', '198.51.100.1', '192.0.2.44', '2001:db8::9']) {
      expect((await subscribe({ email: 'target@example.com' }, { ip })).status).toBe(200)
      await subscribers.remove('target@example.com')
    }
    const sent = (await outbox.list()).filter((email) => email.to === 'target@example.com')
    expect(sent).toHaveLength(1)
  })
})

describe('the confirmation email', () => {
  it('lands in the outbox with a link to the confirm page when no SendGrid key is set', async () => {
    await subscribe({ email: ' Foo@Example.COM ' })

    const emails = await outbox.list()
    expect(emails).toHaveLength(1)
    const [sent] = emails
    expect(sent?.to).toBe('foo@example.com')
    expect(sent?.subject).toBe('Please confirm your subscription')
    expect(sent?.text).toMatch(/https:\/\/site\.test\.example\/confirm\?token=[\w-]+\.[\w-]+\.[\w-]+/)
    // Nobody is on the list until they confirm: no welcome, no unsubscribe header yet.
    expect(sent?.headers).toBeUndefined()
  })

  it('goes through SendGrid when its key is set', async () => {
    vi.stubEnv('SENDGRID_API_KEY', 'SG.test-key')
    const sent: SentMessage[] = []
    mail.use(sendgridAccepts(sent))

    expect((await subscribe({ email: 'foo@example.com' })).body).toEqual(SUCCESS)

    expect(sent).toHaveLength(1)
    expect(sent[0]?.personalizations[0]?.to).toEqual([{ email: 'foo@example.com' }])
    expect(sent[0]?.subject).toBe('Please confirm your subscription')
    expect(await outbox.list()).toEqual([])
  })

  it('failing does not fail the signup', async () => {
    vi.stubEnv('SENDGRID_API_KEY', 'SG.test-key')
    mail.use(sendgridFails())
    expectConsoleError(/signup failed/)

    expect((await subscribe({ email: 'foo@example.com' })).body).toEqual(SUCCESS)
    expect(await storedEmails()).toEqual(['foo@example.com'])
  })
})

describe('a signup whose record was not made after its answer', () => {
  it('is made by the scheduled maintenance from its marker, with its confirmation email; not one that unsubscribed', async () => {
    // What a signup writes before its answer; the work after it (record and email) never ran.
    await subscribers.markSignup('lost@example.com')
    await subscribers.add('gone@example.com')
    await subscribers.confirm('gone@example.com')
    await call(unsubscribeFunction, { method: 'POST', path: `/api/unsubscribe?email=gone@example.com&token=${unsubscribeToken('gone@example.com')}` })
    expect(await storedEmails()).toEqual([])

    // Not before the work after the answer has had its time.
    await maintenance.default(new Request(`${TEST_ORIGIN}/`), fakeContext())
    expect(await storedEmails()).toEqual([])

    vi.useFakeTimers({ now: Date.now() + 3 * 60_000, toFake: ['Date'] })
    try {
      await maintenance.default(new Request(`${TEST_ORIGIN}/`), fakeContext())
    } finally {
      vi.useRealTimers()
    }
    expect(await storedEmails()).toEqual(['lost@example.com'])
    expect((await subscribers.find('lost@example.com'))?.state).toBe('pending')
    expect((await outbox.list()).map((email) => email.to)).toEqual(['lost@example.com'])
  })
})

describe('the answer tells nobody who is on the list', () => {
  /** Puts `email` in each state a signup can meet, the way it gets there. */
  const STATES: Record<string, (email: string) => Promise<void>> = {
    new: async () => {},
    pending: async (email) => void (await subscribers.add(email)),
    confirmed: async (email) => {
      await subscribers.add(email)
      await subscribers.confirm(email)
    },
    bounced: async (email) => {
      await subscribers.add(email)
      await subscribers.stop({ email, state: 'bounced', reason: 'Bounced: 550 no such user' })
    },
    complained: async (email) => {
      await subscribers.add(email)
      await subscribers.stop({ email, state: 'complained', reason: 'Marked as spam' })
    },
    unsubscribed: async (email) => {
      await subscribers.add(email)
      await subscribers.confirm(email)
      await call(unsubscribeFunction, { method: 'POST', path: `/api/unsubscribe?email=${email}&token=${unsubscribeToken(email)}` })
    },
  }

  /**
   * One signup as the platform runs it: the answer, and the Blobs requests made before it (what its
   * time is made of); the work after the answer (the email) then runs to its end.
   */
  async function probe(email: string, ip: string, form: boolean) {
    const requests = blobs.current.requests
    const before = { ...requests }
    const req = form
      ? new Request(`${TEST_ORIGIN}/.netlify/functions/subscribers`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
          body: new URLSearchParams({ email, website: '' }),
        })
      : new Request(`${TEST_ORIGIN}/api/subscribers`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
        })
    // Each storage call's method and status, as a platform may list them in the answer's headers
    // (Netlify's runtime adds x-nf-fetch-timing): a create that finds the address taken answers 412.
    const calls: string[] = []
    const realFetch = globalThis.fetch
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const answer = await realFetch(input, init)
      calls.push(`${init?.method ?? 'GET'} ${answer.status}`)
      return answer
    })
    const response = await subscribersFunction.default(req, fakeContext({ ip }))
    spy.mockRestore()
    const madeBefore = Object.fromEntries(Object.entries(requests).map(([type, n]) => [type, n - before[type as keyof typeof before]]))
    const text = await response.text()
    await afterAnswers()
    return { status: response.status, headers: [...response.headers].sort(), text, madeBefore, calls }
  }

  it.each([false, true])(
    'answers with the same status, body and headers, after the same storage requests and their statuses, whatever the address (form post: %s)',
    async (form) => {
      const answers: Record<string, Awaited<ReturnType<typeof probe>>> = {}
      let n = 0
      for (const [state, prepare] of Object.entries(STATES)) {
        const email = `${state}-${String(form)}@example.com`
        await prepare(email)
        // A network of its own each time: the rate limit's bookkeeping is then the same for every probe.
        answers[state] = await probe(email, `198.51.100.${100 + n++}`, form)
      }
      const { new: fresh, ...others } = answers
      expect(fresh!.status).toBe(200)
      for (const [state, answer] of Object.entries(others)) expect({ state, ...answer }).toEqual({ state, ...fresh })
      // The email went out after the answer, to the new address only (the pending one had its own already today).
      const confirmations = (await outbox.list()).map((email) => email.to).filter((to) => to.endsWith(`-${String(form)}@example.com`))
      expect(confirmations.sort()).toEqual(
        [`new-${String(form)}@example.com`, `pending-${String(form)}@example.com`, `unsubscribed-${String(form)}@example.com`].sort(),
      )
    },
  )
})

describe('GET /api/subscribers', () => {
  it('answers 401 without a token', async () => {
    await subscribers.add('foo@example.com')
    const { status, body, headers } = await call(subscribersFunction, { path: '/api/subscribers' })
    expect(status).toBe(401)
    expect(body).toEqual({ success: false, message: 'Authentication required' })
    expect(headers.get('www-authenticate')).toBe('Bearer')
  })

  it('answers 401 to a token it did not sign', async () => {
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'
    const { status } = await call(subscribersFunction, { path: '/api/subscribers', headers: { authorization: `Bearer ${forged}` } })
    expect(status).toBe(401)
  })

  it.each(['admin', 'editor'] as const)('lists subscribers for a signed-in %s', async (role) => {
    const { authorization } = await createSignedInUser(role)
    await subscribe({ email: ' Foo@Example.COM ' })
    await subscribe({ email: 'bar@example.com' })

    const { status, body } = await call<ListBody>(subscribersFunction, { path: '/api/subscribers', headers: { authorization } })

    expect(status).toBe(200)
    expect(body.success).toBe(true)
    expect(body.subscribers.map((s) => s.email)).toEqual(['bar@example.com', 'foo@example.com'])
    expect(body.hasMore).toBe(false)
  })
})
