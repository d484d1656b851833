import { screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import * as booking from '#domain/api/booking.ts'
import type { PublicSession } from '#domain/booking-session.ts'
import { fail, gate, mock } from '#src/testing/handlers.ts'
import { renderRoute } from '#src/testing/render-route.tsx'
import { sentRequests, server } from '#src/testing/server.ts'

/**
 * Booking a time online on /book-now, and the pages an emailed link opens. The calls are the
 * contracts' (domain/api/booking.ts), answered here with msw; the functions are tested on their own.
 */

const SERVICE = '1-1 Financial Coaching'
// Tuesday 15 January 2030, 9:00 and 10:00 in New York; Wednesday 16th at 9:00 and 4:30 PM.
const SLOTS = ['2030-01-15T14:00:00.000Z', '2030-01-15T15:00:00.000Z', '2030-01-16T14:00:00.000Z', '2030-01-16T21:30:00.000Z']
const TAKEN = 'That time was just taken. Please choose another.'
const BOOKED = 'You are booked! We have emailed you the details and a calendar invitation.'
const INVALID = 'This link has expired or is no longer valid.'

const session = (overrides: Partial<PublicSession> = {}): PublicSession => ({
  id: 'session1',
  service: SERVICE,
  minutes: 60,
  location: { kind: 'video' },
  start: SLOTS[0]!,
  end: '2030-01-15T15:00:00.000Z',
  timeZone: 'America/New_York',
  ...overrides,
})

function offerOnline({ slots = SLOTS }: { slots?: string[] | (() => Response | Promise<Response>) } = {}) {
  server.use(
    ...mock(booking.bookingServices, 'GET', () => ({
      services: [{ name: SERVICE, minutes: 60, location: { kind: 'video' as const } }],
      timeZone: 'America/New_York',
    })),
    ...mock(booking.bookingSlots, 'GET', () => (typeof slots === 'function' ? slots() : { slots })),
  )
}

const bookings = () => sentRequests().filter((request) => new URL(request.url).pathname === '/api/booking/sessions')
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

/** Opens the zone list (it holds her own zone until she reaches for it) and picks `zone` from it. */
async function chooseZone(person: UserEvent, zone: string) {
  const list = await screen.findByLabelText('Times are shown in your time zone')
  await person.click(list)
  await person.selectOptions(list, zone)
}

async function openBooking(user?: UserEvent) {
  const view = await renderRoute('/book-now')
  const person = user ?? view.user
  // The services she can book online arrive after the page is drawn.
  await screen.findByRole('button', { name: 'Send Request' })
  await waitForOffer()
  await person.selectOptions(field('Service'), SERVICE)
  // The calendar's chunk compiles on its first use in a test run: seconds on a busy machine.
  await screen.findByRole('heading', { name: 'Choose a time' }, { timeout: 15_000 })
  await chooseZone(person, 'America/New_York')
  return view
}

/** The services answer has arrived once a request for it was sent and answered. */
async function waitForOffer() {
  await expect.poll(() => sentRequests().some((request) => new URL(request.url).pathname === '/api/booking/services')).toBe(true)
}

async function fillDetails(user: UserEvent) {
  await user.type(field('First Name'), 'Grace')
  await user.type(field('Last Name'), 'Hopper')
  await user.type(field('Email'), 'grace@test.example')
  await user.selectOptions(field('Country'), 'United States')
  await user.type(field('Your message'), 'Budgeting for a family of five.')
}

const dayButton = (name: RegExp | string) => screen.getByRole('button', { name })
const timeButtons = () =>
  within(screen.getByRole('group', { name: /^Free times on/ }))
    .getAllByRole('button')
    .map((button) => button.textContent)

describe('booking a time on /book-now', () => {
  it('switches between the time picker (a service she can book online) and the request form (the others)', async () => {
    offerOnline()
    const { user } = await openBooking()
    expect(screen.getByRole('button', { name: 'Book this time' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Send Request' })).toBeNull()
    expect(dayButton('Tuesday, January 15, 2 times free').getAttribute('aria-pressed')).toBe('true')
    expect(dayButton('Wednesday, January 16, 2 times free')).toBeTruthy()

    // A service not opened for online booking, and "Not sure yet": the request form as it was.
    await user.selectOptions(field('Service'), 'Speaking Engagements')
    expect(screen.queryByRole('heading', { name: 'Choose a time' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Send Request' })).toBeTruthy()
    await user.selectOptions(field('Service'), 'Not sure yet')
    expect(screen.queryByRole('heading', { name: 'Choose a time' })).toBeNull()

    await user.selectOptions(field('Service'), SERVICE)
    expect(await screen.findByRole('heading', { name: 'Choose a time' })).toBeTruthy()
  })

  it('writes the days and times in the zone chosen, and the arrow keys move between days', async () => {
    offerOnline()
    const { user } = await openBooking()
    const zone = field('Times are shown in your time zone')
    expect(timeButtons()).toEqual(['9:00 AM', '10:00 AM'])

    await chooseZone(user, 'Europe/London')
    expect(timeButtons()).toEqual(['2:00 PM', '3:00 PM'])
    await user.click(screen.getByRole('button', { name: '3:00 PM, Tuesday, January 15' }))
    expect(screen.getByText('Tuesday, January 15, 2030 at 3:00 PM GMT')).toBeTruthy()

    // In Sydney the same times fall on the next days, and the evening one on the day after.
    await user.selectOptions(zone, 'Australia/Sydney')
    expect(dayButton('Wednesday, January 16, 2 times free').getAttribute('aria-pressed')).toBe('true')
    expect(timeButtons()).toEqual(['1:00 AM', '2:00 AM'])
    expect(screen.getByText('Wednesday, January 16, 2030 at 2:00 AM GMT+11')).toBeTruthy()
    expect(dayButton('Thursday, January 17, 2 times free')).toBeTruthy()

    dayButton('Wednesday, January 16, 2 times free').focus()
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(dayButton('Thursday, January 17, 2 times free'))
    expect(timeButtons()).toEqual(['1:00 AM', '8:30 AM'])
    await user.keyboard('{Home}')
    expect(document.activeElement).toBe(dayButton('Wednesday, January 16, 2 times free'))
  })

  it('books the chosen time with her zone, then shows the confirmation, focused, and the way back', async () => {
    offerOnline()
    server.use(
      ...mock(booking.bookingSessions, 'POST', () => ({
        session: session({ start: SLOTS[2]!, end: '2030-01-16T15:00:00.000Z', timeZone: 'Europe/London' }),
        message: BOOKED,
      })),
    )
    const { user } = await openBooking()
    await chooseZone(user, 'Europe/London')
    await user.click(dayButton('Wednesday, January 16, 2 times free'))
    await user.click(screen.getByRole('button', { name: '2:00 PM, Wednesday, January 16' }))
    await fillDetails(user)
    await user.click(screen.getByRole('button', { name: 'Book this time' }))

    const heading = await screen.findByRole('heading', { name: 'You are booked' })
    expect(document.activeElement).toBe(heading)
    expect(screen.getByText('Wednesday, January 16, 2030 at 2:00 PM GMT')).toBeTruthy()
    expect(screen.getByText('Video call')).toBeTruthy()
    expect(screen.getByText('grace@test.example').parentElement?.textContent).toBe('A calendar invite is on its way to grace@test.example.')
    expect(await bookings()[0]?.json()).toMatchObject({
      firstName: 'Grace',
      email: 'grace@test.example',
      service: SERVICE,
      message: 'Budgeting for a family of five.',
      start: SLOTS[2],
      timeZone: 'Europe/London',
      website: '',
    })

    await user.click(screen.getByRole('button', { name: 'Book another session' }))
    expect(field('Service').value).toBe('Not sure yet')
    expect(field('First Name').value).toBe('')
  })

  it('asks for a time after the fields, in their order, and sends nothing until one is chosen', async () => {
    offerOnline()
    const { user } = await openBooking()
    await user.click(screen.getByRole('button', { name: 'Book this time' }))
    expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent)).toEqual(['First Name is required'])
    await fillDetails(user)
    await user.click(screen.getByRole('button', { name: 'Book this time' }))
    expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent)).toEqual(['Choose a time from the list'])
    expect(bookings()).toHaveLength(0)
  })

  it('a time just taken: says so, offers the next free times, keeps her answers, and books one of them', async () => {
    let calls = 0
    offerOnline()
    server.use(
      ...mock(booking.bookingSessions, 'POST', () =>
        ++calls === 1
          ? HttpResponse.json({ success: false, message: TAKEN, slots: [SLOTS[1], SLOTS[3]] }, { status: 409 })
          : { session: session({ start: SLOTS[3]!, end: '2030-01-16T22:30:00.000Z' }), message: BOOKED },
      ),
    )
    const { user } = await openBooking()
    await user.click(screen.getByRole('button', { name: '9:00 AM, Tuesday, January 15' }))
    await fillDetails(user)
    await user.click(screen.getByRole('button', { name: 'Book this time' }))

    expect((await screen.findByRole('alert')).textContent).toBe(TAKEN)
    const next = within(screen.getByRole('group', { name: 'The next free times' })).getAllByRole('button')
    expect(next.map((button) => button.textContent)).toEqual([
      'Tuesday, January 15, 2030 at 10:00 AM EST',
      'Wednesday, January 16, 2030 at 4:30 PM EST',
    ])
    expect(await screen.findByText('No time chosen yet.')).toBeTruthy()
    expect(field('First Name').value).toBe('Grace')
    expect(field('Your message').value).toBe('Budgeting for a family of five.')

    await user.click(next[1]!)
    // The picker shows the day of the time chosen from the list.
    expect(dayButton('Wednesday, January 16, 2 times free').getAttribute('aria-pressed')).toBe('true')
    await user.click(screen.getByRole('button', { name: 'Book this time' }))
    expect(await screen.findByRole('heading', { name: 'You are booked' })).toBeTruthy()
    expect(screen.getByText('Wednesday, January 16, 2030 at 4:30 PM EST')).toBeTruthy()
    expect(((await bookings()[1]?.json()) as { start: string }).start).toBe(SLOTS[3])
  })

  it('shows finding, could-not-load (with a retry) and none free for the times', async () => {
    const held = gate()
    let answer: () => Response = () => fail(500)
    offerOnline({
      slots: async () => {
        await held.opened
        return answer()
      },
    })
    const view = await renderRoute('/book-now')
    await waitForOffer()
    await view.user.selectOptions(field('Service'), SERVICE)
    expect(await screen.findByText('Finding free times…')).toBeTruthy()
    held.open()
    expect(await screen.findByText(/We could not load the free times/)).toBeTruthy()
    answer = () => HttpResponse.json({ success: true, slots: [] })
    await view.user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText(/^No free times in the coming weeks\./)).toBeTruthy()
    expect(screen.queryByRole('group', { name: 'Choose a day' })).toBeNull()
  })

  it('says how many days ahead it looked when the answer names her horizon', async () => {
    offerOnline({ slots: [] })
    server.use(
      http.get('/api/booking/services', () =>
        HttpResponse.json({
          success: true,
          services: [{ name: SERVICE, minutes: 60, location: { kind: 'video' } }],
          timeZone: 'America/New_York',
          horizonDays: 60,
        }),
      ),
    )
    const view = await renderRoute('/book-now')
    await waitForOffer()
    await view.user.selectOptions(field('Service'), SERVICE)
    expect(await screen.findByText(/^No free times in the next 60 days\./)).toBeTruthy()
  })
})

describe('the pages an emailed link opens', () => {
  it('a bad or expired link says so and offers to book again', async () => {
    server.use(...mock(booking.bookingSession, 'GET', () => fail(404, INVALID)))
    await renderRoute('/book-now/reschedule?token=expired.token')
    const message = await screen.findByText(INVALID)
    await expect.poll(() => document.activeElement).toBe(message)
    expect(screen.getByRole('link', { name: 'Book a session' }).getAttribute('href')).toBe('/book-now')
  })

  it.each([
    ['none', '/book-now/cancel'],
    ['dots', '/book-now/cancel?token=..'],
    ['2,001 characters', `/book-now/reschedule?token=${'a'.repeat(2001)}`],
  ])('a link without a usable token (%s) asks nothing and says the same', async (_label, path) => {
    await renderRoute(path)
    expect(await screen.findByText(INVALID)).toBeTruthy()
    expect(sentRequests().filter((request) => request.url.includes('/api/booking/sessions/'))).toHaveLength(0)
  })

  it('a reschedule link moves the session to a time picked in the same picker', async () => {
    server.use(
      ...mock(booking.bookingSession, 'GET', () => ({ session: session(), purpose: 'reschedule' as const, slots: SLOTS })),
      ...mock(booking.bookingSession, 'POST', () => ({ session: session({ start: SLOTS[2]! }), message: 'Your session has been moved.' })),
    )
    const { user } = await renderRoute('/book-now/reschedule?token=good.token')
    await screen.findByRole('heading', { name: 'Move your session', level: 1 })
    await chooseZone(user, 'America/New_York')
    // The time already booked is not offered again.
    expect(dayButton('Tuesday, January 15, 1 time free')).toBeTruthy()
    await user.click(dayButton('Wednesday, January 16, 2 times free'))
    await user.click(screen.getByRole('button', { name: '9:00 AM, Wednesday, January 16' }))
    await user.click(screen.getByRole('button', { name: 'Move my session' }))
    const moved = await screen.findByText('Your session has been moved.')
    await expect.poll(() => document.activeElement).toBe(moved)
    expect(screen.getByText('Wednesday, January 16, 2030 at 9:00 AM EST')).toBeTruthy()
    const post = sentRequests().find((request) => request.method === 'POST')
    expect(new URL(post!.url).pathname).toBe('/api/booking/sessions/good.token')
    expect(await post!.json()).toEqual({ start: SLOTS[2] })
  })

  it('a cancel link shows the session and cancels it only when asked', async () => {
    server.use(
      ...mock(booking.bookingSession, 'GET', () => ({ session: session(), purpose: 'cancel' as const })),
      ...mock(booking.bookingSession, 'POST', () => ({ message: 'Your session has been cancelled.' })),
    )
    const { user } = await renderRoute('/book-now/cancel?token=good.token')
    await screen.findByRole('heading', { name: 'Cancel your session', level: 1 })
    expect(screen.getByText('Tuesday, January 15, 2030 at 9:00 AM EST')).toBeTruthy()
    expect(sentRequests().filter((request) => request.method === 'POST')).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Cancel my session' }))
    expect(await screen.findByText('Your session has been cancelled.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Book another time' })).toBeTruthy()
    expect(
      await sentRequests()
        .find((request) => request.method === 'POST')!
        .json(),
    ).toEqual({ cancel: true })
  })
})
