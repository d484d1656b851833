import type { Page, Request } from '@playwright/test'
import { expect, failedResourceLog, fulfillJson, holdRequests, test } from '#tests/e2e/support/fixtures.ts'
import { emailsTo, readOutbox } from '#tests/e2e/support/outbox.ts'

/** The newsletter signup on /blog (docs/product.md, Blog; docs/decisions.md, Subscribers). */

const SUBSCRIBERS = '**/api/subscribers'

const form = (page: Page) => page.locator('form', { has: page.getByRole('button', { name: /Subscribe|Submitting/ }) })
const emailField = (page: Page) => form(page).getByRole('textbox', { name: 'Email address' })
const button = (page: Page) => form(page).getByRole('button')

/** Every request the page makes to the subscribers function. */
function watchSubscribeRequests(page: Page): Request[] {
  const seen: Request[] = []
  page.on('request', (request) => {
    if (/\/(?:api|\.netlify\/functions)\/subscribers/.test(request.url())) seen.push(request)
  })
  return seen
}

async function openBlog(page: Page) {
  await page.goto('/blog')
  await expect(emailField(page)).toBeVisible()
}

// One refusal here; every other address the check refuses is in the form's component test
// (src/features/newsletter/newsletter-form.test.tsx).
test('an address of spaces alerts "Please enter a valid email" and sends nothing', async ({ page, dialogs }) => {
  const requests = watchSubscribeRequests(page)
  await openBlog(page)
  await emailField(page).fill('   ')
  await button(page).click()
  expect(await dialogs.nth(1)).toBe('Please enter a valid email')
  expect(requests).toEqual([])
  // An email input drops surrounding spaces itself.
  await expect(emailField(page)).toHaveValue('')
})

test('a valid email shows "Submitting…" while in flight, then "Subscribed successfully!" and clears the field', async ({
  page,
  dialogs,
  admin,
}) => {
  const held = await holdRequests(page, SUBSCRIBERS)
  await openBlog(page)
  await emailField(page).fill('  Ruth.Reader@Example.com ')
  await button(page).click()

  await expect(button(page)).toBeDisabled()
  await expect(button(page)).toHaveText('Submitting…')
  expect(held.held()).toBe(1)
  expect(dialogs.messages).toEqual([])

  held.release()
  expect(await dialogs.nth(1)).toBe('Subscribed successfully!')
  await expect(emailField(page)).toHaveValue('')
  await expect(button(page)).toBeEnabled()
  await expect(button(page)).toHaveText('Subscribe')

  // Stored through the real function, trimmed and lower-cased.
  expect((await admin.subscribers()).map((s) => s.email)).toEqual(['ruth.reader@example.com'])
})

test('subscribing twice with different casing succeeds both times and keeps one subscriber', async ({ page, dialogs, admin }) => {
  await openBlog(page)
  await emailField(page).fill('twice@example.com')
  await button(page).click()
  expect(await dialogs.nth(1)).toBe('Subscribed successfully!')
  await expect(emailField(page)).toHaveValue('')

  await emailField(page).fill('TWICE@Example.COM')
  await button(page).click()
  expect(await dialogs.nth(2)).toBe('Subscribed successfully!')
  await expect(emailField(page)).toHaveValue('')

  expect((await admin.subscribers()).map((s) => s.email)).toEqual(['twice@example.com'])
})

test('the form on a post page subscribes too', async ({ page, dialogs, admin }) => {
  await page.goto('/blog/generosity-on-any-income')
  await emailField(page).fill('post.reader@example.com')
  await button(page).click()
  expect(await dialogs.nth(1)).toBe('Subscribed successfully!')
  expect((await admin.subscribers()).map((s) => s.email)).toEqual(['post.reader@example.com'])
})

test('a server failure alerts the server message and keeps the field', async ({ page, dialogs, consoleErrors }) => {
  consoleErrors.allow(failedResourceLog(400))
  await fulfillJson(page, SUBSCRIBERS, 400, { success: false, message: 'This address cannot subscribe right now.' })
  await openBlog(page)
  await emailField(page).fill('someone@example.com')
  await button(page).click()
  expect(await dialogs.nth(1)).toBe('This address cannot subscribe right now.')
  await expect(emailField(page)).toHaveValue('someone@example.com')
  await expect(button(page)).toBeEnabled()
  await expect(button(page)).toHaveText('Subscribe')
})

// A refusal with its message (429), the fallback "Subscription failed" and the network message,
// each keeping the address and giving the button back, are in the form's component test
// (src/features/newsletter/newsletter-form.test.tsx); the real refusal at the limit is met end to
// end on /book-now (book-now.spec.ts).

test('the welcome email that follows the confirming carries an unsubscribe link that works with one click', async ({
  page,
  dialogs,
  admin,
  request,
}) => {
  await openBlog(page)
  await emailField(page).fill('Leaving@Example.com')
  await button(page).click()
  expect(await dialogs.nth(1)).toBe('Subscribed successfully!')
  const [confirmation] = await emailsTo(request, 'leaving@example.com')
  const confirmLink = new URL(/https?:\/\/\S+\/confirm\?\S+/.exec(confirmation?.text ?? '')?.[0] ?? 'http://missing.invalid/')
  await page.goto(confirmLink.pathname + confirmLink.search)
  await page.getByRole('button', { name: 'Confirm my subscription' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are subscribed')

  const welcome = (await readOutbox(request)).find(
    (email) => email.to === 'leaving@example.com' && email.subject === 'Welcome to the newsletter',
  )
  expect(welcome, 'a welcome email in the outbox').toBeDefined()
  const link = /https?:\/\/\S+\/unsubscribe\?\S+/.exec(welcome!.text)?.[0]
  expect(link, 'an unsubscribe link in the welcome email').toBeDefined()

  const { pathname, search } = new URL(link!)
  await page.goto(pathname + search)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe')
  await expect(page.getByText(/leaving@example\.com/)).toBeVisible()
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(page.getByRole('status')).toHaveText('You have been unsubscribed.')
  expect(await admin.subscribers()).toEqual([])
})

test('a tampered unsubscribe link is refused and keeps the subscriber', async ({ page, dialogs, admin, consoleErrors }) => {
  consoleErrors.allow(failedResourceLog(400))
  await openBlog(page)
  await emailField(page).fill('staying@example.com')
  await button(page).click()
  expect(await dialogs.nth(1)).toBe('Subscribed successfully!')

  await page.goto('/unsubscribe?email=staying%40example.com&token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(page.getByRole('alert')).toHaveText('This unsubscribe link is not valid.')
  expect((await admin.subscribers()).map((s) => s.email)).toEqual(['staying@example.com'])
})
