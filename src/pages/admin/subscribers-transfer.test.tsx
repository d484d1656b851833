import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IMPORT_MESSAGES } from '#domain/subscriber-import.ts'
import { session } from '#src/testing/factories.ts'
import { exportJob, fail, ok } from '#src/testing/handlers.ts'
import { renderRoute } from '#src/testing/render-route.tsx'
import { sentRequests, server } from '#src/testing/server.ts'

const importCalls = () => sentRequests().filter((request) => new URL(request.url).pathname === '/api/admin/subscribers/import')
const csvFile = (text: string, name = 'list.csv') => new File([text], name, { type: 'text/csv' })

const CSV =
  '\uFEFFName,Email\r\nAnn,ann@test.example\r\nBad,not-an-email\r\nAgain,ANN@test.example\r\nOld,already@test.example\r\n"Bo, Jr.",bo@test.example\r\n'

beforeEach(() => {
  // jsdom has no object URLs and cannot follow a download link.
  URL.createObjectURL = vi.fn(() => 'blob:test')
  URL.revokeObjectURL = vi.fn()
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

async function openImport(role: 'editor' | 'admin' = 'editor') {
  const rendered = await renderRoute('/admin/subscribers', { session: session({ role }) })
  await screen.findAllByRole('row')
  await rendered.user.click(screen.getByRole('button', { name: 'Import CSV' }))
  return rendered
}

describe('importing subscribers from a CSV file', () => {
  it('previews each row: counts, the first rows and every refusal’s reason', async () => {
    const { user } = await openImport()
    await user.upload(screen.getByLabelText('CSV file'), csvFile(CSV))

    await screen.findByText('Rows that will not be imported')
    const counts = screen.getAllByRole('listitem').map((item) => item.textContent)
    expect(counts).toEqual(expect.arrayContaining(['2 to add', '1 repeated in the file', '1 already subscribed', '1 refused']))
    expect(screen.getByText('Row 3: not a valid email')).toBeTruthy()
    expect(screen.getByText('Row 4: same address as row 2')).toBeTruthy()
    const table = screen.getByRole('table', { name: /first 5 rows/ })
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      '2ann@test.exampleWill be added',
      '3not-an-emailRefused: not a valid email',
      '4ann@test.exampleRefused: same address as row 2',
      '5already@test.exampleAlready subscribed',
      '6bo@test.exampleWill be added',
    ])
    // The preview asked the server, writing nothing: a dry run without consent.
    expect(await importCalls().at(-1)!.clone().json()).toMatchObject({ dryRun: true, consent: false })
  })

  it('requires the consent checkbox, then imports and sums up, with the rows not imported to download', async () => {
    const { user } = await openImport()
    await user.upload(screen.getByLabelText('CSV file'), csvFile(CSV))
    const submit = await screen.findByRole('button', { name: 'Import 2 subscribers' })

    await user.click(submit)
    const consent = screen.getByRole('checkbox', { name: 'These people asked to receive my newsletter' })
    expect(screen.getByText('Please confirm that these people asked to receive your newsletter.')).toBeTruthy()
    expect(document.activeElement).toBe(consent)
    expect(consent.getAttribute('aria-invalid')).toBe('true')
    expect(importCalls()).toHaveLength(1)

    await user.click(consent)
    await user.click(submit)

    const summary = await screen.findByText('Import finished: 2 added, 1 already subscribed, 2 refused.')
    expect(document.activeElement).toBe(summary)
    expect(screen.getByText('2 confirmation emails sent: they join the list once they confirm.')).toBeTruthy()
    const sent = (await importCalls().at(-1)!.clone().json()) as { consent: boolean; dryRun?: boolean; rows: { row: number }[] }
    // Asked to confirm by email: the way chosen unless an admin chooses otherwise.
    expect(sent).toMatchObject({ consent: true, mode: 'ask' })
    expect(sent).not.toHaveProperty('dryRun')
    expect(sent).not.toHaveProperty('statement')
    // The file's own repeat is not sent; every other row is, for the server to check again.
    expect(sent.rows.map((row) => row.row)).toEqual([2, 3, 5, 6])

    await user.click(screen.getByRole('button', { name: 'Download rows not imported' }))
    const file = vi.mocked(URL.createObjectURL).mock.calls.at(-1)![0] as Blob
    expect(await file.text()).toBe(
      '"row","email","reason"\r\n"3","not-an-email","not a valid email"\r\n"4","ann@test.example","same address as row 2"\r\n"5","already@test.example","already subscribed"\r\n',
    )
  })

  it('lets an editor import only as asked to confirm: adding them as confirmed is an admin’s, and says so', async () => {
    const { user } = await openImport('editor')
    await user.upload(screen.getByLabelText('CSV file'), csvFile(CSV))
    const ask = await screen.findByRole('radio', { name: 'Send each of them the confirmation email (recommended)' })
    const confirmed = screen.getByRole('radio', { name: 'Add them as confirmed, without an email' })
    expect((ask as HTMLInputElement).checked).toBe(true)
    expect((confirmed as HTMLInputElement).disabled).toBe(true)
    expect(confirmed.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(confirmed.getAttribute('aria-describedby')!)?.textContent).toMatch(/Only an admin can do this\.$/)
    expect(screen.getByRole('group', { name: 'How should they be added?' })).toBeTruthy()
  })

  it('lets an admin add them as confirmed only with her words of how they agreed, sent with the import', async () => {
    const { user } = await openImport('admin')
    await user.upload(screen.getByLabelText('CSV file'), csvFile(CSV))
    await user.click(await screen.findByRole('radio', { name: 'Add them as confirmed, without an email' }))
    await user.click(screen.getByRole('checkbox', { name: 'These people asked to receive my newsletter' }))
    const submit = screen.getByRole('button', { name: 'Import 2 subscribers' })

    await user.click(submit)
    const statement = screen.getByRole('textbox', { name: 'How did these people agree to receive your newsletter?' })
    expect(document.activeElement).toBe(statement)
    expect(statement.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText(IMPORT_MESSAGES.statementRequired)).toBeTruthy()
    expect(importCalls()).toHaveLength(1)

    await user.type(statement, 'yes')
    await user.click(submit)
    expect(importCalls()).toHaveLength(1)

    await user.clear(statement)
    await user.type(statement, '  They signed up on paper at the March workshop. ')
    await user.click(submit)
    await screen.findByText('Import finished: 2 added, 1 already subscribed, 2 refused.')
    expect(screen.queryByText(/confirmation emails? sent/)).toBeNull()
    expect(await importCalls().at(-1)!.clone().json()).toMatchObject({
      consent: true,
      mode: 'confirmed',
      statement: 'They signed up on paper at the March workshop.',
    })
  })

  it('says why a file cannot be imported', async () => {
    const { user } = await openImport()
    await user.upload(screen.getByLabelText('CSV file'), csvFile('Name,Phone\r\nAnn,555\r\n', 'phones.csv'))
    expect((await screen.findByRole('alert')).textContent).toBe(
      '"phones.csv": We could not find a column of email addresses. Please add a header named "email".',
    )
  })

  it('shows the server’s refusal when the import fails', async () => {
    const { user } = await openImport()
    server.use(
      http.post('/api/admin/subscribers/import', () =>
        fail(429, 'Too many imports in a short time. Please wait a few minutes and try again.'),
      ),
    )
    await user.upload(screen.getByLabelText('CSV file'), csvFile(CSV))
    expect((await screen.findByRole('alert')).textContent).toContain('Too many imports in a short time.')
  })
})

describe('exporting the subscriber list', () => {
  it('shows the progress, then downloads the file when it is ready', async () => {
    let polls = 0
    server.use(
      http.get('/api/admin/subscribers/exports/:id', () =>
        ok({
          export:
            ++polls < 2 ? exportJob({ state: 'running', processed: 1_000, total: 2_500 }) : exportJob({ processed: 2_500, total: 2_500 }),
        }),
      ),
    )
    const { user } = await renderRoute('/admin/subscribers', { session: session({ role: 'editor' }) })
    await screen.findAllByRole('row')

    await user.click(screen.getByRole('button', { name: 'Export CSV' }))

    expect((await screen.findByText(/1,000 of 2,500 subscribers/)).getAttribute('role')).toBe('status')
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Exporting…' })).toHaveProperty('disabled', true)
    await screen.findByText('Your export is ready. 2,500 subscribers; the download has started.', {}, { timeout: 4_000 })
    await waitFor(() => expect(HTMLAnchorElement.prototype.click).toHaveBeenCalled())
    const file = vi.mocked(URL.createObjectURL).mock.calls.at(-1)![0] as Blob
    expect(await file.text()).toContain('reader@test.example')
    expect(screen.getByRole('button', { name: 'Download again' })).toBeTruthy()
  })

  it('announces a failed export', async () => {
    server.use(
      http.get('/api/admin/subscribers/exports/:id', () =>
        ok({ export: exportJob({ state: 'failed', message: 'The export could not be finished. Please try again.' }) }),
      ),
    )
    const { user } = await renderRoute('/admin/subscribers', { session: session({ role: 'editor' }) })
    await screen.findAllByRole('row')
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect((await screen.findByRole('alert', {}, { timeout: 4_000 })).textContent).toBe(
      'The export did not finish. The export could not be finished. Please try again.',
    )
  })
})
