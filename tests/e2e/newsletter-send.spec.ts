import type { APIRequestContext } from '@playwright/test'
import { NEWSLETTER_MESSAGES } from '#domain/newsletter.ts'
import { expect, test } from '#tests/e2e/support/fixtures.ts'
import { openDashboard } from '#tests/e2e/support/sign-in.ts'
import { emailsTo, readOutbox } from '#tests/e2e/support/outbox.ts'
import { editorBody, editorTool } from '#tests/e2e/support/post-editor.ts'

/**
 * A newsletter from the admin to the inbox (docs/product.md, Newsletters): written, previewed in
 * both parts, tested, sent to every confirmed subscriber (and nobody else), each email carrying a
 * one-click unsubscribe that works. The emails land in the local outbox (no SendGrid key here).
 */
test.use({ signedInAs: 'admin' })

const SUBJECT = 'A spring letter'

/** Signs up `email` through the public call; `confirm` also presses the emailed link's button. */
async function subscribe(request: APIRequestContext, email: string, confirm: boolean) {
  const signup = await request.post('/api/subscribers', { data: { email } })
  expect(signup.status(), `subscribe ${email}`).toBe(200)
  // The confirmation email goes after the answer: it is in the outbox before anything else is read.
  const sent = (await emailsTo(request, email)).find((message) => /confirm/i.test(message.subject))
  if (!confirm) return
  const token = /\/confirm\?token=([\w.-]+)/.exec(sent?.text ?? '')?.[1]
  expect(token, `a confirmation link for ${email}`).toBeDefined()
  const confirmed = await request.post('/api/subscribers/confirm', { data: { token } })
  expect(confirmed.status(), `confirm ${email}`).toBe(200)
}

/** The emails with `subject`: the newsletter itself, or its test ("[Test] " before the subject). */
const emailsWith = async (request: APIRequestContext, subject: string) =>
  (await readOutbox(request)).filter((message) => message.subject === subject)

test('write, preview both parts, test, send to every confirmed subscriber, and unsubscribe with one click', async ({
  page,
  request,
  admin,
}) => {
  test.setTimeout(90_000)
  const confirmed = ['ruth@example.com', 'boaz@example.com']
  for (const email of confirmed) await subscribe(request, email, true)
  await subscribe(request, 'pending@example.com', false)

  await openDashboard(page)
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Newsletters' }).click()
  await expect(page.getByText(/No newsletters yet/)).toBeVisible()
  await page.getByRole('link', { name: 'Write a newsletter' }).first().click()
  await expect(page).toHaveURL(/\/admin\/newsletters\/new$/)

  // Compose, with the toolbar, and see the email as it will go out: the HTML part in a frame that may run nothing.
  await page.getByRole('textbox', { name: 'Subject' }).fill(SUBJECT)
  const message = editorBody(page, 'Message')
  await message.click()
  await editorTool(page, 'Message', 'Heading').click()
  await message.pressSequentially('Plant a budget')
  await message.press('Enter')
  await message.pressSequentially('Give first, then ')
  await editorTool(page, 'Message', 'Bold').click()
  await message.pressSequentially('save')
  await editorTool(page, 'Message', 'Bold').click()
  await message.pressSequentially(', then live on the rest.')
  const frame = page.getByTitle(`Email preview: ${SUBJECT}`)
  await expect(frame).toBeVisible()
  // It may run nothing; its look is applied from the admin (no inline style is refused: the console stays clean).
  await expect(frame).toHaveAttribute('sandbox', 'allow-same-origin')
  const heading = page.frameLocator(`iframe[title="Email preview: ${SUBJECT}"]`).getByRole('heading', { name: 'Plant a budget' })
  await expect(heading).toBeVisible()
  // In the email's own colours, not the browser's black.
  await expect(heading).not.toHaveCSS('color', 'rgb(0, 0, 0)')
  await expect(page.frameLocator(`iframe[title="Email preview: ${SUBJECT}"]`).locator('strong')).toHaveText('save')
  await page.getByRole('tab', { name: 'Plain text' }).click()
  await expect(page.getByRole('tabpanel')).toContainText('Give first, then save, then live on the rest.')
  await expect(page.getByRole('tabpanel')).toContainText('Unsubscribe')

  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page).toHaveURL(/\/admin\/newsletters\/[^/]+$/)
  await expect(page.getByRole('status').filter({ hasText: NEWSLETTER_MESSAGES.created })).toBeVisible()

  // A test goes to her alone.
  await page.getByRole('button', { name: 'Send a test to me' }).click()
  const testAnswer = page.getByRole('status').filter({ hasText: /^Test sent to / })
  await expect(testAnswer).toBeVisible()
  const tests = await emailsWith(request, `[Test] ${SUBJECT}`)
  expect(tests).toHaveLength(1)
  expect(await testAnswer.textContent()).toBe(NEWSLETTER_MESSAGES.testSent(tests[0]!.to))
  expect(tests[0]!.html).toContain('Plant a budget')
  expect(confirmed).not.toContain(tests[0]!.to)

  // The send asks first; Escape leaves it unsent, with the focus back on the button.
  const send = page.getByRole('button', { name: 'Send to all confirmed subscribers…' })
  await send.click()
  const dialog = page.getByRole('dialog', { name: 'Send to all confirmed subscribers?' })
  await expect(dialog).toContainText('This cannot be undone.')
  await expect(dialog.getByRole('button', { name: 'Not yet' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(send).toBeFocused()
  expect(await emailsWith(request, SUBJECT)).toHaveLength(0)

  await send.click()
  await dialog.getByRole('button', { name: 'Send now' }).click()
  await expect(page.getByRole('status').filter({ hasText: NEWSLETTER_MESSAGES.started })).toBeVisible()
  const summary = page.getByRole('region', { name: 'How it went' })
  await expect(summary).toBeVisible({ timeout: 60_000 })
  await expect(summary.getByRole('definition').first()).toHaveText(String(confirmed.length))
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveCount(0)

  // One email per confirmed subscriber, none to the one who never confirmed, each with a one-click unsubscribe.
  const sent = await emailsWith(request, SUBJECT)
  expect(sent.map((message) => message.to).sort()).toEqual([...confirmed].sort())
  for (const message of sent) {
    expect(message.headers?.['List-Unsubscribe'], `List-Unsubscribe to ${message.to}`).toMatch(/^<https?:\/\/\S+>$/)
    expect(message.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(message.text).toContain('Give first, then save')
    expect(message.html).toContain('Plant a budget')
  }

  // A mail app's one-click unsubscribe: a POST to the header's address.
  const leaving = sent.find((message) => message.to === 'ruth@example.com')!
  const oneClick = new URL(/^<(.+)>$/.exec(leaving.headers!['List-Unsubscribe']!)![1]!)
  const response = await request.post(oneClick.pathname + oneClick.search, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  })
  expect(response.status()).toBe(200)
  expect((await admin.subscribers()).map((subscriber) => subscriber.email).sort()).toEqual(['boaz@example.com', 'pending@example.com'])

  await page.reload()
  const counts = page.getByRole('region', { name: 'How it went' })
  await expect(counts.getByText('Unsubscribed since').locator('xpath=..').getByRole('definition')).toHaveText('1')

  await page.getByRole('link', { name: 'All newsletters' }).click()
  const row = page.getByRole('row', { name: new RegExp(SUBJECT) })
  await expect(row).toContainText('Sent')
  await expect(row).toContainText(`${confirmed.length} sent · 0 failed`)
})

test('the local outbox reads as a page: newest first, headers, both parts, no scripts', async ({ request }) => {
  await subscribe(request, 'hannah@example.com', false)
  const response = await request.get('/api/dev/outbox/view')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('text/html; charset=utf-8')
  expect(response.headers()['content-security-policy']).toContain("default-src 'none'")
  const page = await response.text()
  expect(page).toContain('<dt>To</dt><dd>hannah@example.com</dd>')
  expect(page).toContain('<h3>Text part</h3>')
  expect(page).not.toMatch(/<script/i)
})
