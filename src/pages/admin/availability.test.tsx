import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminAvailability, adminCalendarFeed } from '#domain/api/booking.ts'
import { DEFAULT_AVAILABILITY, type Availability } from '#domain/availability.ts'
import { SESSION_MESSAGES } from '#domain/booking-session.ts'
import { session } from '#src/testing/factories.ts'
import { fail, mock } from '#src/testing/handlers.ts'
import { renderRoute } from '#src/testing/render-route.tsx'
import { server } from '#src/testing/server.ts'

const TITLES = ['1-1 Financial Coaching', 'Investment Coaching', 'Speaking Engagements']
const FEED = 'https://coach.example/api/calendar/abc123.ics'

/** Her saved availability: Mondays to the end of the day, Christmas off, one service by video. */
const saved = (): Availability => ({
  ...DEFAULT_AVAILABILITY,
  timeZone: 'America/New_York',
  weekly: { ...DEFAULT_AVAILABILITY.weekly, monday: [{ start: '09:00', end: '24:00' }] },
  datesOff: ['2099-12-25'],
  services: [{ name: '1-1 Financial Coaching', minutes: 60, location: { kind: 'video', text: undefined }, confirmation: undefined }],
})

/** Opens the screen as an admin with `availability`; answers each save as the function would and keeps what was sent. */
async function open({ availability = saved(), feedUrl = FEED as string | null, titles = TITLES } = {}) {
  const sent: unknown[] = []
  server.use(
    ...mock(adminAvailability, 'GET', () => ({ availability, serviceTitles: titles, feedUrl })),
    ...mock(adminAvailability, 'PUT', async ({ request }) => {
      const body = (await request.json()) as Availability
      sent.push(body)
      return { availability: body, message: SESSION_MESSAGES.availabilitySaved }
    }),
  )
  const view = await renderRoute('/admin/availability', { session: session({ role: 'admin' }) })
  await screen.findByText('Weekly hours', { selector: 'h2' })
  return { ...view, sent }
}

/*
 * The screen holds well over a thousand elements (every quarter hour of each day's boxes): a query
 * over all of it costs about a second on a busy machine, so each one looks inside its panel.
 */
const panel = (title: string) => within(screen.getByText(title, { selector: 'h2' }).closest('section')!)
const weekly = () => panel('Weekly hours')
const save = () => screen.getByText('Save availability', { selector: 'button' })
const day = (name: string) => weekly().getByRole('checkbox', { name })
const time = (name: string) => weekly().getByRole('combobox', { name })
const service = (name: string) => panel('Services booked online').getByText(name, { selector: 'h3' }).closest('li')!
const zone = () => panel('Your time zone').getByLabelText('Time zone')
const rule = (label: string) => panel('Spacing and notice').getByLabelText(label)
const calendar = () => panel('Your calendar')

afterEach(() => vi.restoreAllMocks())

/** The dates off as listed, each as she reads it (the Remove button's words left out). */
const datesOff = () =>
  within(panel('Dates off').getByRole('list', { name: 'Dates off' }))
    .getAllByRole('listitem')
    .map((item) => item.firstElementChild?.textContent?.trim())
const value = (element: HTMLElement) => (element as HTMLInputElement).value
const checked = (element: HTMLElement) => (element as HTMLInputElement).checked
const shown = (element: HTMLElement) => (element as HTMLSelectElement).selectedOptions[0]?.text
/** What a control is described by (its hint, or the message that replaced it), as a screen reader reads it. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim()

describe('the Availability screen (/admin/availability)', () => {
  it('shows her settings in her words: a place for the zone, written dates, the end of the day, each service', async () => {
    await open()
    expect(value(zone())).toBe('New York (Eastern Time)')
    expect(checked(day('Monday'))).toBe(true)
    expect(checked(day('Saturday'))).toBe(false)
    expect(shown(time('To (Monday)'))).toBe('End of day')
    expect(datesOff()).toEqual(['Friday 25 December 2099'])
    // No stored spelling reaches her: no ISO date, no 24:00, no zone key.
    const text = document.querySelector('main')!.textContent!
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}|24:00|America\/New_York/)

    expect(checked(within(service('1-1 Financial Coaching')).getByRole('checkbox', { name: 'Can be booked online' }))).toBe(true)
    expect(shown(within(service('1-1 Financial Coaching')).getByLabelText('Where'))).toBe('Video call')
    const other = service('Speaking Engagements')
    expect(checked(within(other).getByRole('checkbox', { name: 'Can be booked online' }))).toBe(false)
    expect(within(other).getByText('Visitors send a request for it.')).toBeTruthy()
  })

  it('checks with the shared schema before sending, and shows each message by its field', async () => {
    const { user, sent } = await open()
    await user.selectOptions(time('To (Monday)'), '08:00')
    await user.clear(rule('Gap between sessions (minutes)'))
    const speaking = service('Speaking Engagements')
    await user.click(within(speaking).getByRole('checkbox', { name: 'Can be booked online' }))
    await user.selectOptions(within(speaking).getByLabelText('Where'), 'place')
    await user.clear(zone())
    await user.paste('Atlantis')
    await user.click(save())

    expect(await screen.findByText('The end must be after the start')).toBeTruthy()
    expect(time('To (Monday)').getAttribute('aria-invalid')).toBe('true')
    expect(description(rule('Gap between sessions (minutes)'))).toBe('The gap between sessions is 0 to 120 minutes')
    expect(description(within(speaking).getByLabelText('Where you meet'))).toBe('Say where you will meet')
    expect(description(zone())).toBe('Choose a time zone from the list')
    // The first field with a message has the focus; nothing was sent.
    expect(zone()).toBe(document.activeElement)
    expect(sent).toEqual([])
  })

  it('saves a range, a date off, the notice in days and a service, then holds no unsaved changes', async () => {
    const { user, sent } = await open()
    await user.click(day('Saturday'))
    await user.selectOptions(time('From (Saturday)'), '10:00')
    await user.selectOptions(time('To (Saturday)'), '12:30')
    await user.click(weekly().getByRole('button', { name: 'Add hours to Saturday' }))
    fireEvent.change(panel('Dates off').getByLabelText('Date off'), { target: { value: '2099-01-01' } })
    await user.click(panel('Dates off').getByRole('button', { name: 'Add date off' }))
    expect(datesOff()).toEqual(['Thursday 1 January 2099', 'Friday 25 December 2099'])
    await user.clear(rule('Minimum notice'))
    await user.type(rule('Minimum notice'), '2')
    await user.selectOptions(rule('Minimum notice in'), 'days')
    expect(screen.getByText('At least 2 days before a session starts.')).toBeTruthy()
    const investing = service('Investment Coaching')
    await user.click(within(investing).getByRole('checkbox', { name: 'Can be booked online' }))
    await user.selectOptions(within(investing).getByLabelText('Length'), '90')
    await user.selectOptions(within(investing).getByLabelText('Where'), 'phone')
    await user.click(within(investing).getByLabelText('Line for the confirmation email (optional)'))
    await user.paste('Have last month’s statements to hand.')
    expect(screen.getByText('You have unsaved changes')).toBeTruthy()
    await user.click(save())

    expect(await screen.findByText(SESSION_MESSAGES.availabilitySaved)).toBeTruthy()
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      weekly: {
        monday: [{ start: '09:00', end: '24:00' }],
        saturday: [
          { start: '10:00', end: '12:30' },
          { start: '12:30', end: '13:30' },
        ],
        sunday: [],
      },
      datesOff: ['2099-01-01', '2099-12-25'],
      noticeHours: 48,
      services: [
        { name: '1-1 Financial Coaching', minutes: 60, location: { kind: 'video' } },
        { name: 'Investment Coaching', minutes: 90, location: { kind: 'phone' }, confirmation: 'Have last month’s statements to hand.' },
      ],
    })
    expect(screen.queryByText('You have unsaved changes')).toBeNull()
    expect(screen.getByText('All changes saved')).toBeTruthy()
    // Saved: following a link asks nothing.
    await user.click(screen.getByText('Bookings', { selector: 'nav a span' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it("places the server's refusal by the field it names, in her words", async () => {
    const { user } = await open()
    server.use(...mock(adminAvailability, 'PUT', () => fail(400, '“1-1 Financial Coaching” is not on the Services page')))
    await user.click(save())
    const coaching = service('1-1 Financial Coaching')
    await waitFor(() =>
      expect(description(within(coaching).getByRole('checkbox', { name: 'Can be booked online' }))).toBe(
        '“1-1 Financial Coaching” is not on the Services page',
      ),
    )
    expect(screen.getByRole('alert').textContent).toContain('“1-1 Financial Coaching” is not on the Services page')

    server.use(...mock(adminAvailability, 'PUT', () => fail(400, '2099-12-25 is listed twice')))
    await user.click(save())
    expect((await screen.findByRole('alert')).textContent).toContain('Friday 25 December 2099 is listed twice')
  })

  it('drops past dates, and refuses a date listed twice or both off and with extra hours', async () => {
    const { user } = await open({ availability: { ...saved(), datesOff: ['2020-03-02', '2099-12-25'] } })
    expect(datesOff()).toEqual(['Monday 2 March 2020 Past', 'Friday 25 December 2099'])
    await user.click(panel('Dates off').getByRole('button', { name: 'Remove past dates (1)' }))
    expect(datesOff()).toEqual(['Friday 25 December 2099'])

    fireEvent.change(panel('Dates off').getByLabelText('Date off'), { target: { value: '2099-12-25' } })
    await user.click(panel('Dates off').getByRole('button', { name: 'Add date off' }))
    expect(description(panel('Dates off').getByLabelText('Date off'))).toBe('Friday 25 December 2099 is already a date off')
    fireEvent.change(panel('Extra hours on given dates').getByLabelText('Date with extra hours'), { target: { value: '2099-12-25' } })
    await user.click(panel('Extra hours on given dates').getByRole('button', { name: 'Add extra hours' }))
    expect(description(panel('Extra hours on given dates').getByLabelText('Date with extra hours'))).toBe(
      'Friday 25 December 2099 is a date off: remove it there first',
    )
    fireEvent.change(panel('Extra hours on given dates').getByLabelText('Date with extra hours'), { target: { value: '2099-12-26' } })
    await user.click(panel('Extra hours on given dates').getByRole('button', { name: 'Add extra hours' }))
    expect(value(panel('Extra hours on given dates').getByRole('combobox', { name: 'From (Saturday 26 December 2099)' }))).toBe('09:00')
  })

  it('takes a service of any name as text, built-in names and markup included', async () => {
    const titles = ['__proto__', '<img src=x onerror=alert(1)>']
    const { user, sent } = await open({ availability: { ...saved(), services: [] }, titles })
    for (const name of titles) await user.click(within(service(name)).getByRole('checkbox', { name: 'Can be booked online' }))
    expect(document.querySelector('main img')).toBeNull()
    await user.click(save())
    await screen.findByText(SESSION_MESSAGES.availabilitySaved)
    expect((sent[0] as Availability).services.map((each) => each.name)).toEqual(titles)
  })

  it('asks before leaving with unsaved changes', async () => {
    const { user, currentLocation } = await open()
    await user.click(day('Sunday'))
    await user.click(screen.getByText('Bookings', { selector: 'nav a span' }))
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }))
    expect(currentLocation().pathname).toBe('/admin/availability')
  })

  it('copies her calendar address, and makes a new one only once she confirms', async () => {
    const { user } = await open()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue()
    expect(value(calendar().getByLabelText('Private calendar address'))).toBe(FEED)
    await user.click(calendar().getByRole('button', { name: 'Copy' }))
    expect(writeText).toHaveBeenCalledWith(FEED)
    expect(screen.getByText('Copied. Paste it into your calendar app.')).toBeTruthy()

    const renewed = 'https://coach.example/api/calendar/def456.ics'
    let calls = 0
    server.use(
      ...mock(adminCalendarFeed, 'POST', () => {
        calls++
        return { feedUrl: renewed, message: SESSION_MESSAGES.feedMade }
      }),
    )
    await user.click(calendar().getByRole('button', { name: 'Make a new address' }))
    const dialog = await screen.findByRole('dialog', { name: 'Make a new calendar address?' })
    await user.click(within(dialog).getByRole('button', { name: 'Keep this one' }))
    expect(calls).toBe(0)
    await user.click(calendar().getByRole('button', { name: 'Make a new address' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make a new address' }))
    expect(await screen.findByText(SESSION_MESSAGES.feedMade)).toBeTruthy()
    expect(value(calendar().getByLabelText('Private calendar address'))).toBe(renewed)
    expect(calls).toBe(1)
  })

  it('offers to make a calendar address when there is none', async () => {
    const { user } = await open({ feedUrl: null })
    server.use(...mock(adminCalendarFeed, 'POST', () => ({ feedUrl: FEED, message: SESSION_MESSAGES.feedMade })))
    await user.click(calendar().getByRole('button', { name: 'Make my calendar address' }))
    expect(value(await calendar().findByLabelText('Private calendar address'))).toBe(FEED)
  })

  it('is in the menu for admins only', async () => {
    server.use(...mock(adminAvailability, 'GET', () => ({ availability: saved(), serviceTitles: TITLES, feedUrl: null })))
    await renderRoute('/admin/content', { session: session({ role: 'editor' }) })
    await screen.findByRole('heading', { name: 'Content', level: 1 })
    expect(screen.queryByRole('link', { name: 'Availability' })).toBeNull()
  })
})
