import { describe, expect, it } from 'vitest'
import { SESSION_MESSAGES } from '#domain/booking-session.ts'
import * as bookingServices from '#functions/booking-services.ts'
import * as bookingSlots from '#functions/booking-slots.ts'
import { content } from '#lib/data/content.ts'
import { outbox } from '#lib/data/outbox.ts'
import { sessions } from '#lib/data/sessions.ts'
import { book, COACHING, eventOf, INVESTING, invites, saveAvailability, sessionBody, slots } from '#tests/support/booking.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { callRaw } from '#tests/support/auth.ts'
import { call } from '#tests/support/call.ts'

useBlobsServer()

const HOUR = 3_600_000
const DAY = 24 * HOUR

describe('GET /api/booking/services', () => {
  it('lists the bookable services with length and place, her zone and how far ahead, never the confirmation line', async () => {
    await saveAvailability()
    const { status, body } = await call<{ success: boolean; services: unknown[]; timeZone: string; horizonDays: number }>(bookingServices, {
      path: '/api/booking/services',
    })
    expect(status).toBe(200)
    expect(body.timeZone).toBe('America/New_York')
    expect(body.horizonDays).toBe(14)
    expect(body.services).toEqual([
      { name: COACHING, minutes: 60, location: { kind: 'video', text: 'Zoom link in your invitation' } },
      { name: INVESTING, minutes: 30, location: { kind: 'phone' } },
    ])
    expect(JSON.stringify(body)).not.toContain('Grace will send')
  })

  it('leaves out a service the Services page no longer lists', async () => {
    await saveAvailability()
    await content.save(
      { section: 'services', key: 'items', type: 'json', value: JSON.stringify([{ title: INVESTING, text: 'x' }]) },
      'test',
    )
    const { body } = await call<{ success: boolean; services: { name: string }[] }>(bookingServices, { path: '/api/booking/services' })
    expect(body.services.map((service) => service.name)).toEqual([INVESTING])
  })
})

describe('GET /api/booking/slots', () => {
  it('answers the free times, UTC, on the grid, up to her horizon; kept by the CDN a minute, one copy per service', async () => {
    await saveAvailability({ horizonDays: 2 })
    const response = await call<{ success: boolean; slots: string[] }>(bookingSlots, {
      path: `/api/booking/slots?service=${encodeURIComponent(COACHING)}`,
    })
    expect(response.status).toBe(200)
    const all = response.body.slots
    expect(all.length).toBeGreaterThan(150)
    expect(all.every((slot) => /^\d{4}-\d{2}-\d{2}T\d{2}:(?:00|15|30|45):00\.000Z$/.test(slot))).toBe(true)
    expect(Date.parse(all.at(-1)!)).toBeLessThan(Date.now() + 2 * DAY)
    expect(response.headers.get('netlify-cdn-cache-control')).toBe('s-maxage=60,durable')
    expect(response.headers.get('netlify-vary')).toBe('query=service')
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
  })

  it('sends another spelling of the service to its one spelling, so the CDN keeps one copy', async () => {
    await saveAvailability()
    const response = await callRaw(bookingSlots, { path: `/api/booking/slots?service=1-1+Financial+Coaching&utm_source=x` })
    expect(response.status).toBe(308)
    expect(response.headers.get('location')).toBe('/api/booking/slots?service=1-1%20Financial%20Coaching&utm_source=x')
  })

  it.each([['Not sure yet'], ['Speaking Engagements'], ['__proto__'], ['constructor'], ['toString'], ['x'.repeat(121)]])(
    '404 "This service cannot be booked online" for %s',
    async (service) => {
      await saveAvailability()
      const { status, body } = await call(bookingSlots, { path: `/api/booking/slots?service=${encodeURIComponent(service)}` })
      expect({ status, message: body.message }).toEqual({ status: 404, message: SESSION_MESSAGES.notBookable })
    },
  )

  it('leaves out a booked time, and the times it overlaps with the gap', async () => {
    await saveAvailability({ gapMinutes: 15 })
    const before = await slots()
    const start = before.find((slot) => Date.parse(slot) > Date.now() + 2 * HOUR)!
    expect((await book(start)).status).toBe(201)
    const after = await slots()
    const taken = (slot: string) => Math.abs(Date.parse(slot) - Date.parse(start)) < 75 * 60_000
    expect(after).toEqual(before.filter((slot) => !taken(slot)))
    // Another service's times are drawn around it too.
    expect((await slots(INVESTING)).filter((slot) => slot === start)).toEqual([])
  })
})

describe('POST /api/booking/sessions', () => {
  it('books a free time: 201 with the public session and her confirmation line, stored, one email to each, the invite attached', async () => {
    await saveAvailability()
    const start = (await slots())[8]!
    const { status, body } = await book(start, { firstName: 'Ada', timeZone: 'Asia/Tokyo' })
    expect(status).toBe(201)
    expect(body.message).toBe(SESSION_MESSAGES.booked)
    expect(body.session).toEqual({
      id: expect.any(String),
      service: COACHING,
      minutes: 60,
      location: { kind: 'video', text: 'Zoom link in your invitation' },
      start,
      end: new Date(Date.parse(start) + HOUR).toISOString(),
      timeZone: 'Asia/Tokyo',
      confirmation: 'Grace will send the video link the day before.',
    })
    expect(JSON.stringify(body)).not.toMatch(/"email"|"phone"|"message":"We/)
    const [stored] = await sessions.list()
    expect(stored).toMatchObject({
      id: body.session.id,
      firstName: 'Ada',
      status: 'booked',
      sequence: 0,
      confirmation: 'Grace will send the video link the day before.',
    })

    const emails = await invites()
    expect(emails.map((email) => email.to).sort()).toEqual(['coach@test.example', stored!.email].sort())
    const visitor = emails.find((email) => email.to === stored!.email)!
    const coach = emails.find((email) => email.to === 'coach@test.example')!
    // Each in her own zone, named.
    expect(visitor.text).toContain('(Asia/Tokyo time)')
    expect(visitor.text).toContain('GMT+9')
    expect(visitor.text).toContain('Grace will send the video link the day before.')
    expect(visitor.text).toMatch(/\/book-now\/reschedule\?token=/)
    expect(visitor.text).toMatch(/\/book-now\/cancel\?token=/)
    expect(visitor.html).toContain('Choose another time')
    expect(coach.text).toContain('(America/New York time)')
    expect(coach.text).toMatch(/[EC][SD]T|GMT-[45]/)
    expect(coach.text).not.toContain('Grace will send')
    expect(coach.replyTo).toBe(stored!.email)
    for (const email of [visitor, coach]) {
      expect(email.text).not.toMatch(/\d{4}-\d{2}-\d{2}T/)
      expect(email.html).toContain('Faithful Finances')
      expect(email.attachments![0]!.type).toBe('text/calendar; method=REQUEST')
      const event = eventOf(email.calendar)
      expect(event).toMatchObject({ method: 'REQUEST', sequence: 0, status: 'CONFIRMED', uid: `${stored!.id}@site.test.example` })
      expect(event.start.raw).toMatch(/^DTSTART:\d{8}T\d{6}Z$/)
      expect(event.start.iso).toBe(start)
      expect(event.end.iso).toBe(stored!.end)
    }
  })

  it('409 with the next free times when the time is taken, writing nothing and emailing nobody', async () => {
    await saveAvailability()
    const free = await slots()
    const start = free[4]!
    expect((await book(start)).status).toBe(201)
    const emailsBefore = (await outbox.list()).length
    const { status, body } = await book(start)
    expect(status).toBe(409)
    expect(body).toMatchObject({ success: false, message: SESSION_MESSAGES.taken, error: SESSION_MESSAGES.taken })
    expect(body.slots).toHaveLength(6)
    expect(body.slots!.every((slot) => slot >= start && Math.abs(Date.parse(slot) - Date.parse(start)) >= HOUR)).toBe(true)
    expect(await sessions.list()).toHaveLength(1)
    expect(await outbox.list()).toHaveLength(emailsBefore)
  })

  it('refuses times that are not free: off the grid, past, past the horizon, inside her notice, outside her hours, in a clock change gap', async () => {
    // Her day is 9 to 5 in New York; the clocks go forward at 2 AM on the second Sunday of March.
    await saveAvailability({ noticeHours: 2, horizonDays: 30 })
    const free = await slots()
    const first = Date.parse(free[0]!)
    const refusals = [
      new Date(first + 5 * 60_000).toISOString(), // off the 15-minute grid
      new Date(first - 7 * DAY).toISOString().replace(/:\d\d\.\d{3}Z$/, ':00.000Z'), // in the past
      new Date(Date.parse(free.at(-1)!) + 2 * DAY).toISOString(), // past the horizon
      new Date(Date.now() + HOUR).toISOString().replace(/\d\d:\d\d\.\d{3}Z$/, '00:00.000Z'), // inside the notice
    ]
    for (const start of refusals) {
      const { status, body } = await book(start)
      expect({ start, status, first: free[0] }).toEqual({ start, status: 409, first: free[0] })
      expect(body.slots!.length).toBeGreaterThan(0)
    }
    // Her Sundays are 2 to 3 AM in New York: on the Sunday the clocks go forward that hour does
    // not exist, so no instant of that morning is one of her times.
    const { DEFAULT_AVAILABILITY } = await import('#domain/availability.ts')
    await saveAvailability({
      noticeHours: 0,
      horizonDays: 365,
      weekly: { ...structuredClone(DEFAULT_AVAILABILITY.weekly), sunday: [{ start: '02:00', end: '03:00' }] },
    })
    const springForward = nextSpringForward()
    for (const time of ['06:00', '06:30', '06:45', '07:00', '07:15', '07:30']) {
      const { status } = await book(`${springForward}T${time}:00.000Z`, { service: INVESTING })
      expect({ time, status }).toEqual({ time, status: 409 })
    }
    // A Sunday after (or before, near the horizon), the same hour is there: 2 AM EDT is 06:00Z, 2 AM EST 07:00Z.
    const weekLater = Date.parse(springForward) + 7 * DAY
    const other =
      weekLater < Date.now() + 360 * DAY
        ? `${new Date(weekLater).toISOString().slice(0, 10)}T06:00`
        : `${new Date(weekLater - 14 * DAY).toISOString().slice(0, 10)}T07:00`
    expect((await book(`${other}:00.000Z`, { service: INVESTING })).status).toBe(201)
    expect(await sessions.list()).toHaveLength(1)
  })

  it('checks the request form fields in their order with their messages, then the time and the zone', async () => {
    await saveAvailability()
    const start = (await slots())[0]!
    const cases: [Record<string, unknown>, number, string][] = [
      [{ firstName: '' }, 400, 'First Name is required'],
      [{ email: 'nope' }, 400, 'Enter a valid email'],
      [{ country: 'Atlantis' }, 400, 'Choose a country from the list'],
      [{ message: '' }, 400, 'Your message is required'],
      [{ start: 'tomorrow' }, 400, SESSION_MESSAGES.chooseTime],
      [{ start: '2030-02-30T10:00:00.000Z' }, 400, SESSION_MESSAGES.chooseTime],
      [{ start: '2030-01-01T10:00:00Z' }, 400, SESSION_MESSAGES.chooseTime],
      [{ start: 1893456000000 }, 400, SESSION_MESSAGES.chooseTime],
      [{ timeZone: 'EST' }, 400, SESSION_MESSAGES.chooseZone],
      [{ timeZone: '__proto__' }, 400, SESSION_MESSAGES.chooseZone],
      [{ service: '' }, 404, SESSION_MESSAGES.notBookable],
      [{ service: 'Speaking Engagements' }, 404, SESSION_MESSAGES.notBookable],
      [{ service: '__proto__' }, 404, SESSION_MESSAGES.notBookable],
      [{ service: 'constructor' }, 404, SESSION_MESSAGES.notBookable],
      [{ firstName: '<script>alert(1)</script>', message: 'x'.repeat(5001) }, 400, 'Your message must be at most 5000 characters'],
    ]
    for (const [overrides, status, message] of cases) {
      const answer = await book(start, overrides)
      expect({ overrides, status: answer.status, message: answer.body.message }).toEqual({ overrides, status, message })
    }
    expect(await sessions.list()).toHaveLength(0)
  })

  it('keeps the visitor text as data: HTML escaped, no line of hers in the coach email', async () => {
    await saveAvailability()
    const start = (await slots())[0]!
    const { status } = await book(start, {
      firstName: '<img src=x onerror=alert(1)>',
      message: 'Hi\nEmail: attacker@evil.example\n<b>bold</b>',
    })
    expect(status).toBe(201)
    const coach = (await invites()).find((email) => email.to === 'coach@test.example')!
    expect(coach.html).not.toContain('<img src=x')
    expect(coach.html).not.toContain('<b>bold</b>')
    expect(coach.text).toContain('> Email: attacker@evil.example')
    expect(coach.text).not.toMatch(/^Email: attacker/m)
  })

  it('answers a filled honeypot as booked, keeping nothing and emailing nobody', async () => {
    await saveAvailability()
    const start = (await slots())[0]!
    const { status, body } = await book(start, { website: 'http://spam.example' })
    expect(status).toBe(201)
    expect(body.session.start).toBe(start)
    expect(await sessions.list()).toHaveLength(0)
    expect(await outbox.list()).toHaveLength(0)
  })

  it('refuses another site, and a body past the size limit', async () => {
    await saveAvailability()
    const start = (await slots())[0]!
    const { default: handler } = await import('#functions/booking-sessions.ts')
    const { fakeContext } = await import('#tests/support/call.ts')
    const crossSite = await handler(
      new Request('https://site.test.example/api/booking/sessions', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        body: JSON.stringify(sessionBody(start)),
      }),
      fakeContext(),
    )
    expect(crossSite.status).toBe(403)
    const big = await book(start, { message: 'x'.repeat(70 * 1024) })
    expect(big.status).toBe(413)
    expect(await sessions.list()).toHaveLength(0)
  })
})

/** The next second Sunday of March after today (a date the clocks go forward in New York). */
function nextSpringForward(): string {
  for (let year = new Date().getUTCFullYear(); ; year++) {
    const march = new Date(Date.UTC(year, 2, 1))
    const firstSunday = 1 + ((7 - march.getUTCDay()) % 7)
    const date = new Date(Date.UTC(year, 2, firstSunday + 7))
    if (date.getTime() > Date.now() + DAY) return date.toISOString().slice(0, 10)
  }
}
