import { hkdfSync } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import { decodeJwt, SignJWT } from 'jose'
import { PASSWORD_RESET_MESSAGES, USER_MESSAGES } from '#domain/admin-user.ts'
import { DEMO_CREDENTIALS } from '#domain/demo.ts'
import { localServerEnv } from '#scripts/local-server.ts'
import { expect, failedResourceLog, test } from '#tests/e2e/support/fixtures.ts'
import { openDashboard, signedInPage } from '#tests/e2e/support/sign-in.ts'
import { readOutbox } from '#tests/e2e/support/outbox.ts'

/**
 * The ways back in when the coach cannot sign in (docs/decisions.md, Tokens and passwords): the
 * emailed reset link, and "sign out everywhere" for a session she wants ended, in the browser
 * against the real functions and the local outbox.
 */
const { admin } = DEMO_CREDENTIALS
const ADMIN_EMAIL = 'admin@example.com'
const NEW_PASSWORD = 'lanterns over the quiet harbour'
const SUBJECT = 'Choose a new password for '

/** The path and fragment of the newest reset link emailed to `to` (the email goes out just after the answer). */
async function resetLinkSentTo(request: APIRequestContext, to: string, count = 1): Promise<string> {
  let emails: Awaited<ReturnType<typeof readOutbox>> = []
  await expect
    .poll(async () => (emails = (await readOutbox(request)).filter((email) => email.to === to && email.subject.startsWith(SUBJECT))).length)
    .toBe(count)
  const email = emails.at(-1)!
  const link = /https?:\/\/\S+\/admin\/reset-password#token=[\w.-]+/.exec(email.text)?.[0]
  expect(link, 'a reset link in the text part').toBeDefined()
  expect(email.html, 'the same link in the HTML part').toContain(`href="${link}"`)
  const { pathname, hash } = new URL(link!)
  return pathname + hash
}

/**
 * The same link as if it had been sent 31 minutes ago: re-signed with the reset key the local
 * servers derive from this checkout's signing key (scripts/local-server.ts).
 */
async function expiredCopy(path: string): Promise<string> {
  const token = path.slice(path.indexOf('#token=') + '#token='.length)
  const { exp: _exp, iat: _iat, ...claims } = decodeJwt(token)
  const key = new Uint8Array(hkdfSync('sha256', localServerEnv().JWT_SECRET!, 'faithful-finances', 'password-reset-links/v1', 32))
  const sentAt = Math.floor(Date.now() / 1000) - 31 * 60
  const expired = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(sentAt)
    .setExpirationTime(sentAt + 30 * 60)
    .sign(key)
  return `/admin/reset-password#token=${expired}`
}

test('Forgot password: the emailed link sets a new password once, signs her in, and ends her other sessions', async ({
  page,
  server,
  request,
  consoleErrors,
}) => {
  // The weak password's refusal (400) and the used link's (410), which the browser logs.
  consoleErrors.allow(failedResourceLog(400), failedResourceLog(410))
  const otherDevice = await (await server.post('/api/admin/login', { data: admin })).json()
  const otherAuth = { authorization: `Bearer ${otherDevice.token}` }

  await page.goto('/admin/login')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible()
  await page.getByLabel('Username or email').fill(admin.username)
  await page.getByRole('button', { name: 'Email me a link' }).click()
  await expect(page.getByRole('status')).toHaveText(PASSWORD_RESET_MESSAGES.requested)

  const link = await resetLinkSentTo(request, ADMIN_EMAIL)
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
  await expect(page.getByText(`For the account ${admin.username}.`)).toBeVisible()

  // Too easy to guess: the server says why and what to do, and the link still works.
  await page.getByLabel('New password', { exact: true }).fill('Password1!')
  await page.getByLabel('Confirm new password').fill('Password1!')
  await page.getByRole('button', { name: 'Set my new password' }).click()
  await expect(page.getByRole('alert')).toContainText(USER_MESSAGES.weakPassword)

  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Set my new password' }).click()

  // Signed in, on My account, which says what happened.
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible()
  await expect(page.locator('.flash-text')).toHaveText(PASSWORD_RESET_MESSAGES.done)
  await page.getByRole('link', { name: 'Dashboard' }).click()
  await expect(page.getByText('Total users')).toBeVisible()
  expect((await server.get('/api/admin/stats', { headers: otherAuth })).status()).toBe(401)
  expect((await server.post('/api/admin/login', { data: admin })).status()).toBe(401)
  expect((await server.post('/api/admin/login', { data: { username: admin.username, password: NEW_PASSWORD } })).status()).toBe(200)

  // The same link a second time.
  await page.goto(link)
  await expect(page.getByRole('alert')).toHaveText(PASSWORD_RESET_MESSAGES.used)
  await page.getByRole('link', { name: 'Ask for a new link' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible()
})

test('Forgot password: the same answer for a name nobody has, and no email', async ({ page, request }) => {
  await page.goto('/admin/forgot-password')
  await page.getByLabel('Username or email').fill('nobody@example.com')
  await page.getByRole('button', { name: 'Email me a link' }).click()
  await expect(page.getByRole('status')).toHaveText(PASSWORD_RESET_MESSAGES.requested)
  await page.getByLabel('Username or email').fill(ADMIN_EMAIL)
  await page.getByRole('button', { name: 'Send the link again' }).click()
  await resetLinkSentTo(request, ADMIN_EMAIL)
  expect((await readOutbox(request)).filter((email) => email.subject.startsWith(SUBJECT)).map((email) => email.to)).toEqual([ADMIN_EMAIL])
})

test('Forgot password: an expired link says so and offers a new one', async ({ page, server, request, consoleErrors }) => {
  consoleErrors.allow(failedResourceLog(410))
  expect((await server.post('/api/admin/password-reset/request', { data: { identifier: admin.username } })).status()).toBe(200)
  const link = await resetLinkSentTo(request, ADMIN_EMAIL)

  await page.goto(await expiredCopy(link))

  await expect(page.getByRole('alert')).toHaveText(PASSWORD_RESET_MESSAGES.expired)
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0)
  await page.getByRole('link', { name: 'Ask for a new link' }).click()
  await expect(page).toHaveURL(/\/admin\/forgot-password$/)
  // Her password is as it was.
  expect((await server.post('/api/admin/login', { data: admin })).status()).toBe(200)
})

test.describe('signed in', () => {
  test.use({ signedInAs: 'admin' })

  test('Sign out everywhere ends her session in another browser too', async ({ page, browser, server, serverURL, consoleErrors }) => {
    // The other browser's next call is answered 401, which it logs.
    consoleErrors.allow(failedResourceLog(401))
    // Two sessions, each from the real login call: what is tested is how they end.
    const { context: other, page: otherPage } = await signedInPage(browser, server, serverURL, 'admin')

    await openDashboard(page)
    await page.getByRole('link', { name: 'My account' }).click()
    await page.getByRole('button', { name: 'Sign out everywhere' }).click()
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' })
    await expect(dialog).toContainText('this one included')
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click()

    await expect(page).toHaveURL(/\/admin\/login$/)
    await expect(page.getByRole('status')).toHaveText(USER_MESSAGES.signedOutEverywhere)

    // The other browser's next admin action lands on the sign-in page.
    await otherPage.getByRole('link', { name: 'Content', exact: true }).click()
    await expect(otherPage).toHaveURL(/\/admin\/login$/)
    await expect(otherPage.getByRole('heading', { level: 1, name: 'Admin sign in' })).toBeVisible()
    await other.close()
  })
})
