import type { Page, Request } from '@playwright/test'
import { expect, failedResourceLog, test } from '#tests/e2e/support/fixtures.ts'
import { readOutbox } from '#tests/e2e/support/outbox.ts'

/**
 * The public pages are prerendered and their code starts after the first paint: on a slow phone
 * the forms are on screen, and used, before any code listens. The browser then posts them itself,
 * and the functions answer with the page. These tests hold the page's scripts back (or turn
 * JavaScript off) and check that what was typed arrives once, the outcome shows, and nothing
 * typed ever goes into an address.
 */

const BOOKING_SUCCESS = "Thanks! Your request has been sent. We'll be in touch shortly."
const BOOKING = {
  firstName: 'Hannah',
  lastName: 'Mwangi',
  email: 'hannah.mwangi@example.com',
  country: 'Kenya',
  // A request (the coaching services are booked at a free time instead, with the page's code).
  service: 'Speaking Engagements',
  message: 'We would love Grace to lead a money weekend for 40 young couples at our church in Nairobi next spring.',
}
const labels = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  country: 'Country',
  service: 'Service',
  message: 'Your message',
} as const
/** The fields chosen from a list rather than typed. */
const CHOSEN: readonly string[] = ['country', 'service']

/**
 * Opens a page without waiting for its code (the shared fixture waits for it; here it may never
 * come): as soon as its HTML is in, as a visitor sees it (held scripts also hold the load event).
 */
async function open(page: Page, path: string) {
  await page.mainFrame().goto(path, { waitUntil: 'commit' })
  await page.locator('footer').waitFor()
}

async function fillBooking(page: Page, values: Partial<typeof BOOKING>) {
  for (const [name, value] of Object.entries(values)) {
    const box = page.getByLabel(labels[name as keyof typeof labels], { exact: true })
    await (CHOSEN.includes(name) ? box.selectOption(value) : box.fill(value))
  }
}

/** Holds every script of the site until `release()`: the page paints and is usable, its code has not arrived. */
async function holdScripts(page: Page) {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/[\w.-]+\.js$/, async (route) => {
    await gate
    await route.fallback().catch(() => {})
  })
  return { release }
}

/** Every address the page asks for, to show that nothing typed went into one. */
function watchAddresses(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request: Request) => seen.push(request.url()))
  return seen
}

function expectNothingTypedIn(addresses: string[], typed: string[]) {
  for (const address of addresses) {
    const decoded = decodeURIComponent(address.replace(/\+/g, ' '))
    for (const text of typed) expect(decoded, `${address} holds what was typed`).not.toContain(text)
  }
}

const bookingEmails = async (page: Page, email: string) =>
  (await readOutbox(page.request)).filter((sent) => sent.replyTo === email || sent.text.includes(email))

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('a booking is sent once, the success shows and the form is empty', async ({ page, admin }) => {
    // On a phone, where the form is longest: the answer opens on its outcome, not the empty form's top.
    await page.setViewportSize({ width: 375, height: 800 })
    const addresses = watchAddresses(page)
    await open(page, '/book-now')
    await fillBooking(page, BOOKING)
    await page.getByRole('button', { name: 'Send Request' }).click()

    await expect(page.locator('#booking-status')).toHaveText(BOOKING_SUCCESS)
    await expect(page.locator('#booking-status')).toBeInViewport()
    for (const [name, label] of Object.entries(labels))
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(name === 'service' ? 'Not sure yet' : '')
    expect(new URL(page.url()).search).toBe('')

    // Sent again (a second press, a reload that posts again): still one booking, one email.
    await page.goBack()
    await fillBooking(page, BOOKING)
    await page.getByRole('button', { name: 'Send Request' }).click()
    await expect(page.locator('#booking-status')).toHaveText(BOOKING_SUCCESS)

    const stored = (await admin.bookings()).filter((booking) => booking.email === BOOKING.email)
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject(BOOKING)
    await expect.poll(async () => (await bookingEmails(page, BOOKING.email)).length).toBe(1)
    expectNothingTypedIn(addresses, [BOOKING.firstName, BOOKING.email, 'money weekend'])
  })

  test('a failing check shows its message next to its field, with everything typed kept', async ({ page, admin, consoleErrors }) => {
    consoleErrors.allow(failedResourceLog(400))
    const addresses = watchAddresses(page)
    await open(page, '/book-now')
    const { country: _country, ...withoutCountry } = BOOKING
    await fillBooking(page, { ...withoutCountry, email: 'hannah at example' })
    await page.getByRole('button', { name: 'Send Request' }).click()

    // The first failing check, as the page's code would show it.
    const errors = page.locator('form').getByRole('alert')
    await expect(errors).toHaveText(['Enter a valid email'])
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused()
    await expect(page.getByLabel('First Name')).toHaveValue(BOOKING.firstName)
    await expect(page.getByLabel('Last Name')).toHaveValue(BOOKING.lastName)
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('hannah at example')
    await expect(page.getByLabel('Country')).toHaveValue('')
    await expect(page.getByLabel('Service')).toHaveValue(BOOKING.service)
    await expect(page.getByLabel('Your message')).toHaveValue(BOOKING.message)

    // Put right, the next check speaks; then it goes through.
    await page.getByLabel('Email', { exact: true }).fill(BOOKING.email)
    await page.getByRole('button', { name: 'Send Request' }).click()
    await expect(errors).toHaveText(['Country is required'])
    await expect(page.getByLabel('Country')).toBeFocused()
    await expect(page.getByLabel('Your message')).toHaveValue(BOOKING.message)
    await page.getByLabel('Country').selectOption(BOOKING.country)
    await page.getByRole('button', { name: 'Send Request' }).click()
    await expect(page.locator('#booking-status')).toHaveText(BOOKING_SUCCESS)

    expect((await admin.bookings()).filter((booking) => booking.email === BOOKING.email)).toHaveLength(1)
    expectNothingTypedIn(addresses, [BOOKING.firstName, 'hannah at example', 'money weekend'])
  })

  test('the newsletter subscribes once and says so on the page it was sent from', async ({ page, admin, consoleErrors }) => {
    consoleErrors.allow(failedResourceLog(400))
    const addresses = watchAddresses(page)
    await open(page, '/blog')
    const email = page.getByRole('textbox', { name: 'Email address' })

    await email.fill('not an email')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Please enter a valid email' })).toBeVisible()
    await expect(email).toHaveValue('not an email')

    await email.fill('Priscilla.Reader@Example.com')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Almost there: we have sent you an email.' })).toContainText(
      'Open it and press "Confirm my subscription" to start receiving the newsletter.',
    )
    await expect(email).toHaveValue('')
    await expect(page).toHaveTitle(/^Blog \|/)

    expect((await admin.subscribers()).filter((s) => s.email === 'priscilla.reader@example.com')).toHaveLength(1)
    await expect
      .poll(async () => (await readOutbox(page.request)).filter((sent) => sent.to === 'priscilla.reader@example.com').length)
      .toBe(1)
    expectNothingTypedIn(addresses, ['not an email', 'Priscilla', 'priscilla'])
  })

  test('a post page keeps its post around the newsletter answer', async ({ page, admin }) => {
    const [post] = (await admin.posts()).filter((candidate) => candidate.status === 'published')
    await open(page, `/blog/${post!.slug}`)
    await page.getByRole('textbox', { name: 'Email address' }).fill('lydia@example.com')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Almost there: we have sent you an email.' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post!.title)
    expect((await admin.subscribers()).filter((s) => s.email === 'lydia@example.com')).toHaveLength(1)
  })

  test('no form on the public pages can send by GET', async ({ page }) => {
    for (const path of ['/', '/about', '/services', '/book-now', '/resources', '/blog']) {
      await open(page, path)
      for (const form of await page.locator('form').all()) {
        await expect(form, `a form on ${path}`).toHaveAttribute('method', 'post')
      }
    }
  })

  test('the phone menu opens and closes', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await open(page, '/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Book Now' })).toBeVisible()
    await menu.getByRole('button', { name: 'Close menu' }).click()
    await expect(menu).toBeHidden()
  })
})

test.describe('before the page code has arrived', () => {
  test('a booking sent then is stored once and the page carries on with its code', async ({ page, admin }) => {
    const addresses = watchAddresses(page)
    const scripts = await holdScripts(page)
    await open(page, '/book-now')
    await fillBooking(page, BOOKING)
    await page.getByRole('button', { name: 'Send Request' }).click()
    await expect(page.locator('#booking-status')).toHaveText(BOOKING_SUCCESS)

    // The code arrives on the answer: it takes over the page at the page's own address.
    scripts.release()
    await page.locator('html[data-ready]').waitFor({ state: 'attached' })
    await expect(page).toHaveURL(/\/book-now#booking-answer$/)
    await expect(page.locator('#booking-status')).toHaveText(BOOKING_SUCCESS)

    expect((await admin.bookings()).filter((booking) => booking.email === BOOKING.email)).toHaveLength(1)
    await expect.poll(async () => (await bookingEmails(page, BOOKING.email)).length).toBe(1)
    expectNothingTypedIn(addresses, [BOOKING.firstName, BOOKING.email, 'money weekend'])
  })

  test('what was typed before the code arrived is what the code sends', async ({ page, admin }) => {
    const scripts = await holdScripts(page)
    await open(page, '/book-now')
    await fillBooking(page, BOOKING)
    scripts.release()
    await page.locator('html[data-ready]').waitFor({ state: 'attached' })
    await expect(page.getByLabel('Your message')).toHaveValue(BOOKING.message)

    await page.getByRole('button', { name: 'Send Request' }).click()
    await expect(page.locator('#booking-status')).toHaveText(BOOKING_SUCCESS)
    await expect(page.getByLabel('First Name')).toHaveValue('')
    await expect(page).toHaveURL(/\/book-now$/)
    expect((await admin.bookings()).filter((booking) => booking.email === BOOKING.email)).toEqual([expect.objectContaining(BOOKING)])
  })

  test('sent by the browser, then again by the code from the page before it, it is one booking', async ({ page, admin }) => {
    const scripts = await holdScripts(page)
    await open(page, '/book-now')
    await fillBooking(page, BOOKING)
    await page.getByRole('button', { name: 'Send Request' }).click()
    await expect(page.locator('#booking-status')).toHaveText(BOOKING_SUCCESS)

    // Back to the filled-in form; now its code runs, and she sends it again.
    await page.goBack({ waitUntil: 'commit' })
    scripts.release()
    await page.locator('html[data-ready]').waitFor({ state: 'attached' })
    await fillBooking(page, BOOKING)
    const sentByCode = page.waitForRequest((request) => request.url().includes('send-booking-email') && request.resourceType() === 'fetch')
    await page.getByRole('button', { name: 'Send Request' }).click()
    await sentByCode
    await expect(page.locator('#booking-status')).toHaveText(BOOKING_SUCCESS)

    expect((await admin.bookings()).filter((booking) => booking.email === BOOKING.email)).toHaveLength(1)
    await expect.poll(async () => (await bookingEmails(page, BOOKING.email)).length).toBe(1)
  })

  test('a newsletter signup sent then is one subscriber, and the page carries on', async ({ page, admin }) => {
    const addresses = watchAddresses(page)
    const scripts = await holdScripts(page)
    await open(page, '/blog')
    await page.getByRole('textbox', { name: 'Email address' }).fill('martha@example.com')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Almost there: we have sent you an email.' })).toBeVisible()

    scripts.release()
    await page.locator('html[data-ready]').waitFor({ state: 'attached' })
    await expect(page).toHaveURL(/\/blog#newsletter$/)
    await expect(page.getByRole('status').filter({ hasText: 'Almost there: we have sent you an email.' })).toBeVisible()
    // Its code now lists the posts, as on any visit.
    await expect(page.getByRole('list', { name: 'Posts' })).toBeVisible()

    expect((await admin.subscribers()).filter((s) => s.email === 'martha@example.com')).toHaveLength(1)
    expectNothingTypedIn(addresses, ['martha'])
  })

  test('the resource filters are visibly off until the code can run them', async ({ page }) => {
    const scripts = await holdScripts(page)
    await open(page, '/resources')
    const filters = page.getByRole('group', { name: 'Filter by type' }).getByRole('button')
    await expect(filters.first()).toBeDisabled()
    expect(await filters.evaluateAll((buttons) => buttons.every((button) => (button as HTMLButtonElement).disabled))).toBe(true)

    scripts.release()
    await page.locator('html[data-ready]').waitFor({ state: 'attached' })
    await expect(filters.first()).toBeEnabled()
    await page.getByRole('button', { name: 'Ebooks' }).click()
    await expect(page).toHaveURL(/\/resources\?type=ebook$/)
  })
})
