import type { APIRequestContext, Page } from '@playwright/test'
import ICAL from 'ical.js'
import { DEFAULT_AVAILABILITY, WEEKDAYS } from '#domain/availability.ts'
import { slotsByDay } from '#domain/booking-slot-display.ts'
import { bookNowPath } from '#domain/route-map.ts'
import { formatSlot, formatSlotDay } from '#domain/slot-text.ts'
import { expect, holdRequests, test } from '#tests/e2e/support/fixtures.ts'
import { readOutbox, type OutboxEmail } from '#tests/e2e/support/outbox.ts'

/**
 * Booking a time online, in a browser set to another zone than the coach's (America/New_York,
 * the demo's): the times on the page, the confirmation and the emails are the visitor's. The
 * states of the flow (switching services, a time just taken, the links' refusals) are the
 * component tests' (src/features/booking/booking-flow.test.tsx); here what only the real
 * functions and a real clock show.
 */

const SERVICE = '1-1 Financial Coaching'
type Email = OutboxEmail & { attachments?: { filename: string; type: string; content: string }[] }

async function freeSlots(request: APIRequestContext): Promise<string[]> {
  const answer = await request.get(`/api/booking/slots?${new URLSearchParams({ service: SERVICE })}`)
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as { slots: string[] }).slots
}

/** The email to `to` whose subject starts with `subject` ("Booked", "New time", "Cancelled"), once it has arrived. */
async function emailTo(request: APIRequestContext, to: string, subject: string): Promise<Email> {
  let found: Email | undefined
  const arrived = async () =>
    (found = (await readOutbox(request)).find((email) => email.to === to && email.subject.startsWith(`${subject}:`))) !== undefined
  await expect.poll(arrived, { message: `"${subject}" to ${to}` }).toBe(true)
  return found!
}

/** The invite attached to an email, read back by an iCalendar parser: its method and the event's times as UTC instants. */
function inviteIn(email: Email) {
  const file = email.attachments?.find((attachment) => attachment.type.startsWith('text/calendar'))
  expect(file, `the invite in "${email.subject}"`).toBeTruthy()
  const calendar = new ICAL.Component(ICAL.parse(file!.content))
  const event = calendar.getFirstSubcomponent('vevent')!
  const utc = (name: string) => {
    const time = event.getFirstPropertyValue(name) as ICAL.Time
    // Written in UTC ("Z"), not in a zone the calendar would have to know.
    expect(time.zone?.tzid, `${name} in UTC`).toBe('UTC')
    return time.toJSDate().toISOString()
  }
  return { method: calendar.getFirstPropertyValue('method'), uid: event.getFirstPropertyValue('uid'), start: utc('dtstart'), end: utc('dtend') }
}

const linkIn = (email: Email, purpose: 'reschedule' | 'cancel') => {
  const address = new RegExp(`https?://[^\\s]+(/book-now/${purpose}\\?token=[^\\s]+)`).exec(email.text)?.[1]
  expect(address, `the ${purpose} link in "${email.subject}"`).toBeTruthy()
  return address!
}

/** Picks the day and time of `slot` on the picker, as the visitor reads them in `zone`. */
async function pickTime(page: Page, slots: string[], slot: string, zone: string) {
  const day = slotsByDay(slots, zone).find((candidate) => candidate.slots.includes(slot))!
  const dayName = formatSlotDay(day.date)
  const days = page.getByRole('group', { name: 'Choose a day' })
  await expect(days.getByRole('button').first()).toBeVisible()
  // The day may be on a later page of days.
  for (let page_ = 0; !(await days.getByRole('button', { name: new RegExp(`^${dayName}, `) }).isVisible()); page_++) {
    expect(page_, `${dayName} among the days`).toBeLessThan(20)
    await page.getByRole('button', { name: 'Later days' }).click()
  }
  await days.getByRole('button', { name: `${dayName}, ${day.slots.length} times free` }).click()
  const time = formatSlot(slot, { timeZone: zone, style: 'time' })
  await page
    .getByRole('group', { name: `Free times on ${dayName}` })
    // Exact: "1:15 AM, …" is also the end of "11:15 AM, …".
    .getByRole('button', { name: `${time}, ${dayName}`, exact: true })
    .click()
}

async function fillDetails(page: Page, email: string) {
  await page.getByLabel('First Name').fill('Ada')
  await page.getByLabel('Last Name').fill('Okafor')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Country').selectOption('United Kingdom')
  await page.getByLabel('Your message').fill('Help with a budget for our family, please.')
}

test.describe('a visitor in London, at a desk', () => {
  test.use({ timezoneId: 'Europe/London', viewport: { width: 1280, height: 900 } })

  test('books a time in her zone, then moves it and cancels it from the links in her emails', async ({ page, request, consoleErrors }) => {
    const zone = 'Europe/London'
    const visitor = 'ada.london@example.com'
    const slots = await freeSlots(request)
    // A time on her second free day: the first page of days, not its first button.
    const start = slotsByDay(slots, zone)[1]!.slots[3]!

    await page.goto(`/book-now?${new URLSearchParams({ service: SERVICE })}`)
    await expect(page.getByLabel('Times are shown in your time zone')).toHaveValue(zone)
    await pickTime(page, slots, start, zone)
    await expect(page.getByText(`Your time: ${formatSlot(start, { timeZone: zone })}`)).toBeVisible()
    await fillDetails(page, visitor)
    await page.getByRole('button', { name: 'Book this time' }).click()

    await expect(page.getByRole('heading', { name: 'You are booked' })).toBeFocused()
    await expect(page.getByText(formatSlot(start, { timeZone: zone }), { exact: true })).toBeVisible()
    await expect(page.getByText(`A calendar invite is on its way to ${visitor}.`)).toBeVisible()

    // Her email: the time in her zone, the invite for her calendar, and the two links.
    const booked = await emailTo(request, visitor, 'Booked')
    expect(booked.text).toContain(formatSlot(start, { timeZone: zone }))
    const invite = inviteIn(booked)
    expect(invite).toMatchObject({ method: 'REQUEST', start, end: new Date(Date.parse(start) + 60 * 60_000).toISOString() })

    // Move it: the reschedule page shows the free times in her zone, and sends no referrer.
    const reschedule = linkIn(booked, 'reschedule')
    await page.goto(reschedule)
    await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    await expect(page.getByText(formatSlot(start, { timeZone: zone }), { exact: true })).toBeVisible()
    const later = slotsByDay(slots, zone)[2]!.slots[0]!
    await pickTime(page, slots, later, zone)
    await page.getByRole('button', { name: 'Move my session' }).click()
    await expect(page.getByText('Your session has been moved.')).toBeFocused()
    await expect(page.getByText(formatSlot(later, { timeZone: zone }), { exact: true })).toBeVisible()

    // The new email's cancel link cancels it; the first email's link no longer works.
    const moved = await emailTo(request, visitor, 'New time')
    expect(moved.text).toContain(formatSlot(later, { timeZone: zone }))
    await page.goto(linkIn(moved, 'cancel'))
    await page.getByRole('button', { name: 'Cancel my session' }).click()
    await expect(page.getByText('Your session has been cancelled.')).toBeFocused()
    expect(inviteIn(moved)).toMatchObject({ method: 'REQUEST', uid: invite.uid, start: later })
    const cancelled = await emailTo(request, visitor, 'Cancelled')
    expect(inviteIn(cancelled)).toMatchObject({ method: 'CANCEL', uid: invite.uid })

    consoleErrors.allow(/status of 404/)
    await page.goto(reschedule)
    await expect(page.getByText('This link has expired or is no longer valid.')).toBeVisible()
    await page.getByRole('link', { name: 'Book a session' }).click()
    await expect(page).toHaveURL('/book-now')
  })
})

test.describe('a visitor in Sydney, on a phone', () => {
  test.use({ timezoneId: 'Australia/Sydney', viewport: { width: 375, height: 800 } })

  test('books a time within the day, shown in her zone; the coach is told in hers; the reminder goes once though the job runs twice', async ({
    page,
    request,
    admin,
  }) => {
    // Her availability as the Availability screen saves it: every day, all day, no notice, so a
    // time within the next day is free whenever this runs (a reminder is for the next day's sessions).
    const allDay = [{ start: '00:00', end: '24:00' }]
    await admin.saveAvailability({
      ...DEFAULT_AVAILABILITY,
      weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, allDay])) as typeof DEFAULT_AVAILABILITY.weekly,
      noticeHours: 0,
    })
    const zone = 'Australia/Sydney'
    const coachZone = DEFAULT_AVAILABILITY.timeZone
    const visitor = 'ada.sydney@example.com'
    const slots = await freeSlots(request)
    const start = slots[4]!
    expect(Date.parse(start) - Date.now()).toBeLessThan(24 * 60 * 60_000)

    await page.goto('/book-now')
    await page.getByLabel('Service').selectOption(SERVICE)
    await expect(page.getByLabel('Times are shown in your time zone')).toHaveValue(zone)
    await pickTime(page, slots, start, zone)
    await fillDetails(page, visitor)
    await page.getByRole('button', { name: 'Book this time' }).click()

    await expect(page.getByRole('heading', { name: 'You are booked' })).toBeFocused()
    await expect(page.getByText(formatSlot(start, { timeZone: zone }), { exact: true })).toBeVisible()
    await expect(page.getByText('Your time zone: Australia/Sydney')).toBeVisible()

    // The same instant in each one's own words: hers in Sydney, the coach's in New York.
    const hers = await emailTo(request, visitor, 'Booked')
    expect(hers.text).toContain(formatSlot(start, { timeZone: zone }))
    const coach = (await readOutbox(request)).find((email) => email.subject.startsWith('New session: Ada Okafor'))!
    expect(coach.text).toContain(formatSlot(start, { timeZone: coachZone }))
    expect(inviteIn(coach as Email)).toMatchObject({ method: 'REQUEST', start, uid: inviteIn(hers).uid })

    // The reminder job, run twice (as a late run would repeat it): one reminder each, not two.
    for (let run = 0; run < 2; run++) expect((await request.post('/.netlify/functions/booking-reminders')).status()).toBe(204)
    const reminders = (await readOutbox(request)).filter((email) => email.subject.startsWith('Tomorrow:'))
    expect(reminders.map((email) => email.to).toSorted()).toEqual([visitor, 'coach@example.com'].toSorted())
  })
})

type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }

for (const width of [1280, 375]) {
  test(`at ${width} px a link naming a service opens the form with it chosen, and its calendar arrives without moving the form`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    // Every shift of something in the form, once counting starts.
    await page.addInitScript(() => {
      const state = window as unknown as { formShifts: number; counting: boolean }
      state.formShifts = 0
      state.counting = false
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          const inForm = entry.sources.some(({ node }) => node instanceof Element && node.closest('#booking-form'))
          if (state.counting && !entry.hadRecentInput && inForm) state.formShifts += entry.value
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    // The calendar's code, then the free times, each held until the step before has been looked at.
    const calendarCode = await holdRequests(page, /\/assets\/booking-calendar-[\w-]+\.js$/)
    const freeTimes = await holdRequests(page, '**/api/booking/slots*')

    await page.goto(bookNowPath(SERVICE))
    await expect(page.getByLabel('Service')).toHaveValue(SERVICE)
    await expect(page.getByRole('status').filter({ hasText: 'Finding free times…' })).toBeVisible()
    // From here (the page drawn, its fonts in): a line the web font wraps otherwise is not the calendar's doing.
    await page.evaluate(async () => {
      await document.fonts.ready
      ;(window as unknown as { counting: boolean }).counting = true
    })
    const firstName = page.getByLabel('First Name')
    const before = await firstName.evaluate((box) => box.getBoundingClientRect().top + window.scrollY)
    calendarCode.release()
    await expect(page.getByRole('combobox', { name: 'Times are shown in your time zone' })).toBeVisible()
    freeTimes.release()
    await expect(page.getByRole('group', { name: 'Choose a day' }).getByRole('button').first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Book this time' })).toBeVisible()
    // The times below the days may push the fields further down, never up, and only off the first screen.
    expect(await firstName.evaluate((box) => box.getBoundingClientRect().top + window.scrollY)).toBeGreaterThanOrEqual(before)
    expect(await page.evaluate(() => (window as unknown as { formShifts: number }).formShifts)).toBe(0)

    // Without JavaScript the same address chooses the service, and the form sends a request.
    const withoutScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } })
    const plain = await withoutScript.newPage()
    await plain.goto(`${new URL(page.url()).origin}${bookNowPath(SERVICE)}`)
    await expect(plain.getByLabel('Service')).toHaveValue(SERVICE)
    await expect(plain.getByRole('heading', { name: 'Choose a time' })).toBeHidden()
    await expect(plain.getByRole('button', { name: 'Send Request' })).toBeVisible()
    await withoutScript.close()
  })
}
