import { readFile } from 'node:fs/promises'
import { parseCsv } from '#domain/csv.ts'
import { expect, test } from '#tests/e2e/support/fixtures.ts'
import { signIn } from '#tests/e2e/support/sign-in.ts'
import { readOutbox } from '#tests/e2e/support/outbox.ts'

/**
 * The whole list in and out in the browser, against the real functions (the background export
 * included, as netlify serve runs it) and the real local Blobs.
 */

const CSV = [
  'Name,Email',
  'Ruth,ruth.import@example.com',
  'Typo,ruth.import@example',
  'Ruth again,RUTH.IMPORT@example.com',
  '"Boaz, Sr.",boaz.import@example.com',
  'Nobody,',
].join('\r\n')

test('an admin imports a CSV with bad rows, sees why each is refused, then exports the list and reads the file', async ({
  page,
  server,
  serverURL,
}) => {
  expect(
    (
      await server.post('/api/subscribers', {
        data: { email: 'naomi@example.com' },
        headers: { 'x-nf-client-connection-ip': '203.0.113.9' },
      })
    ).status(),
  ).toBe(200)
  await signIn(page, server, serverURL, 'admin')
  await page.getByRole('link', { name: 'Subscribers', exact: true }).click()
  await expect(page.getByRole('row', { name: /naomi@example.com/ })).toBeVisible()

  await page.getByRole('button', { name: 'Import CSV' }).click()
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'church-list.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${CSV}\r\n`) })

  await expect(page.getByText('Rows that will not be imported')).toBeVisible()
  await expect(page.getByText('Row 3: not a valid email')).toBeVisible()
  await expect(page.getByText('Row 4: same address as row 2')).toBeVisible()
  await expect(page.getByText('Row 6: no email address')).toBeVisible()
  await page.getByRole('button', { name: 'Import 2 subscribers' }).click()
  await expect(page.getByText('Please confirm that these people asked to receive your newsletter.')).toBeVisible()
  await page.getByRole('checkbox', { name: 'These people asked to receive my newsletter' }).check()
  // An admin may add them confirmed, without the confirmation email, only with her words of how they agreed.
  await page.getByRole('radio', { name: 'Add them as confirmed, without an email' }).check()
  await page.getByRole('button', { name: 'Import 2 subscribers' }).click()
  const statement = page.getByRole('textbox', { name: 'How did these people agree to receive your newsletter?' })
  await expect(statement).toBeFocused()
  await statement.fill('They signed up on paper at the March workshop.')
  await page.getByRole('button', { name: 'Import 2 subscribers' }).click()
  await expect(page.getByText('Import finished: 2 added, 0 already subscribed, 3 refused.')).toBeFocused()
  await page.getByRole('button', { name: 'Done' }).click()

  for (const email of ['ruth.import@example.com', 'boaz.import@example.com'])
    await expect(page.getByRole('row', { name: new RegExp(email.replaceAll('.', '\\.')) })).toContainText(
      'ConfirmedAdded as confirmed by admin. Consent: “They signed up on paper at the March workshop.”',
    )

  const download = page.waitForEvent('download', { timeout: 30_000 })
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const file = await download
  await expect(page.getByRole('status').filter({ hasText: 'Your export is ready.' })).toBeVisible()
  expect(file.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d\d-\d\d\.csv$/)
  const [header, ...rows] = parseCsv(await readFile((await file.path())!, 'utf8'))
  expect(header).toEqual(['email', 'created_at', 'state', 'confirmed_at', 'stopped_at', 'stopped_reason', 'imported_by', 'consent_statement'])
  const byEmail = new Map(rows.map((row) => [row[0], row]))
  expect(byEmail.get('ruth.import@example.com')?.[2]).toBe('confirmed')
  expect(byEmail.get('boaz.import@example.com')?.[2]).toBe('confirmed')
  expect(byEmail.get('boaz.import@example.com')?.slice(6)).toEqual(['admin', 'They signed up on paper at the March workshop.'])
  expect(byEmail.get('naomi@example.com')?.[2]).toBe('pending')
})

test('an editor imports people to be asked to confirm: each gets the confirmation email, none is added confirmed', async ({
  page,
  server,
  serverURL,
}) => {
  await signIn(page, server, serverURL, 'editor')
  await page.getByRole('link', { name: 'Subscribers', exact: true }).click()
  await page.getByRole('button', { name: 'Import CSV' }).click()
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'sheet.csv', mimeType: 'text/csv', buffer: Buffer.from('email\r\nmartha.asked@example.com\r\n') })

  await expect(page.getByRole('radio', { name: 'Send each of them the confirmation email (recommended)' })).toBeChecked()
  await expect(page.getByRole('radio', { name: 'Add them as confirmed, without an email' })).toBeDisabled()
  await page.getByRole('checkbox', { name: 'These people asked to receive my newsletter' }).check()
  await page.getByRole('button', { name: 'Import 1 subscriber' }).click()
  await expect(page.getByText('Import finished: 1 added, 0 already subscribed, 0 refused.')).toBeFocused()
  await expect(page.getByText('1 confirmation email sent: they join the list once they confirm.')).toBeVisible()
  await page.getByRole('button', { name: 'Done' }).click()

  await expect(page.getByRole('row', { name: /martha\.asked@example\.com/ })).toContainText(
    'Awaiting confirmationImported by editor, asked to confirm by email',
  )
  const sent = (await readOutbox(page.request)).filter((email) => email.to === 'martha.asked@example.com')
  expect(sent.map((email) => email.subject)).toEqual(['Please confirm your subscription'])
})
