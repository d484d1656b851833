import type { Page } from '@playwright/test'
import { PASSWORD_ADVICE, USER_MESSAGES } from '#domain/admin-user.ts'
import { DEMO_CREDENTIALS } from '#domain/demo.ts'
import { expect, failedResourceLog, test } from '#tests/e2e/support/fixtures.ts'
import { openDashboard, signInWithForm } from '#tests/e2e/support/sign-in.ts'

/**
 * Her own account: changing her password (which ends her other sessions) and an admin's reset of
 * someone else's (who must then choose a new one before anything else), in the browser against the
 * real functions. The admin starts signed in; the editor whose password was reset signs in with
 * the form, since what follows her sign-in is the subject.
 */
test.use({ signedInAs: 'admin' })

async function choosePassword(page: Page, current: string, next: string) {
  await page.getByLabel('Current password', { exact: true }).fill(current)
  await page.getByLabel('New password', { exact: true }).fill(next)
  await page.getByLabel('Confirm new password', { exact: true }).fill(next)
  await page.getByRole('button', { name: 'Change password' }).click()
}

const banner = (page: Page) => page.locator('.flash-text')
const NEW_PASSWORD = 'a brand new passphrase'

test('changing her password keeps this session and ends the others', async ({ page, server, consoleErrors }) => {
  // The two refusals below are 400 answers, which the browser logs.
  consoleErrors.allow(failedResourceLog(400))
  const { admin } = DEMO_CREDENTIALS
  // Another device: a session of its own, through the real sign-in.
  const other = await (await server.post('/api/admin/login', { data: admin })).json()
  const otherAuth = { authorization: `Bearer ${other.token}` }
  expect((await server.get('/api/admin/stats', { headers: otherAuth })).status()).toBe(200)

  await openDashboard(page)
  await page.getByRole('link', { name: 'My account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible()

  await choosePassword(page, 'not my password', NEW_PASSWORD)
  await expect(banner(page)).toHaveText(USER_MESSAGES.currentWrong)
  await choosePassword(page, admin.password, 'Password1!')
  await expect(banner(page)).toContainText(USER_MESSAGES.weakPassword)
  await expect(banner(page)).toContainText(PASSWORD_ADVICE)

  await choosePassword(page, admin.password, NEW_PASSWORD)
  await expect(banner(page)).toHaveText(USER_MESSAGES.passwordChanged)
  await expect(page.getByLabel('Current password', { exact: true })).toHaveValue('')

  // This session goes on; the other device's has ended.
  await page.getByRole('link', { name: 'Dashboard' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(page.getByText('Total users')).toBeVisible()
  expect((await server.get('/api/admin/stats', { headers: otherAuth })).status()).toBe(401)
  expect((await server.post('/api/admin/login', { data: admin })).status()).toBe(401)
  expect((await server.post('/api/admin/login', { data: { username: admin.username, password: NEW_PASSWORD } })).status()).toBe(200)
})

test('an admin resets the editor’s password; the editor must choose a new one before anything else', async ({
  page,
  browser,
  server,
  serverURL,
}) => {
  const { admin, editor } = DEMO_CREDENTIALS
  const editorSession = await (await server.post('/api/admin/login', { data: editor })).json()

  await openDashboard(page)
  await page.getByRole('link', { name: 'Users' }).click()
  await page.getByRole('button', { name: 'Reset a password' }).click()
  const form = page.getByRole('form', { name: 'Reset a password' })
  await expect(form.getByLabel('User').locator('option', { hasText: admin.username })).toHaveCount(0)
  await form.getByLabel('User').selectOption({ label: editor.username })
  await form.getByLabel('Temporary password').fill('a temporary passphrase')
  await form.getByRole('button', { name: 'Reset password' }).click()
  await expect(banner(page)).toHaveText(USER_MESSAGES.passwordReset)
  await expect(page.getByRole('row', { name: new RegExp(`^${editor.username} `) }).getByText('Must change')).toBeVisible()
  expect((await server.get('/api/admin/stats', { headers: { authorization: `Bearer ${editorSession.token}` } })).status()).toBe(401)

  // The editor, in a browser of her own.
  // Signed out: a context the test opens would otherwise start with the file's admin session.
  const context = await browser.newContext({ baseURL: serverURL, storageState: { cookies: [], origins: [] } })
  const editorPage = await context.newPage()
  await signInWithForm(editorPage, editor.username, 'a temporary passphrase')
  await expect(editorPage.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible()
  await expect(editorPage.getByRole('status').filter({ hasText: USER_MESSAGES.mustChange })).toBeVisible()
  await editorPage.goto('/admin/content')
  await editorPage.locator('html[data-ready]').waitFor({ state: 'attached' })
  await expect(editorPage.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible()

  await choosePassword(editorPage, 'a temporary passphrase', NEW_PASSWORD)
  await expect(banner(editorPage)).toHaveText(USER_MESSAGES.passwordChanged)
  await editorPage.getByRole('link', { name: 'Content', exact: true }).click()
  await expect(editorPage.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible()
  await context.close()
})
