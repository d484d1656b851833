import type { Page } from '@playwright/test'
import { expect, failedResourceLog, holdRequests, test } from '#tests/e2e/support/fixtures.ts'
import { signIn } from '#tests/e2e/support/sign-in.ts'
import { emailsTo, readOutbox } from '#tests/e2e/support/outbox.ts'

/** Newsletter double opt-in: the signup, the emailed link, the one-click confirm (docs/product.md, Confirm). */

const newsletter = (page: Page) => page.locator('form', { has: page.getByRole('button', { name: /Subscribe|Submitting/ }) })

async function signUp(page: Page, email: string) {
  await page.goto('/blog')
  await newsletter(page).getByRole('textbox', { name: 'Email address' }).fill(email)
  await newsletter(page).getByRole('button').click()
}

/** The path and query of the link in the confirmation email sent to `email`. */
async function confirmationPath(request: Parameters<typeof readOutbox>[0], email: string): Promise<string> {
  const sent = await emailsTo(request, email)
  expect(sent.map((message) => message.subject)).toEqual(['Please confirm your subscription'])
  const link = /https?:\/\/\S+\/confirm\?token=[\w.-]+/.exec(sent[0]!.text)?.[0]
  expect(link, 'a confirmation link in the email').toBeDefined()
  const { pathname, search } = new URL(link!)
  return pathname + search
}

test('subscribe, confirm from the emailed link with one click, and show as Confirmed in the admin', async ({
  page,
  dialogs,
  request,
  admin,
  server,
  serverURL,
}) => {
  await signUp(page, 'Joy@Example.com')
  expect(await dialogs.nth(1)).toBe('Subscribed successfully!')
  await expect(page.getByRole('status').filter({ hasText: 'Almost there: we have sent you an email.' })).toContainText(
    'Open it and press "Confirm my subscription" to start receiving the newsletter.',
  )
  expect((await admin.subscribers()).map((s) => [s.email, s.state])).toEqual([['joy@example.com', 'pending']])

  // Opening the link (as a mail scanner would) confirms nothing.
  await page.goto(await confirmationPath(request, 'joy@example.com'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your subscription')
  expect((await admin.subscribers()).map((s) => s.state)).toEqual(['pending'])

  const held = await holdRequests(page, '**/api/subscribers/confirm')
  await page.getByRole('button', { name: 'Confirm my subscription' }).click()
  await expect(page.getByRole('button', { name: 'Confirming…' })).toBeDisabled()
  held.release()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are subscribed')
  await expect(page.getByRole('status').filter({ hasText: 'confirmed' })).toHaveText('Thank you! Your subscription is confirmed.')
  await expect(page.getByRole('status').filter({ hasText: 'confirmed' })).toBeFocused()
  expect((await readOutbox(request)).filter((email) => email.to === 'joy@example.com').map((email) => email.subject)).toEqual([
    'Please confirm your subscription',
    'Welcome to the newsletter',
  ])

  // The same link again: already confirmed.
  await page.reload()
  await page.getByRole('button', { name: 'Confirm my subscription' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'already' })).toHaveText(
    'Your subscription was already confirmed. Nothing more to do.',
  )

  await signIn(page, server, serverURL, 'admin')
  await page.goto('/admin/subscribers')
  const row = page.getByRole('row').filter({ hasText: 'joy@example.com' })
  await expect(row).toContainText('Confirmed')

  // The filter is kept in the address.
  await page.getByLabel('Show').selectOption('pending')
  await expect(page).toHaveURL(/\/admin\/subscribers\?state=pending$/)
  await expect(page.getByText('No subscribers awaiting confirmation.')).toBeVisible()
  await page.getByLabel('Show').selectOption('confirmed')
  await expect(page).toHaveURL(/\?state=confirmed$/)
  await expect(page.getByRole('row').filter({ hasText: 'joy@example.com' })).toContainText('Confirmed')
})

test('a link that is not valid offers to subscribe again and confirms nothing', async ({ page, dialogs, admin, consoleErrors }) => {
  consoleErrors.allow(failedResourceLog(400))
  await signUp(page, 'doubt@example.com')
  expect(await dialogs.nth(1)).toBe('Subscribed successfully!')

  await page.goto('/confirm?token=aaaa.bbbb.cccc')
  await page.getByRole('button', { name: 'Confirm my subscription' }).click()
  await expect(page.getByRole('alert')).toHaveText('This confirmation link has expired or is not valid. Please subscribe again.')
  await expect(page.getByRole('link', { name: 'Subscribe again' })).toHaveAttribute('href', '/blog#newsletter')
  expect((await admin.subscribers()).map((s) => s.state)).toEqual(['pending'])

  await page.goto('/confirm')
  await expect(page.getByRole('alert')).toHaveText('This confirmation link has expired or is not valid. Please subscribe again.')
  await expect(page.getByRole('button', { name: 'Confirm my subscription' })).toHaveCount(0)
})

test('a network failure says so and leaves the button for another try', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/net::ERR_FAILED|Failed to fetch|Failed to load resource/)
  await page.route('**/api/subscribers/confirm', (route) => route.abort('failed'))
  await page.goto('/confirm?token=aaaa.bbbb.cccc')
  await page.getByRole('button', { name: 'Confirm my subscription' }).click()
  await expect(page.getByRole('alert')).toHaveText('Something went wrong. Please check your connection and try again.')
  await expect(page.getByRole('button', { name: 'Confirm my subscription' })).toBeEnabled()
})
