import { JSDOM } from 'jsdom'
import { describe, expect, it, vi } from 'vitest'
import { BOOKING_MESSAGES, COUNTRY_NOT_LISTED, type BookingRequest } from '#domain/booking.ts'
import * as sendBookingEmail from '#functions/send-booking-email.ts'
import { deliverBookingEmail } from '#lib/email/booking-email.ts'
import { bookings } from '#lib/data/bookings.ts'
import { outbox, type OutboxEmail } from '#lib/data/outbox.ts'
import { PUBLIC_LIMITS } from '#lib/forms/public-forms.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call, LOCAL_RUNTIME } from '#tests/support/call.ts'
import { expectConsoleError } from '#tests/support/console-guard.ts'
import { bookingInput } from '#tests/support/factories.ts'
import { shrinkLimits, useUpPublicLimit } from '#tests/support/limits.ts'
import { sendgridAccepts, sendgridFails, useSendgridMock, type SentMessage } from '#tests/support/sendgrid.ts'

useBlobsServer()
const mail = useSendgridMock()

const book = (body: unknown, ip?: string) =>
  call(sendBookingEmail, { method: 'POST', path: '/.netlify/functions/send-booking-email', body, ip })

const SUCCESS = { success: true, message: BOOKING_MESSAGES.success }

describe('POST /.netlify/functions/send-booking-email: validation', () => {
  // The checks in order, each with a value that fails it.
  const checks = [
    ['firstName', '   ', 'First Name is required'],
    ['lastName', '', 'Last Name is required'],
    ['email', '  ', 'Email is required'],
    ['email', 'grace@example', 'Enter a valid email'],
    ['country', '', 'Country is required'],
    ['country', 'Narnia', COUNTRY_NOT_LISTED],
    ['service', 'x'.repeat(121), 'Service must be at most 120 characters'],
    ['message', '  \n ', 'Your message is required'],
  ] as const

  it.each(checks.map(([, , message], index) => [message, index] as const))('answers 400 "%s" first', async (message, index) => {
    // This check's field and every later one are wrong; reversed, so a field's earliest bad value wins.
    const wrong = Object.fromEntries(
      checks
        .slice(index)
        .toReversed()
        .map(([field, value]) => [field, value]),
    )
    const { status, body } = await book(bookingInput(wrong))
    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message })
    expect(await bookings.list()).toEqual([])
  })

  it.each([
    ['a number for a name', { firstName: 5 }],
    ['a list for the email', { email: [] }],
    ['an object for the message', { message: { text: 'hi' } }],
    ['a number for the phone', { phone: 12345 }],
  ])('answers 400 JSON for %s', async (_case, fields) => {
    const { status, body } = await book(bookingInput(fields))
    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message: expect.any(String) })
    expect(await bookings.list()).toEqual([])
  })

  it('answers 400 JSON for malformed JSON', async () => {
    const { status, body } = await book('{"firstName":')
    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message: 'Request body must be valid JSON' })
  })

  it('answers 413 JSON to a body over 64 KB and stores nothing', async () => {
    const { status, body } = await book(bookingInput({ message: 'x'.repeat(70 * 1024) }))
    expect(status).toBe(413)
    expect(body).toEqual({ success: false, message: 'Request body is too large' })
    expect(await bookings.list()).toEqual([])
  })

  it.each(['GET', 'PUT', 'DELETE'])('refuses %s with a JSON 405', async (method) => {
    const { status, body } = await call(sendBookingEmail, { method, path: '/.netlify/functions/send-booking-email' })
    expect(status).toBe(405)
    expect(body).toEqual({ success: false, message: 'Method not allowed' })
  })
})

describe('POST /.netlify/functions/send-booking-email: country and service', () => {
  it.each(['united states', 'USA', 'Atlantis', ' Nigeria.'])('refuses the country %j, which is not in the list', async (country) => {
    const { status, body } = await book(bookingInput({ country }))
    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message: COUNTRY_NOT_LISTED })
    expect(await bookings.list()).toEqual([])
  })

  it.each(['United States', 'United Kingdom', 'Nigeria', "Côte d'Ivoire", '  Kenya  '])(
    'accepts the listed country %j',
    async (country) => {
      expect((await book(bookingInput({ country }))).body).toEqual(SUCCESS)
      expect((await bookings.list())[0]?.country).toBe(country.trim())
    },
  )

  it("stores the service, trimmed, and names it in the coach's email", async () => {
    expect((await book(bookingInput({ service: '  Speaking Engagements ' }))).body).toEqual(SUCCESS)
    const [stored] = await bookings.list()
    expect(stored?.service).toBe('Speaking Engagements')
    const [email] = await outbox.list()
    expect(email?.text).toContain('Service: Speaking Engagements')
    expect(email?.subject).not.toContain('Speaking')
  })

  it.each([
    ['left out', undefined],
    ['empty', ''],
    ['spaces', '   '],
    ['null', null],
  ])('keeps "Not sure yet" for a service %s', async (_case, service) => {
    const request = bookingInput({ service })
    if (service === undefined) delete request.service
    expect((await book(request)).body).toEqual(SUCCESS)
    expect((await bookings.list())[0]?.service).toBe('Not sure yet')
    expect((await outbox.list())[0]?.text).toContain('Service: Not sure yet')
  })

  it('accepts a service the site does not list (it may have been renamed since the page loaded), up to 120 characters', async () => {
    expect((await book(bookingInput({ service: 'Budget Bootcamp (old name)' }))).body).toEqual(SUCCESS)
    expect((await book(bookingInput({ service: 's'.repeat(120) }))).body).toEqual(SUCCESS)
    expect((await bookings.list()).map((booking) => booking.service)).toEqual(['s'.repeat(120), 'Budget Bootcamp (old name)'])
  })

  it.each([
    ['a line break', 'Coaching\nBcc: someone@example.com'],
    ['a carriage return', 'Coaching\r\nSubject: hi'],
    ['a tab', 'Coaching\tplus'],
    ['a bell', 'Coaching\u0007'],
    ['a C1 control', 'Coaching\u0085'],
    ['a line separator', 'Coaching\u2028Email: x'],
  ])('refuses a service holding %s', async (_case, service) => {
    const { status, body } = await book(bookingInput({ service }))
    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message: 'Service must be plain text on one line' })
    expect(await bookings.list()).toEqual([])
  })

  it('refuses a service that is not text', async () => {
    const { status, body } = await book(bookingInput({ service: ['Coaching'] }))
    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message: 'Service must be text' })
  })

  it('counts the same request for another service as another booking', async () => {
    const request = bookingInput()
    expect((await book({ ...request, service: 'Investment Coaching' })).body).toEqual(SUCCESS)
    expect((await book({ ...request, service: 'Investment Coaching' })).body).toEqual(SUCCESS)
    expect((await book({ ...request, service: 'Speaking Engagements' })).body).toEqual(SUCCESS)
    expect((await bookings.list()).map((booking) => booking.service)).toEqual(['Speaking Engagements', 'Investment Coaching'])
  })
})

describe('POST /.netlify/functions/send-booking-email: a valid request', () => {
  it('is stored, emailed to the coach through the outbox, and answered with the success text', async () => {
    const request = bookingInput({ firstName: '  Grace ', email: 'Grace@Test.Example', company: '' })

    const { status, body } = await book(request)

    expect(status).toBe(200)
    expect(body).toEqual(SUCCESS)
    const stored = await bookings.list()
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ firstName: 'Grace', lastName: request.lastName, emailStatus: 'sent', status: 'new' })
    expect(stored[0]?.company).toBeUndefined()
    const emails = await outbox.list()
    expect(emails).toHaveLength(1)
    expect(emails[0]).toMatchObject({ to: 'coach@test.example', replyTo: 'Grace@Test.Example' })
    expect(emails[0]?.text).toContain(String(request.message))
  })

  it('goes through SendGrid when its key is set', async () => {
    vi.stubEnv('SENDGRID_API_KEY', 'SG.test-key')
    const sent: SentMessage[] = []
    mail.use(sendgridAccepts(sent))

    expect((await book(bookingInput({ firstName: 'Ada' }))).body).toEqual(SUCCESS)

    expect(sent).toHaveLength(1)
    expect(sent[0]?.personalizations[0]?.to).toEqual([{ email: 'coach@test.example' }])
    expect(sent[0]?.subject).toMatch(/^Booking request: Ada /)
    expect((await bookings.list())[0]?.emailStatus).toBe('sent')
    expect(await outbox.list()).toEqual([])
  })

  it('still succeeds for the visitor when SendGrid fails, and keeps the booking as failed', async () => {
    vi.stubEnv('SENDGRID_API_KEY', 'SG.test-key')
    mail.use(sendgridFails())
    expectConsoleError(/email failed/)

    const { status, body } = await book(bookingInput())

    expect(status).toBe(200)
    expect(body).toEqual(SUCCESS)
    const stored = await bookings.list()
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ emailStatus: 'failed', emailAttempts: 1 })
  })

  it('answers success to a filled honeypot but keeps and sends nothing', async () => {
    expect((await book(bookingInput({ website: 'https://spam.example' }))).body).toEqual(SUCCESS)
    expect(await bookings.list()).toEqual([])
    expect(await outbox.list()).toEqual([])
  })

  it('lets 20 people on one network book within ten minutes', { timeout: 60_000 }, async () => {
    for (let i = 1; i <= 20; i++)
      expect((await book(bookingInput({ email: `guest${i}@example.com` }), '198.51.100.20')).status, `booking ${i}`).toBe(200)
    expect(await bookings.list()).toHaveLength(20)
  })

  it('answers 429 JSON past the limit of bookings from one network within the hour', async () => {
    shrinkLimits({ [PUBLIC_LIMITS.booking.scope]: 3 })
    await useUpPublicLimit('booking', '198.51.100.20', 3)

    const { status, body, headers } = await book(bookingInput(), '198.51.100.20')

    expect(status).toBe(429)
    expect(body).toEqual({ success: false, message: expect.any(String) })
    expect(Number(headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await bookings.list()).toHaveLength(0)
    expect((await book(bookingInput(), '198.51.100.21')).status).toBe(200)
  })

  // Requests racing at a limit: the one race of real requests is in subscribers.test.ts; the
  // bookings' limit is the same code (netlify/lib/data/rate-limits.ts).
})

/** The forged lines an outside tester put into a first name: a fake Email line and a link above the real ones. */
const FORGED = 'Ann\n\nEmail: ceo@bigdonor.org\nCall now: https://evil.example/pay\n'

/** The lines of the text part that start, at the left edge, with `label:`. */
const linesStarting = (text: string, label: string) => text.split('\n').filter((line) => line.startsWith(`${label}:`))

/** The HTML part's label and value cells, and the text of its quoted message. */
function htmlParts(html: string) {
  const page = JSDOM.fragment(html)
  // The rows of the fields' table (the email's frame is made of tables too, without header cells).
  const cells = [...page.querySelectorAll('tr')]
    .filter((row) => row.querySelector(':scope > th'))
    .map((row) => [row.querySelector(':scope > th')?.textContent ?? '', row.querySelector(':scope > td')?.textContent ?? ''])
  return { cells, quoted: [...page.querySelectorAll('blockquote')].map((quote) => quote.textContent ?? ''), page }
}

describe('POST /.netlify/functions/send-booking-email: one-line fields', () => {
  it.each([
    ['firstName', 'First Name', FORGED],
    ['lastName', 'Last Name', FORGED],
    // Within the phone's 40 characters, so the line is what is refused.
    ['phone', 'Phone', '555\nEmail: ceo@bigdonor.org'],
    ['company', 'Company', FORGED],
  ] as const)("refuses the forged lines in %s, with the field's message, and sends nothing", async (field, label, value) => {
    const { status, body } = await book(bookingInput({ [field]: value }))
    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message: `${label} must be plain text on one line` })
    expect(await bookings.list()).toEqual([])
    expect(await outbox.list()).toEqual([])
  })

  it.each([
    ['a carriage return', 'Ann\rEmail: x@evil.example'],
    ['a tab', 'Ann\tLee'],
    ['a NUL', 'Ann\u0000'],
    ['DEL', 'Ann\u007f'],
    ['a C1 control (NEL)', 'Ann\u0085Email: x'],
    ['a line separator', 'Ann\u2028Email: x'],
    ['a paragraph separator', 'Ann\u2029Email: x'],
  ])('refuses a first name holding %s', async (_case, firstName) => {
    const { status, body } = await book(bookingInput({ firstName }))
    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message: 'First Name must be plain text on one line' })
  })

  it('refuses a country holding a control character before looking it up', async () => {
    const { status, body } = await book(bookingInput({ country: 'Nigeria\u0000' }))
    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message: 'Country must be plain text on one line' })
  })

  it('keeps the line breaks of a message, but no other control character', async () => {
    expect((await book(bookingInput({ message: 'Line one\r\nLine two\n\tindented' }))).body).toEqual(SUCCESS)
    expect((await bookings.list())[0]?.message).toBe('Line one\r\nLine two\n\tindented')

    const { status, body } = await book(bookingInput({ message: 'Hello\u0000there' }))
    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message: 'Your message must not contain control characters' })
  })
})

describe("the coach's email shows what the visitor typed as data", () => {
  const message = 'Hello Grace,\nEmail: x@evil\nCall now: https://evil.example/pay\n\nThanks'

  async function onlyEmail(): Promise<OutboxEmail> {
    const emails = await outbox.list()
    expect(emails).toHaveLength(1)
    return emails[0]!
  }

  it('quotes every line of the message in the text part, so the one Email line at the left edge is the real one', async () => {
    expect((await book(bookingInput({ firstName: 'Ann', email: 'ann@test.example', message }))).body).toEqual(SUCCESS)
    const { text } = await onlyEmail()

    expect(linesStarting(text, 'Email')).toEqual(['Email: ann@test.example'])
    expect(linesStarting(text, 'Call now')).toEqual([])
    expect(text).toContain('First name: Ann\n')
    expect(text).toContain('Message:\n> Hello Grace,\n> Email: x@evil\n> Call now: https://evil.example/pay\n>\n> Thanks\n')
  })

  it("wraps long values itself, so a mail program wrapping a long line cannot start a line with the visitor's text", async () => {
    const forged = 'Email: evil@attacker.test'
    const input = bookingInput({
      email: 'ann@test.example',
      lastName: `Lee${'\u3000'.repeat(60)}${forged}`,
      company: `Acme${' '.repeat(90)}${forged}`,
      message: `hi${' '.repeat(300)}${forged}\n${'\u00a0'.repeat(300)}${forged}\n${'\t'.repeat(60)}${forged}\n\u200f\u202e${forged}\n${'word '.repeat(40)}${forged}`,
    })
    expect((await book(input)).body).toEqual(SUCCESS)
    const { text, subject } = await onlyEmail()
    for (const line of text.split('\n').filter((line) => !line.startsWith('Received '))) expect(line.length, line).toBeLessThanOrEqual(72)
    expect(linesStarting(text, 'Email')).toEqual(['Email: ann@test.example'])
    expect(text).not.toMatch(/[\u200e\u200f\u202a-\u202e\u2066-\u2069\u00a0\u3000\t]/)
    expect(text).toContain('> hi Email: evil@attacker.test\n')
    expect(subject).toBe(`Booking request: ${input.firstName} Lee ${forged}`)
  })

  it('puts the message in a blockquote of the HTML part and the address in the one Email cell', async () => {
    expect((await book(bookingInput({ email: 'ann@test.example', message }))).body).toEqual(SUCCESS)
    const { html } = await onlyEmail()

    const { cells, quoted } = htmlParts(html ?? '')
    expect(cells.filter(([label]) => label === 'Email')).toEqual([['Email', 'ann@test.example']])
    expect(cells.map(([label]) => label)).toEqual(['First name', 'Last name', 'Email', 'Phone', 'Company', 'Country', 'Service'])
    expect(quoted).toEqual(['Hello Grace,Email: x@evilCall now: https://evil.example/payThanks'])
    expect(html).toContain('Hello Grace,<br>Email: x@evil<br>')
  })

  it('escapes markup in the HTML part: a name cannot add a cell, a row or a link', async () => {
    const lastName = '</td></tr><tr><th>Email</th><td>b@evil.example</td></tr><a href="https://e.example">$</a> &'
    expect((await book(bookingInput({ lastName, email: 'ann@test.example', message: '<b>bold</b> </blockquote>Email: x' }))).body).toEqual(
      SUCCESS,
    )
    const { html } = await onlyEmail()

    const { cells, quoted, page } = htmlParts(html ?? '')
    expect(cells.filter(([label]) => label === 'Email')).toEqual([['Email', 'ann@test.example']])
    expect(cells.find(([label]) => label === 'Last name')?.[1]).toBe(lastName)
    expect(page.querySelectorAll('b')).toHaveLength(0)
    // The one link is the email's own, to the Bookings screen.
    expect([...page.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual(['https://site.test.example/admin/bookings'])
    expect(quoted).toEqual(['<b>bold</b> </blockquote>Email: x'])
  })

  it('keeps the forged first name of a booking stored before the rule on its own line, in both parts', async () => {
    // Stored as a booking from before one-line fields were checked would be: straight through the data module.
    const request = {
      ...bookingInput({ firstName: FORGED, phone: 'Phone\nEmail: a@evil', company: 'Co\u2028Email: b@evil', email: 'ann@test.example' }),
      message,
      service: 'Coaching',
    }
    const stored = await bookings.add(request as BookingRequest)

    expect(await deliverBookingEmail(stored, LOCAL_RUNTIME)).toBe(true)
    const { text, html } = await onlyEmail()

    expect(linesStarting(text, 'Email')).toEqual(['Email: ann@test.example'])
    expect(linesStarting(text, 'Call now')).toEqual([])
    expect(text).toContain('First name: Ann Email: ceo@bigdonor.org Call now:\n    https://evil.example/pay\n')
    expect(text).toContain('Phone: Phone Email: a@evil\n')
    expect(text).toContain('Company: Co Email: b@evil\n')
    const { cells } = htmlParts(html ?? '')
    expect(cells.filter(([label]) => label === 'Email')).toEqual([['Email', 'ann@test.example']])
    expect(cells.find(([label]) => label === 'First name')?.[1]).toBe('Ann Email: ceo@bigdonor.org Call now: https://evil.example/pay')
  })
})
