import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import * as library from '#domain/api/library.ts'
import { MEDIA_MESSAGES, MEDIA_MAX_BYTES, type MediaListItem } from '#domain/media.ts'
import type { Resource, ResourceInput } from '#domain/resource.ts'
import { mediaFile, resource as makeResource } from '#src/testing/factories.ts'
import { fail, mock } from '#src/testing/handlers.ts'
import { sentRequests, server } from '#src/testing/server.ts'
import { ResourceForm } from './resource-form'

/** The resource form as the Resources tab opens it; what a save hands on is kept. */
function open(initial?: Resource) {
  const saved: ResourceInput[] = []
  const onSave = vi.fn(async (data: ResourceInput) => {
    saved.push(data)
    return true
  })
  const user = userEvent.setup()
  const { unmount } = render(
    <MemoryRouter>
      <ResourceForm initial={initial} onSave={onSave} onCancel={() => {}} />
    </MemoryRouter>,
  )
  const file = () => screen.getByRole('group', { name: 'File' })
  return { user, saved, onSave, file, unmount }
}

const holds = (files: MediaListItem[]) => server.use(...mock(library.adminMedia, 'GET', () => ({ files })))

/** A PDF of `size` bytes: its first bytes say what it is. */
function pdf(name: string, size = 48) {
  const bytes = new Uint8Array(size)
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'))
  return new File([bytes], name, { type: 'application/pdf' })
}

/** Title and description, pasted: the file is what is tested here. */
async function fillTheRest(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByLabelText('Title'))
  await user.paste('Budget Workbook')
  await user.click(screen.getByLabelText('Description'))
  await user.paste('A workbook for the month.')
}

describe('the resource form’s file', () => {
  it('is required: the schema’s message shows under the field, tied to it, and nothing is saved', async () => {
    const { user, onSave, file } = open()
    expect(within(file()).getByText('No file chosen')).toBeTruthy()
    await fillTheRest(user)
    await user.click(screen.getByRole('button', { name: 'Create resource' }))
    const message = within(file()).getByText('File is required')
    expect(file().getAttribute('aria-describedby')).toContain(message.id)
    expect(onSave).not.toHaveBeenCalled()
  })

  it('chooses any file of the library by its name, type and size, never its address, and saves its address', async () => {
    const workbook = mediaFile({ id: 'wb1', name: 'Family Budget.pdf', contentType: 'application/pdf', size: 1_250_000 })
    holds([mediaFile({ id: 'ph1', name: 'Seedling.png' }), workbook])
    const { user, saved, file } = open()
    await fillTheRest(user)

    await user.click(within(file()).getByRole('button', { name: /^Choose from library ?for File$/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Choose a file for File' })
    // Every kind the library holds: the picture is offered as well as the PDF.
    await within(dialog).findByRole('button', { name: /Seedling\.png/ })
    await user.click(within(dialog).getByRole('button', { name: /Family Budget\.pdf/ }))

    expect(within(file()).getByText('Family Budget.pdf')).toBeTruthy()
    expect(within(file()).getByText('PDF, 1.3 MB')).toBeTruthy()
    expect(within(file()).getByRole('status').textContent).toBe('Chosen: Family Budget.pdf')
    expect(file().textContent).not.toContain('/media/')
    // No picture's description for a file.
    expect(within(file()).queryByLabelText(/Describe/)).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Create resource' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]!.fileUrl).toBe(workbook.url)
  })

  it('names the file a resource already has from the library (markup in a name is only text), or a site file by its path’s end', async () => {
    const name = 'Giving <img src=x onerror=alert(1)> Guide.pdf'
    holds([mediaFile({ id: 'old9', name, contentType: 'application/pdf', size: 80_000 })])
    const { file, unmount } = open(makeResource({ fileUrl: '/media/old9/Giving-Guide.pdf' }))
    expect(await within(file()).findByText(name)).toBeTruthy()
    expect(within(file()).getByText('PDF, 80 KB')).toBeTruthy()
    expect(file().querySelector('img')).toBeNull()
    unmount()

    // A file of the site outside the library: its address stays out of sight, the disclosure closed.
    open(makeResource({ fileUrl: '/downloads/family-budget-template.csv' }))
    expect(within(file()).getByText('family-budget-template.csv')).toBeTruthy()
    expect(within(file()).getByLabelText<HTMLInputElement>('The file’s web address').value).toBe('')
    expect(file().querySelector('details')?.open).toBe(false)
  })

  it('uploads a PDF in parts with a progress bar, then chooses it', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const stored = mediaFile({ id: 'up7', name: 'Debt Plan.pdf', contentType: 'application/pdf', size: 48 })
    server.use(
      ...mock(library.adminMedia, 'POST', () => ({ upload: { id: 'up7', partSize: 24, parts: 2 } })),
      ...mock(library.adminMediaPart, 'PUT', async ({ params }) => {
        if (params.n === '2') await held
        return {}
      }),
      ...mock(library.adminMediaComplete, 'POST', () => ({ file: stored, message: 'File uploaded' })),
    )
    const { user, file } = open()
    const input = within(file()).getByLabelText<HTMLInputElement>('Upload a file for File')
    expect(input.accept).toContain('.pdf')
    await user.upload(input, pdf('Debt Plan.pdf'))

    const bar = await within(file()).findByRole('progressbar', { name: 'Uploading Debt Plan.pdf' })
    await waitFor(() => expect(bar.getAttribute('value')).toBe('24'))
    expect(within(file()).getByRole('status').textContent).toBe('Uploading "Debt Plan.pdf": 24 bytes of 48 bytes (50%)')
    release()

    await waitFor(() => expect(within(file()).getByRole('status').textContent).toBe('Uploaded and chosen: Debt Plan.pdf'))
    expect(within(file()).queryByRole('progressbar')).toBeNull()
    expect(within(file()).getByText('PDF, 48 bytes')).toBeTruthy()
    expect(sentRequests().map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'POST /api/admin/media',
      'PUT /api/admin/media/up7/parts/1',
      'PUT /api/admin/media/up7/parts/2',
      'POST /api/admin/media/up7/complete',
    ])
  })

  it('says the library’s refusals as the media screen does, naming the file', async () => {
    const { file } = open()
    const user = userEvent.setup({ applyAccept: false })
    const input = within(file()).getByLabelText('Upload a file for File')
    await user.upload(input, new File(['<script>alert(1)</script>'], 'page.html', { type: 'text/html' }))
    expect((await within(file()).findByRole('alert')).textContent).toBe(`"page.html" was not uploaded. ${MEDIA_MESSAGES.scriptable}`)
    expect(sentRequests()).toHaveLength(0)

    await user.upload(input, pdf('Huge.pdf', MEDIA_MAX_BYTES + 1))
    expect((await within(file()).findByRole('alert')).textContent).toBe(`"Huge.pdf" was not uploaded. ${MEDIA_MESSAGES.tooLarge}`)

    server.use(...mock(library.adminMedia, 'POST', () => fail(507, MEDIA_MESSAGES.uploadFailed)))
    await user.upload(input, pdf('Plan.pdf'))
    expect((await within(file()).findByRole('alert')).textContent).toBe(`"Plan.pdf" was not uploaded. ${MEDIA_MESSAGES.uploadFailed}`)
    expect(within(file()).getByText('No file chosen')).toBeTruthy()
  })

  it('removes the file, keeping the focus in the field; saving then asks for one', async () => {
    holds([mediaFile({ id: 'rm1', name: 'Old Sheet.pdf', contentType: 'application/pdf' })])
    const { user, onSave, file } = open(makeResource({ fileUrl: '/media/rm1/Old-Sheet.pdf' }))
    await user.click(within(file()).getByRole('button', { name: /^Remove ?the file for File$/ }))
    expect(within(file()).getByText('No file chosen')).toBeTruthy()
    expect(within(file()).getByRole('status').textContent).toBe('File removed. No file is chosen.')
    expect(document.activeElement).toBe(within(file()).getByRole('button', { name: /^Upload ?a file for File$/ }))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(within(file()).getByText('File is required')).toBeTruthy()
    expect(onSave).not.toHaveBeenCalled()
  })

  it('takes another website’s file only at an address the schema accepts, behind a disclosure', async () => {
    const { user, saved, file } = open()
    await fillTheRest(user)
    const address = within(file()).getByLabelText('The file’s web address')
    expect(address.closest('details')?.open).toBe(false)
    await user.click(within(file()).getByText('Use a file from another website'))

    await user.type(address, 'javascript:alert(document.cookie){Enter}')
    expect(within(file()).getByText('File must be a valid URL')).toBeTruthy()
    expect(address.getAttribute('aria-invalid')).toBe('true')
    expect(saved).toHaveLength(0)

    await user.clear(address)
    await user.type(address, 'https://files.example.org/guides/budget.pdf')
    await user.click(within(file()).getByRole('button', { name: 'Use this file' }))
    expect(within(file()).getByText('A file from files.example.org')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Create resource' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]!.fileUrl).toBe('https://files.example.org/guides/budget.pdf')
  })
})
