import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import * as adminCalendarFeed from '#functions/admin-calendar-feed.ts'
import * as calendarFeedFn from '#functions/calendar-feed.ts'
import { createAdmin } from '#tests/support/auth.ts'
import { callRaw } from '#tests/support/auth.ts'
import { book, saveAvailability, slots } from '#tests/support/booking.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call } from '#tests/support/call.ts'

useBlobsServer()

const makeFeed = async (authorization: string) =>
  (
    await call<{ success: boolean; feedUrl: string }>(adminCalendarFeed, {
      method: 'POST',
      path: '/api/admin/calendar-feed',
      headers: { authorization },
    })
  ).body.feedUrl

const fetchFeed = (url: string) => {
  const path = new URL(url).pathname
  const token = decodeURIComponent(path.split('/').at(-1)!)
  return callRaw(calendarFeedFn, { path, params: { token } })
}

describe('GET /api/calendar/:token.ics', () => {
  it('answers her upcoming booked sessions as text/calendar, DTSTART/DTEND in UTC; a new address makes the old one 404', async () => {
    const { authorization } = await createAdmin()
    await saveAvailability()
    const free = await slots()
    const first = (await book(free[3]!, { firstName: 'Ada' })).body.session
    const second = (await book(free[12]!, { firstName: 'Bea' })).body.session
    const url = await makeFeed(authorization)

    const feed = await fetchFeed(url)
    expect(feed.status).toBe(200)
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(feed.headers.get('cache-control')).toBe('private, no-store')
    const calendar = new ICAL.Component(ICAL.parse(feed.text))
    expect(calendar.getFirstPropertyValue('method')).toBeNull()
    const events = calendar.getAllSubcomponents('vevent')
    expect(events.map((event) => event.getFirstPropertyValue('uid'))).toEqual([
      `${first.id}@site.test.example`,
      `${second.id}@site.test.example`,
    ])
    for (const [event, session] of [
      [events[0]!, first],
      [events[1]!, second],
    ] as const) {
      expect(event.getFirstProperty('dtstart')!.toICALString()).toMatch(/^DTSTART:\d{8}T\d{6}Z$/)
      expect(event.getFirstProperty('dtend')!.toICALString()).toMatch(/^DTEND:\d{8}T\d{6}Z$/)
      expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(session.start)
      expect((event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString()).toBe(session.end)
    }
    // No visitor's address in a feed that a calendar service keeps.
    expect(feed.text).not.toMatch(/grace\d+@test\.example/i)

    const renewed = await makeFeed(authorization)
    expect(renewed).not.toBe(url)
    expect((await fetchFeed(url)).status).toBe(404)
    expect((await fetchFeed(renewed)).status).toBe(200)
  })

  it('a plain 404 "Not found" for any other token, before and after one is made', async () => {
    const { authorization } = await createAdmin()
    const tokens = ['x.ics', 'A'.repeat(43), `${'A'.repeat(43)}.ics`, '__proto__', '..', '%00', 'a'.repeat(3000)]
    for (const token of tokens) {
      const answer = await callRaw(calendarFeedFn, { path: `/api/calendar/${encodeURIComponent(token)}`, params: { token } })
      expect({ token, status: answer.status, text: answer.text }).toEqual({ token, status: 404, text: 'Not found' })
    }
    const url = await makeFeed(authorization)
    const token = decodeURIComponent(new URL(url).pathname.split('/').at(-1)!)
    for (const other of [token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')), token.toUpperCase(), `${token}.ics.ics`]) {
      const answer = await callRaw(calendarFeedFn, { path: `/api/calendar/${other}`, params: { token: other } })
      expect({ other, status: answer.status, text: answer.text }).toEqual({ other, status: 404, text: 'Not found' })
    }
  })
})
