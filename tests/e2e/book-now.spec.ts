import type { Page } from '@playwright/test'
import { expect, failedResourceLog, fillFromThisNetwork, fulfillJson, holdRequests, test } from '#tests/e2e/support/fixtures.ts'
import { readOutbox } from '#tests/e2e/support/outbox.ts'

/** The booking request form (docs/product.md, Book Now; docs/decisions.md, Bookings are kept). */

const BOOKING = '**/.netlify/functions/send-booking-email'
const SUCCESS = "Thanks! Your request has been sent. We'll be in touch shortly."

const field = {
  firstName: (page: Page) => page.getByLabel('First Name'),
  lastName: (page: Page) => page.getByLabel('Last Name'),
  email: (page: Page) => page.getByLabel('Email', { exact: true }),
  phone: (page: Page) => page.getByLabel(/^Phone/),
  company: (page: Page) => page.getByLabel(/^Company/),
  country: (page: Page) => page.getByLabel('Country'),
  message: (page: Page) => page.getByLabel('Your message'),
}
type FieldName = keyof typeof field

const VALID = {
  firstName: 'Ada',
  lastName: 'Okafor',
  email: 'ada.okafor@example.com',
  country: 'Nigeria',
  message: 'Could Grace speak at our church retreat in March?',
}

const submit = (page: Page) => page.getByRole('button', { name: /Send Request|Sending…/ })
const errorMessages = (page: Page) => page.locator('form').getByRole('alert')
const statusBox = (page: Page) => page.locator('#booking-status')

/** Country is chosen from a list; every other field here is typed. */
async function fill(page: Page, values: Partial<Record<FieldName, string>>) {
  for (const [name, value] of Object.entries(values)) {
    const box = field[name as FieldName](page)
    await (name === 'country' ? box.selectOption(value) : box.fill(value))
  }
}

async function expectAllEmpty(page: Page) {
  for (const name of Object.keys(field) as FieldName[]) await expect(field[name](page), name).toHaveValue('')
  await expect(page.getByLabel('Service')).toHaveValue('Not sure yet')
}

test.beforeEach(async ({ page }) => {
  await page.goto('/book-now')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book Now')
})

test('the checks run in order and show one message at a time, next to the field, which gets focus', async ({ page }) => {
  let requests = 0
  page.on('request', (request) => {
    if (request.url().includes('send-booking-email')) requests++
  })

  const steps: { message: string; focus: FieldName; then: Partial<Record<FieldName, string>> }[] = [
    { message: 'First Name is required', focus: 'firstName', then: { firstName: VALID.firstName } },
    { message: 'Last Name is required', focus: 'lastName', then: { lastName: VALID.lastName } },
    { message: 'Email is required', focus: 'email', then: { email: 'not-an-email' } },
    { message: 'Enter a valid email', focus: 'email', then: { email: VALID.email } },
    { message: 'Country is required', focus: 'country', then: { country: VALID.country } },
    { message: 'Your message is required', focus: 'message', then: { message: VALID.message } },
  ]

  for (const step of steps) {
    await submit(page).click()
    await expect(errorMessages(page)).toHaveText([step.message])
    await expect(field[step.focus](page)).toBeFocused()
    await expect(field[step.focus](page)).toHaveAttribute('aria-invalid', 'true')
    await fill(page, step.then)
  }
  expect(requests, 'nothing is sent while a check fails').toBe(0)

  // Phone and company were never filled: they are optional.
  await submit(page).click()
  await expect(statusBox(page)).toHaveText(SUCCESS)
  await expect(errorMessages(page)).toHaveCount(0)
  expect(requests).toBe(1)
})

// Spaces-only fields and every malformed address are checked in the form's component test
// (src/features/booking/booking-form.test.tsx); the order of the checks, above, stays here.

test('a valid request shows "Sending…", then the thanks message, clears the form and emails the coach', async ({ page, request }) => {
  const held = await holdRequests(page, BOOKING)
  await fill(page, { ...VALID, phone: '+234 800 000 0000', company: 'Grace Chapel' })
  await submit(page).click()

  await expect(submit(page)).toHaveText('Sending…')
  await expect(submit(page)).toBeDisabled()
  // The button says so before the request leaves (the form may load its checks first).
  await expect.poll(() => held.held()).toBe(1)

  held.release()
  await expect(statusBox(page)).toHaveText(SUCCESS)
  await expect(submit(page)).toHaveText('Send Request')
  await expect(submit(page)).toBeEnabled()
  await expectAllEmpty(page)

  const emails = (await readOutbox(request)).filter((email) => email.subject.includes('Booking request'))
  expect(emails).toHaveLength(1)
  const [email] = emails
  expect(email!.to).toBe('coach@example.com')
  expect(email!.replyTo).toBe(VALID.email)
  expect(email!.subject).toBe('Booking request: Ada Okafor')
  for (const text of [VALID.email, VALID.country, VALID.message, '+234 800 000 0000', 'Grace Chapel']) expect(email!.text).toContain(text)
  expect(email!.text).toContain('Service: Not sure yet')
})

test('a request without phone and company is sent too', async ({ page, request }) => {
  await fill(page, VALID)
  await submit(page).click()
  await expect(statusBox(page)).toHaveText(SUCCESS)
  const emails = (await readOutbox(request)).filter((email) => email.subject === 'Booking request: Ada Okafor')
  expect(emails).toHaveLength(1)
  expect(emails[0]!.text).toContain(VALID.message)
})

test('a server failure shows the server message and keeps the form', async ({ page, consoleErrors }) => {
  consoleErrors.allow(failedResourceLog(400))
  await fulfillJson(page, BOOKING, 400, { success: false, message: 'X' })
  await fill(page, VALID)
  await submit(page).click()
  await expect(statusBox(page)).toHaveText('X')
  await expect(field.message(page)).toHaveValue(VALID.message)
  await expect(submit(page)).toBeEnabled()
})

// The fallback message and the network message, with what was typed kept and the button back, are
// in the form's component test (src/features/booking/booking-form.test.tsx).

test('a real refusal from the function (too many requests) shows its message', async ({ page, consoleErrors }) => {
  consoleErrors.allow(failedResourceLog(429))
  // The function accepts 40 requests per network and hour: a room's worth came before this visitor.
  await fillFromThisNetwork(page, 'booking', 39)
  await fill(page, { ...VALID, message: 'Request number 40' })
  await submit(page).click()
  await expect(statusBox(page)).toHaveText(SUCCESS)
  await fill(page, { ...VALID, message: 'Request number 41' })
  await submit(page).click()
  await expect(statusBox(page)).toHaveText('Too many requests from your connection. Please try again later.')
  await expect(field.message(page)).toHaveValue('Request number 41')
})

test('Country lists the countries after "Choose your country"; Service offers "Not sure yet" (chosen) and the listed services', async ({ page }) => {
  const countries = field.country(page).locator('option')
  await expect(countries.first()).toHaveText('Choose your country')
  await expect(field.country(page)).toHaveValue('')
  expect(await countries.count()).toBeGreaterThan(240)
  for (const name of ['Nigeria', 'United Kingdom', 'United States']) await expect(countries.filter({ hasText: name }).first()).toBeAttached()
  await expect(page.getByLabel('Service').locator('option')).toHaveText([
    'Not sure yet',
    '1-1 Financial Coaching',
    'Investment Coaching',
    'Pre-Marital Financial Coaching',
    'Post-Marital Financial Coaching',
    'Speaking Engagements',
  ])
  await expect(page.getByLabel('Service')).toHaveValue('Not sure yet')
})

/** Where a box sits in the form (the page scrolls to the failing field, so not in the window). */
const topOf = (page: Page, name: FieldName) =>
  field[name](page).evaluate((box) => box.getBoundingClientRect().top - box.closest('form')!.getBoundingClientRect().top)

for (const width of [1280, 375]) {
  test(`at ${width} px a message under a field moves no other box in its row`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await fill(page, { firstName: VALID.firstName, lastName: VALID.lastName, email: VALID.email })
    const before = { company: await topOf(page, 'company'), country: await topOf(page, 'country') }
    if (width === 1280) expect(before.country, 'Company and Country share a row').toBe(before.company)
    await submit(page).click()
    await expect(errorMessages(page)).toHaveText(['Country is required'])
    // Company sits beside Country on a wide screen, above it on a phone: neither box moves.
    expect(await topOf(page, 'company')).toBe(before.company)
    expect(await topOf(page, 'country')).toBe(before.country)
    const height = async (name: FieldName) => (await field[name](page).boundingBox())!.height
    expect(await height('country')).toBe(await height('company'))
  })
}
