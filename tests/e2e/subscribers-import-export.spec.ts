import { readFile } from 'node:fs/promises'
import { DEMO_CREDENTIALS } from '../../domain/demo'
import { parseCsv } from '../../domain/csv'
import { expect, test } from './support/fixtures'

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
}) => {
  expect(
    (
      await server.post('/api/subscribers', {
        data: { email: 'naomi@example.com' },
        headers: { 'x-nf-client-connection-ip': '203.0.113.9' },
      })
    ).status(),
  ).toBe(200)
  await page.goto('/admin/login')
  await page.getByLabel('Username').fill(DEMO_CREDENTIALS.admin.username)
  await page.getByLabel('Password').fill(DEMO_CREDENTIALS.admin.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
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
  await page.getByRole('button', { name: 'Import 2 subscribers' }).click()
  await expect(page.getByText('Import finished: 2 added, 0 already subscribed, 3 refused.')).toBeFocused()
  await page.getByRole('button', { name: 'Done' }).click()

  await expect(page.getByRole('row', { name: /ruth\.import@example\.com/ })).toContainText('Confirmed')
  await expect(page.getByRole('row', { name: /boaz\.import@example\.com/ })).toContainText('Confirmed')

  const download = page.waitForEvent('download', { timeout: 30_000 })
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const file = await download
  await expect(page.getByRole('status').filter({ hasText: 'Your export is ready.' })).toBeVisible()
  expect(file.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d\d-\d\d\.csv$/)
  const [header, ...rows] = parseCsv(await readFile((await file.path())!, 'utf8'))
  expect(header).toEqual(['email', 'created_at', 'state', 'confirmed_at', 'stopped_at', 'stopped_reason'])
  const byEmail = new Map(rows.map((row) => [row[0], row]))
  expect(byEmail.get('ruth.import@example.com')?.[2]).toBe('confirmed')
  expect(byEmail.get('boaz.import@example.com')?.[2]).toBe('confirmed')
  expect(byEmail.get('naomi@example.com')?.[2]).toBe('pending')
})
