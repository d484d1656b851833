import type { Context } from '@netlify/functions'
import { describe, expect, it } from 'vitest'
import { BOOKING_MESSAGES, COUNTRY_NOT_LISTED } from '#domain/booking.ts'
import { SUBSCRIBE_MESSAGES } from '#domain/subscriber.ts'
import * as sendBookingEmail from '#functions/send-booking-email.ts'
import * as subscribersFunction from '#functions/subscribers.ts'
import { CROSS_SITE_MESSAGE } from '#lib/http/cross-site.ts'
import { bookings } from '#lib/data/bookings.ts'
import { outbox } from '#lib/data/outbox.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { PUBLIC_LIMITS } from '#lib/forms/public-forms.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { useBuiltPages } from '#tests/support/built-pages.ts'
import { afterAnswers, call, DEFAULT_IP, fakeContext, TEST_ORIGIN } from '#tests/support/call.ts'
import { expectConsoleError } from '#tests/support/console-guard.ts'
import { bookingInput } from '#tests/support/factories.ts'
import { shrinkLimits, useUpPublicLimit } from '#tests/support/limits.ts'
import { createPost } from '#tests/support/records.ts'
import { useSendgridMock } from '#tests/support/sendgrid.ts'

/**
 * The forms as the browser posts them itself, before the page's code runs or with JavaScript off:
 * form-encoded, answered with the page (the outcome drawn into it), never with JSON.
 */

useBlobsServer()
useSendgridMock()

// The built templates, reduced to what the functions look for (an inline style, the outlet).
const shell = (name: string) =>
  `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>${name}</title><style>body{margin:0}</style></head><body><div id="root"><!--page--></div></body></html>`
const serveTemplates = () =>
  useBuiltPages({ 'book-now-shell.html': shell('Book now'), 'blog-shell.html': shell('Blog'), 'post-shell.html': shell('Post') })

type Page = { status: number; html: string; headers: Headers }

/** Posts fields as a browser's form does: form-encoded, from a page of this site. */
async function postForm(
  fn: { default: (req: Request, context: Context) => Promise<Response> },
  path: string,
  fields: Record<string, unknown>,
  headers: Record<string, string> = {},
  ip = DEFAULT_IP,
): Promise<Page> {
  const body = new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, String(value ?? '')]))
  const req = new Request(new URL(path, TEST_ORIGIN), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', ...headers },
    body,
  })
  const response = await fn.default(req, fakeContext({ ip }))
  const html = await response.text()
  await afterAnswers()
  return { status: response.status, html, headers: response.headers }
}

const bookForm = (fields: Record<string, unknown>, headers?: Record<string, string>, ip?: string) =>
  postForm(sendBookingEmail, '/.netlify/functions/send-booking-email', fields, headers, ip)
const subscribeForm = (fields: Record<string, unknown>, headers?: Record<string, string>) =>
  postForm(subscribersFunction, '/.netlify/functions/subscribers', fields, headers)

/** The data block the page's code starts from: what the answer page was drawn with. */
function dataBlock(html: string): { path: string; answer?: Record<string, unknown>; post?: { title: string } } {
  const json = /<script type="application\/json" id="[^"]+">([\s\S]*?)<\/script>/.exec(html)?.[1]
  if (!json) throw new Error('no data block in the page')
  return JSON.parse(json) as ReturnType<typeof dataBlock>
}

const valueOf = (html: string, name: string) => {
  const tag = new RegExp(`<(?:input|textarea)[^>]*name="${name}"[^>]*>`).exec(html)?.[0]
  if (!tag) throw new Error(`no ${name} box`)
  if (tag.startsWith('<textarea')) return /<textarea[^>]*>([^<]*)/.exec(html.slice(html.indexOf(tag)))?.[1]
  return /value="([^"]*)"/.exec(tag)?.[1] ?? ''
}

describe('the booking form posted by the browser', () => {
  it('stores the booking, emails the coach once, and answers with the page showing the success', async () => {
    serveTemplates()
    const request = bookingInput()

    const page = await bookForm(request)

    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.html).toContain(BOOKING_MESSAGES.success)
    expect(dataBlock(page.html)).toMatchObject({ path: '/book-now', answer: { form: 'booking', ok: true, values: {} } })
    expect(page.html).not.toMatch(/autofocus/i)
    // Its inline style is allowed by hash, and nothing else inline.
    expect(page.headers.get('content-security-policy')).toMatch(/style-src 'self' 'sha256-[\w+/=]+'/)
    expect(page.headers.get('content-security-policy')).not.toContain('unsafe-inline')
    expect(await bookings.list()).toEqual([
      expect.objectContaining({ firstName: request.firstName, email: request.email, message: request.message }),
    ])
    expect(await outbox.list()).toHaveLength(1)
  })

  it('shows the first failing check next to its field, keeps everything typed (escaped), and stores nothing', async () => {
    serveTemplates()
    const typed = bookingInput({
      email: 'grace@example',
      message: 'Line one\n</textarea><script>alert(1)</script> & "quotes"',
      company: '"><img src=x onerror=alert(1)>',
    })

    const page = await bookForm(typed)

    expect(page.status).toBe(400)
    expect(page.html).toContain('Enter a valid email')
    expect(dataBlock(page.html).answer).toMatchObject({ ok: false, field: 'email', message: 'Enter a valid email' })
    expect(valueOf(page.html, 'firstName')).toBe(typed.firstName)
    expect(valueOf(page.html, 'email')).toBe('grace@example')
    // The failing field takes the focus (and the view) when the page opens, before any code.
    expect(page.html.match(/<(?:input|textarea)[^>]*autofocus[^>]*>/g)).toEqual([expect.stringContaining('name="email"')])
    expect(valueOf(page.html, 'company')).toBe('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;')
    expect(valueOf(page.html, 'message')).toBe('Line one\n&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;')
    expect(page.html).not.toContain('<script>alert(1)')
    expect(page.html).not.toContain('<img src=x')
    expect(await bookings.list()).toEqual([])
    expect(await outbox.list()).toEqual([])
  })

  it('keeps the service chosen, and refuses a country not in the list next to the country, which takes the focus', async () => {
    serveTemplates()
    const typed = bookingInput({ country: 'Wakanda', service: 'Investment Coaching' })

    const page = await bookForm(typed)

    expect(page.status).toBe(400)
    expect(dataBlock(page.html).answer).toMatchObject({
      ok: false,
      field: 'country',
      message: COUNTRY_NOT_LISTED,
      values: { country: 'Wakanda', service: 'Investment Coaching' },
    })
    expect(page.html).toContain(COUNTRY_NOT_LISTED)
    expect(page.html.match(/<(?:input|select|textarea)[^>]*autofocus[^>]*>/g)).toEqual([expect.stringContaining('name="country"')])
    // The service select shows the one chosen; the country select has none of its names chosen.
    expect(page.html).toMatch(/<option selected="">Investment Coaching<\/option>/)
    expect(page.html.match(/<option selected="">[^<]*<\/option>/g)).toHaveLength(1)
    expect(await bookings.list()).toEqual([])

    expect((await bookForm({ ...typed, country: 'Ghana' })).status).toBe(200)
    expect(await bookings.list()).toEqual([expect.objectContaining({ country: 'Ghana', service: 'Investment Coaching' })])
  })

  it('counts the first of a field sent twice and ignores fields it does not know', async () => {
    serveTemplates()
    const request = bookingInput()
    const body = `${new URLSearchParams(request as Record<string, string>)}&firstName=Mallory&__proto__=x&constructor=y&isAdmin=true`
    const req = new Request(new URL('/.netlify/functions/send-booking-email', TEST_ORIGIN), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    })
    expect((await sendBookingEmail.default(req, fakeContext())).status).toBe(200)
    const [stored] = await bookings.list()
    expect(stored?.firstName).toBe(request.firstName)
    expect(Object.keys(stored ?? {})).not.toContain('isAdmin')
  })

  it('answers success to a filled honeypot but keeps and sends nothing', async () => {
    serveTemplates()
    const page = await bookForm(bookingInput({ website: 'https://spam.example' }))
    expect(page.status).toBe(200)
    expect(page.html).toContain(BOOKING_MESSAGES.success)
    expect(await bookings.list()).toEqual([])
    expect(await outbox.list()).toEqual([])
  })

  it.each([
    ['another site (Sec-Fetch-Site: cross-site)', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    [
      'a sibling on the same hosting domain (Sec-Fetch-Site: same-site)',
      { 'sec-fetch-site': 'same-site', origin: 'http://evil.localhost:8888' },
    ],
    ['another origin, from a browser without Sec-Fetch-Site', { origin: 'https://evil.example' }],
    ['a sandboxed page (Origin: null)', { origin: 'null' }],
    ['another page, known only by its Referer', { referer: 'https://evil.example/page' }],
  ])('refuses a post from %s before reading it (403 JSON), keeping and sending nothing', async (_case, headers) => {
    serveTemplates()
    const req = new Request(new URL('/.netlify/functions/send-booking-email', TEST_ORIGIN), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(bookingInput() as Record<string, string>),
    })
    const response = await sendBookingEmail.default(req, fakeContext())
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ success: false, message: CROSS_SITE_MESSAGE })
    expect(await bookings.list()).toEqual([])
    expect(await outbox.list()).toEqual([])
  })

  it.each([
    ['by its Origin when the browser sends no Sec-Fetch-Site', { origin: TEST_ORIGIN }],
    ['from an address the visitor typed in herself (Sec-Fetch-Site: none)', { 'sec-fetch-site': 'none' }],
  ])('accepts a post from this site %s', async (_case, headers) => {
    serveTemplates()
    const req = new Request(new URL('/.netlify/functions/send-booking-email', TEST_ORIGIN), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(bookingInput() as Record<string, string>),
    })
    expect((await sendBookingEmail.default(req, fakeContext())).status).toBe(200)
    expect(await bookings.list()).toHaveLength(1)
  })

  it('shows the per-network limit on the page, with everything typed kept', async () => {
    serveTemplates()
    shrinkLimits({ [PUBLIC_LIMITS.booking.scope]: 3 })
    await useUpPublicLimit('booking', '198.51.100.40', 3)
    const typed = bookingInput()

    const page = await bookForm(typed, {}, '198.51.100.40')

    expect(page.status).toBe(429)
    expect(dataBlock(page.html).answer).toMatchObject({ ok: false, values: { message: typed.message } })
    expect(valueOf(page.html, 'lastName')).toBe(typed.lastName)
    expect(await bookings.list()).toEqual([])
  })

  it('says what happened in plain words when the page itself cannot be read', async () => {
    // A deploy whose function was shipped without its page.
    useBuiltPages({ 'blog-shell.html': shell('Blog') })
    expectConsoleError(/built page missing: book-now-shell\.html/)
    const page = await postForm(sendBookingEmail, '/.netlify/functions/send-booking-email', bookingInput())
    expect(page.status).toBe(200)
    expect(page.html).toContain(BOOKING_MESSAGES.success)
    expect(page.html).toContain('<a href="/book-now">')
    expect(await bookings.list()).toHaveLength(1)
  })
})

describe('the same booking sent twice', () => {
  it('by the browser and by the page code at the same moment is one booking and one email', async () => {
    serveTemplates()
    const request = bookingInput()
    const json = () => call(sendBookingEmail, { method: 'POST', path: '/.netlify/functions/send-booking-email', body: request })

    const [byBrowser, byCode, again] = await Promise.all([bookForm(request), json(), json()])

    expect(byBrowser.status).toBe(200)
    expect(byCode.body).toEqual({ success: true, message: BOOKING_MESSAGES.success })
    expect(again.status).toBe(200)
    expect(await bookings.list()).toHaveLength(1)
    expect(await outbox.list()).toHaveLength(1)
  })

  it('by a reload of the answer page is still one booking, with one email', async () => {
    serveTemplates()
    const request = bookingInput()
    expect((await bookForm(request)).status).toBe(200)
    expect((await bookForm(request)).status).toBe(200)
    expect(await bookings.list()).toHaveLength(1)
    expect(await outbox.list()).toHaveLength(1)
  })

  it('is two bookings once anything in it differs', async () => {
    serveTemplates()
    const request = bookingInput()
    await bookForm(request)
    await bookForm({ ...request, message: `${String(request.message)} And one more thing.` })
    expect(await bookings.list()).toHaveLength(2)
    expect(await outbox.list()).toHaveLength(2)
  })
})

describe('the newsletter form posted by the browser', () => {
  it('subscribes once and answers with the post page it was sent from, the post still on it', async () => {
    serveTemplates()
    const post = await createPost({ status: 'published', title: 'Giving first' })

    const page = await subscribeForm({ email: ' Martha@Example.com ', page: `/blog/${post.slug}` })

    expect(page.status).toBe(200)
    // What happened and the step left, in the box under the form (no alert without the page's code).
    expect(page.html).toContain(SUBSCRIBE_MESSAGES.almostThere)
    expect(page.html).toContain('to start receiving the newsletter.')
    expect(page.html).toContain('Giving first')
    expect(dataBlock(page.html)).toMatchObject({ path: `/blog/${post.slug}`, answer: { form: 'newsletter', ok: true, email: '' } })
    expect((await subscribers.all()).map((subscriber) => subscriber.email)).toEqual(['martha@example.com'])
  })

  it.each(['/admin', 'https://evil.example/blog/x', '/blog/../admin', '/blog/no-such-post', ''])(
    'answers on the blog for the page %j',
    async (from) => {
      serveTemplates()
      await createPost({ status: 'draft', title: 'No such post' })
      const page = await subscribeForm({ email: 'ruth@example.com', page: from })
      expect(page.status).toBe(200)
      expect(dataBlock(page.html).path).toBe('/blog')
    },
  )

  it('keeps the address typed when it fails the check, and subscribes nobody', async () => {
    serveTemplates()
    const page = await subscribeForm({ email: 'ruth@"><b>x', page: '/blog' })
    expect(page.status).toBe(400)
    expect(page.html).toContain(SUBSCRIBE_MESSAGES.invalidEmail)
    expect(valueOf(page.html, 'email')).toBe('ruth@&quot;&gt;&lt;b&gt;x')
    expect(await subscribers.all()).toEqual([])
  })

  it('refuses a post from another site', async () => {
    serveTemplates()
    const page = await subscribeForm({ email: 'ruth@example.com', page: '/blog' }, { 'sec-fetch-site': 'cross-site' })
    expect(page.status).toBe(403)
    expect(await subscribers.all()).toEqual([])
  })
})
