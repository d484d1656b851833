import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import * as library from '#domain/api/library.ts'
import { PostInputSchema } from '#domain/blog-post.ts'
import { IMAGE_ALT_MAX } from '#domain/fields.ts'
import { MEDIA_MESSAGES, type MediaListItem } from '#domain/media.ts'
import { mediaFile } from '#src/testing/factories.ts'
import { fail, mock } from '#src/testing/handlers.ts'
import { sentRequests, server } from '#src/testing/server.ts'
import { addressCheck, PictureField } from './media-field'

/** A picture field in a form, as the post form holds one; what it holds now is shown beside it. */
function Harness({
  url = '',
  alt = '',
  error,
  altError,
  onSubmit = () => {},
}: {
  url?: string
  alt?: string
  error?: string
  altError?: string
  onSubmit?: () => void
}) {
  const [value, setValue] = useState(url)
  const [description, setDescription] = useState(alt)
  return (
    <form
      aria-label="Post"
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <PictureField
        label="Featured image (optional)"
        hint="Shown at the top of the post."
        value={value}
        onChange={setValue}
        error={error}
        addressProblem={addressCheck(PostInputSchema.shape.featuredImage)}
        alt={{ label: 'Describe the picture', value: description, onChange: setDescription, max: IMAGE_ALT_MAX, error: altError }}
      />
      <output data-testid="url">{value}</output>
      <output data-testid="alt">{description}</output>
    </form>
  )
}

// jsdom drops the space before a button's visually hidden words ("Upload" "a picture for…"); browsers keep it.
const held = () => screen.getByTestId('url').textContent
const field = () => screen.getByRole('group', { name: 'Featured image (optional)' })
/** The bytes a PNG starts with, then `size` in all. */
const png = (name: string, size = 40) => {
  const bytes = new Uint8Array(size)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return new File([bytes], name, { type: 'image/png' })
}
const library_ = (files: MediaListItem[]) => server.use(...mock(library.adminMedia, 'GET', () => ({ files })))

function setup(props: Parameters<typeof Harness>[0] = {}) {
  const user = userEvent.setup()
  const view = render(<Harness {...props} />)
  return { user, ...view }
}

describe('a picture field', () => {
  it('starts empty, chooses an image from the library by its name, and never shows its address', async () => {
    const photo = mediaFile({ id: 'photo1', name: 'Kitchen table.webp', contentType: 'image/webp' })
    library_([mediaFile({ name: 'Workbook.pdf', contentType: 'application/pdf' }), photo])
    const { user } = setup()
    expect(within(field()).getByText('No picture chosen')).toBeTruthy()
    expect(within(field()).queryByRole('button', { name: /Remove/ })).toBeNull()
    expect(within(field()).queryByLabelText('Describe the picture')).toBeNull()

    const choose = within(field()).getByRole('button', { name: /^Choose from library ?for Featured image$/ })
    await user.click(choose)
    const dialog = await screen.findByRole('dialog', { name: 'Choose an image for Featured image' })
    await within(dialog).findByRole('button', { name: /Kitchen table\.webp/ })
    // Images only: the PDF is not offered.
    expect(within(dialog).queryByRole('button', { name: /Workbook/ })).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: /Kitchen table\.webp/ }))

    expect(held()).toBe(photo.url)
    expect(within(field()).getByText('Kitchen table.webp')).toBeTruthy()
    expect(within(field()).getByRole('status').textContent).toBe('Chosen: Kitchen table.webp')
    expect(field().textContent).not.toContain('/media/')
    await waitFor(() => expect(document.activeElement).toBe(choose))
    expect(within(field()).getByLabelText('Describe the picture')).toBeTruthy()
  })

  it('names a picture already chosen by its file name from the library, or by the website it comes from', async () => {
    library_([mediaFile({ id: 'known1', name: 'Grace at the table.jpg', url: '/media/known1/Grace-at-the-table.jpg' })])
    const { unmount } = setup({ url: '/media/known1/Grace-at-the-table.jpg', alt: 'Grace smiling' })
    expect(await within(field()).findByText('Grace at the table.jpg')).toBeTruthy()
    expect(field().querySelector('img')?.getAttribute('src')).toContain('/.netlify/images?url=%2Fmedia%2Fknown1')
    expect(within(field()).getByLabelText<HTMLInputElement>('Describe the picture').value).toBe('Grace smiling')
    unmount()

    setup({ url: 'https://images.example.org/photos/budget.jpg' })
    expect(within(field()).getByText('A picture from images.example.org')).toBeTruthy()
    // Another website's picture opens the second way, with its address there.
    expect(within(field()).getByLabelText<HTMLInputElement>('The picture’s web address').value).toBe(
      'https://images.example.org/photos/budget.jpg',
    )
  })

  it('uploads a picture from the computer in parts with a progress bar, then chooses it', async () => {
    let release!: () => void
    const secondPart = new Promise<void>((resolve) => (release = resolve))
    const stored = mediaFile({ id: 'up1', name: 'My photo.png' })
    server.use(
      ...mock(library.adminMedia, 'POST', () => ({ upload: { id: 'up1', partSize: 16, parts: 3 } })),
      ...mock(library.adminMediaPart, 'PUT', async ({ params }) => {
        if (params.n === '2') await secondPart
        return {}
      }),
      ...mock(library.adminMediaComplete, 'POST', () => ({ file: stored, message: 'File uploaded' })),
    )
    const { user } = setup()
    await user.upload(within(field()).getByLabelText('Upload a picture for Featured image'), png('My photo.png'))

    const bar = await within(field()).findByRole('progressbar', { name: 'Uploading My photo.png' })
    await waitFor(() => expect(bar.getAttribute('value')).toBe('16'))
    expect(bar.getAttribute('max')).toBe('40')
    expect(within(field()).getByRole('status').textContent).toBe('Uploading "My photo.png": 16 bytes of 40 bytes (40%)')
    expect(within(field()).getByRole('button', { name: /Choose from library/ })).toHaveProperty('disabled', true)
    release()

    await waitFor(() => expect(held()).toBe(stored.url))
    expect(within(field()).queryByRole('progressbar')).toBeNull()
    expect(within(field()).getByText('My photo.png')).toBeTruthy()
    expect(within(field()).getByRole('status').textContent).toBe('Uploaded and chosen: My photo.png')
    const calls = sentRequests().map((request) => `${request.method} ${new URL(request.url).pathname}`)
    expect(calls).toEqual([
      'POST /api/admin/media',
      'PUT /api/admin/media/up1/parts/1',
      'PUT /api/admin/media/up1/parts/2',
      'PUT /api/admin/media/up1/parts/3',
      'POST /api/admin/media/up1/complete',
    ])
    expect(await sentRequests()[0]!.json()).toEqual({ name: 'My photo.png', size: 40, type: 'image/png' })
  })

  it('refuses a PDF before sending anything, and says what the server refused', async () => {
    setup()
    // As if the system's chooser let a PDF through.
    const user = userEvent.setup({ applyAccept: false })
    const pdf = new File(['%PDF-1.7 a guide'], 'Guide.pdf', { type: 'application/pdf' })
    // The file chooser offers images only; a PDF picked anyway is refused by its first bytes.
    const input = within(field()).getByLabelText<HTMLInputElement>('Upload a picture for Featured image')
    expect(input.accept).not.toContain('pdf')
    await user.upload(input, pdf)
    expect((await within(field()).findByRole('alert')).textContent).toBe(`"Guide.pdf" was not uploaded. ${MEDIA_MESSAGES.notImage}`)
    expect(sentRequests()).toHaveLength(0)
    expect(held()).toBe('')

    server.use(...mock(library.adminMediaComplete, 'POST', () => fail(400, MEDIA_MESSAGES.unreadableImage)))
    await user.upload(input, png('Broken.png'))
    expect(await within(field()).findByText(`"Broken.png" was not uploaded. ${MEDIA_MESSAGES.unreadableImage}`)).toBeTruthy()
    expect(held()).toBe('')
  })

  it('removes the picture and its description, keeping the focus in the field', async () => {
    library_([mediaFile({ id: 'old1', name: 'Old.png' })])
    const { user } = setup({ url: '/media/old1/Old.png', alt: 'An old photo' })
    await user.click(within(field()).getByRole('button', { name: /^Remove ?the picture for Featured image$/ }))
    expect(held()).toBe('')
    expect(screen.getByTestId('alt').textContent).toBe('')
    expect(within(field()).getByText('No picture chosen')).toBeTruthy()
    expect(within(field()).getByRole('status').textContent).toBe('Picture removed. No picture is chosen.')
    expect(document.activeElement).toBe(within(field()).getByRole('button', { name: /^Upload ?a picture for Featured image$/ }))
  })

  it('takes a description of the picture, limited in length, with its message under it', async () => {
    const { user, rerender } = setup({ url: '/media/pic1/a.png' })
    const alt = within(field()).getByLabelText<HTMLTextAreaElement>('Describe the picture')
    expect(alt.maxLength).toBe(IMAGE_ALT_MAX)
    await user.type(alt, 'Two hands holding{Enter}a seedling <b>')
    // Kept on one line, as the schema wants it: a line break becomes a space.
    expect(screen.getByTestId('alt').textContent).toBe('Two hands holding a seedling <b>')

    rerender(<Harness url="/media/pic1/a.png" altError="Picture description must be at most 250 characters" />)
    const invalid = within(field()).getByLabelText('Describe the picture')
    expect(invalid.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(invalid.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Picture description must be at most 250 characters',
    )
  })

  it('uses a picture from another website only at an address the schema accepts; Enter does not save the form', async () => {
    const submitted = vi.fn()
    const { user } = setup({ onSubmit: submitted })
    await user.click(within(field()).getByText('Use a picture from another website'))
    const address = within(field()).getByLabelText('The picture’s web address')

    await user.type(address, 'javascript:alert(1){Enter}')
    expect(within(field()).getByText('Featured image must be a valid URL')).toBeTruthy()
    expect(address.getAttribute('aria-invalid')).toBe('true')
    expect(held()).toBe('')
    expect(submitted).not.toHaveBeenCalled()

    await user.clear(address)
    await user.type(address, 'https://images.example.org/seedling.jpg')
    await user.click(within(field()).getByRole('button', { name: 'Use this picture' }))
    expect(held()).toBe('https://images.example.org/seedling.jpg')
    expect(within(field()).getByText('A picture from images.example.org')).toBeTruthy()
    expect(address.getAttribute('aria-invalid')).toBeNull()
  })

  it('shows the form’s message for the picture under the field, tied to it for screen readers', () => {
    setup({ url: '/media/pic1/a.png', error: 'Featured image must be a valid URL' })
    const message = within(field()).getByText('Featured image must be a valid URL')
    expect(field().getAttribute('aria-describedby')).toContain(message.id)
  })
})
