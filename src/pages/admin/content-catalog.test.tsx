import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { ContentInput, ContentItem } from '#domain/content-item.ts'
import { DEFAULT_TEXTS } from '#domain/default-texts.ts'
import { contentItem, mediaFile, session } from '#src/testing/factories.ts'
import * as library from '#domain/api/library.ts'
import { fail, mock, ok } from '#src/testing/handlers.ts'
import { renderRoute } from '#src/testing/render-route.tsx'
import { sentRequests, server } from '#src/testing/server.ts'

/** The content store the screen talks to: saves replace by section and key, deletes remove. */
function contentStore(initial: ContentItem[]) {
  let items = [...initial]
  server.use(
    http.get('/api/admin/content', () => ok({ content: items })),
    http.post('/api/admin/content', async ({ request }) => {
      const input = (await request.json()) as Required<ContentInput>
      const item = contentItem({ ...input, id: `saved-${input.key}` })
      items = [...items.filter((i) => !(i.section === input.section && i.key === input.key)), item]
      return ok({ item, message: 'Content saved successfully' })
    }),
    http.delete('/api/admin/content/:id', ({ params }) => {
      items = items.filter((item) => item.id !== params.id)
      return ok({ message: 'Content deleted successfully' })
    }),
  )
}

const posted = async () =>
  Promise.all(sentRequests().filter((r) => r.method === 'POST').map((r) => r.clone().json() as Promise<Required<ContentInput>>))

async function openTexts() {
  const view = await renderRoute('/admin/content', { session: session() })
  await screen.findByRole('region', { name: 'Home page' })
  return view
}

/** A text's row, named by its label, within a page's panel. */
const row = (page: string, label: string) => within(screen.getByRole('region', { name: page })).getByRole('article', { name: label })

describe('the Content screen, by page', () => {
  it('lists built-in texts with their values and edited ones with who and when', async () => {
    contentStore([contentItem({ section: 'home', key: 'heroTitle', value: 'Peace with money', updatedBy: 'grace' })])
    await openTexts()
    const title = row('Home page', 'Title')
    expect(within(title).getByText('Peace with money')).toBeTruthy()
    expect(within(title).getByText('Edited')).toBeTruthy()
    expect(within(title).getByText(/by grace/)).toBeTruthy()
    const eyebrow = row('Home page', 'Small line above the title')
    expect(within(eyebrow).getByText(DEFAULT_TEXTS.home.heroEyebrow)).toBeTruthy()
    expect(within(eyebrow).getByText('Built-in')).toBeTruthy()
    expect(within(eyebrow).queryByRole('button', { name: /Revert/ })).toBeNull()
    expect(within(row('About page', 'Portrait')).getByText('No picture chosen')).toBeTruthy()
  })

  it("reads the demo seed's texts as built-in: their value, no Edited, no Revert", async () => {
    contentStore([contentItem({ section: 'home', key: 'heroTitle', value: 'Demo title', updatedBy: 'admin', builtIn: true })])
    await openTexts()
    const title = row('Home page', 'Title')
    expect(within(title).getByText('Demo title')).toBeTruthy()
    expect(within(title).getByText('Built-in')).toBeTruthy()
    expect(within(title).queryByText('Edited')).toBeNull()
    expect(within(title).queryByRole('button', { name: /Revert/ })).toBeNull()
  })

  it('saves a text edited in place under its section and key, and shows it', async () => {
    contentStore([])
    const { user } = await openTexts()
    await user.click(within(row('Home page', 'Title')).getByRole('button', { name: /^Edit/ }))
    const form = screen.getByRole('form', { name: 'Edit Title' })
    const field = within(form).getByLabelText('Title')
    await user.clear(field)
    await user.type(field, 'A calmer way with money')
    await user.click(within(form).getByRole('button', { name: 'Save' }))

    expect((await screen.findByRole('status')).textContent).toContain('Content saved successfully')
    expect(await posted()).toEqual([{ section: 'home', key: 'heroTitle', value: 'A calmer way with money', type: 'text' }])
    await waitFor(() => expect(within(row('Home page', 'Title')).getByText('A calmer way with money')).toBeTruthy())
    expect(screen.queryByRole('form', { name: 'Edit Title' })).toBeNull()
  })

  it('refuses an empty text before sending, with the message on the field', async () => {
    contentStore([])
    const { user } = await openTexts()
    await user.click(within(row('Home page', 'Title')).getByRole('button', { name: /^Edit/ }))
    const form = screen.getByRole('form', { name: 'Edit Title' })
    await user.clear(within(form).getByLabelText('Title'))
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(within(form).getByText('Value is required')).toBeTruthy()
    expect(document.activeElement).toBe(within(form).getByLabelText('Title'))
    expect(await posted()).toEqual([])
  })

  it('edits a list item by item: change, add, move and remove, saved as the list the page reads', async () => {
    contentStore([])
    const { user } = await openTexts()
    await user.click(within(row('Home page', 'Testimonials')).getByRole('button', { name: /^Edit/ }))
    const form = screen.getByRole('form', { name: 'Edit Testimonials' })
    const item = (n: number) => within(form).getByRole('group', { name: `Testimonial ${n}` })

    await user.clear(within(item(1)).getByLabelText('Quote'))
    await user.type(within(item(1)).getByLabelText('Quote'), 'We finally agree on a plan.')
    await user.click(within(item(4)).getByRole('button', { name: /^Remove/ }))
    await user.click(within(form).getByRole('button', { name: 'Add testimonial' }))
    await waitFor(() => expect(document.activeElement).toBe(within(item(4)).getByLabelText('Quote')))
    await user.type(within(item(4)).getByLabelText('Quote'), 'Practical and kind.')
    await user.type(within(item(4)).getByLabelText('Name'), 'Ada')
    await user.click(within(item(4)).getByRole('button', { name: /^Move up/ }))
    await waitFor(() => expect(document.activeElement).toBe(within(item(3)).getByRole('button', { name: /^Move up/ })))
    await user.click(within(form).getByRole('button', { name: 'Save' }))

    await screen.findByRole('status')
    const [sent] = await posted()
    expect(sent).toMatchObject({ section: 'home', key: 'testimonials', type: 'json' })
    const built = JSON.parse(DEFAULT_TEXTS.home.testimonials) as { name: string }[]
    expect((JSON.parse(sent!.value) as { name: string; quote: string }[]).map((t) => t.name)).toEqual([
      built[0]!.name,
      built[1]!.name,
      'Ada',
      built[2]!.name,
    ])
    expect(JSON.parse(sent!.value)[0].quote).toBe('We finally agree on a plan.')
    expect(JSON.parse(sent!.value)[2]).toEqual({ quote: 'Practical and kind.', name: 'Ada' })
  })

  it('names each missing part of a list item and sends nothing', async () => {
    contentStore([])
    const { user } = await openTexts()
    await user.click(within(row('Services page', 'Services')).getByRole('button', { name: /^Edit/ }))
    const form = screen.getByRole('form', { name: 'Edit Services' })
    await user.click(within(form).getByRole('button', { name: 'Add service' }))
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    const added = within(form).getByRole('group', { name: 'Service 6' })
    expect(within(added).getByText('Title is required')).toBeTruthy()
    expect(within(added).getByText('Text is required')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(within(added).getByLabelText('Title')))
    expect(await posted()).toEqual([])
  })

  it('reverts to the built-in text in one click, and Undo puts the edit back', async () => {
    contentStore([contentItem({ id: 'c-1', section: 'home', key: 'heroTitle', value: 'Peace with money' })])
    const { user } = await openTexts()
    await user.click(within(row('Home page', 'Title')).getByRole('button', { name: /^Revert/ }))
    await waitFor(() => expect(within(row('Home page', 'Title')).getByText(DEFAULT_TEXTS.home.heroTitle)).toBeTruthy())
    expect(sentRequests().filter((r) => r.method === 'DELETE').map((r) => new URL(r.url).pathname)).toEqual(['/api/admin/content/c-1'])

    await user.click(within(row('Home page', 'Title')).getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(within(row('Home page', 'Title')).getByText('Peace with money')).toBeTruthy())
    expect(await posted()).toEqual([{ section: 'home', key: 'heroTitle', value: 'Peace with money', type: 'text' }])
  })

  it('shows a failed save by the text, and keeps what was typed', async () => {
    contentStore([])
    server.use(http.post('/api/admin/content', () => fail(400, 'Value must be at most 20000 characters')))
    const { user } = await openTexts()
    await user.click(within(row('Blog page', 'Title')).getByRole('button', { name: /^Edit/ }))
    const form = screen.getByRole('form', { name: 'Edit Title' })
    await user.type(within(form).getByLabelText('Title'), ' today')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(within(row('Blog page', 'Title')).getByRole('alert').textContent).toBe('Value must be at most 20000 characters')
    expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe(`${DEFAULT_TEXTS.blog.title} today`)
  })

  it('marks an edit the page cannot use, which shows the built-in text', async () => {
    contentStore([contentItem({ section: 'about', key: 'beliefs', value: '[1, 2]', type: 'json' })])
    await openTexts()
    const beliefs = row('About page', 'Beliefs')
    expect(within(beliefs).getByText('Not shown')).toBeTruthy()
    expect(within(beliefs).getByText(JSON.parse(DEFAULT_TEXTS.about.beliefs)[0])).toBeTruthy()
  })

  it('chooses the portrait from the library with its description, saved as two texts, and removes both', async () => {
    const photo = mediaFile({ id: 'portrait1', name: 'Grace in the garden.webp', contentType: 'image/webp' })
    server.use(...mock(library.adminMedia, 'GET', () => ({ files: [photo] })))
    contentStore([])
    const { user } = await openTexts()
    await user.click(within(row('About page', 'Portrait')).getByRole('button', { name: /^Edit/ }))
    const form = screen.getByRole('form', { name: 'Edit Portrait' })
    await user.click(within(form).getByRole('button', { name: /^Choose from library/ }))
    await user.click(await within(screen.getByRole('dialog')).findByRole('button', { name: /Grace in the garden/ }))
    await user.type(within(form).getByLabelText('Describe the picture'), 'Grace smiling <in> a garden')
    await user.click(within(form).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Portrait' })).toBeNull())
    expect(await posted()).toEqual([
      { section: 'about', key: 'portrait', value: photo.url, type: 'image' },
      { section: 'about', key: 'portraitAlt', value: 'Grace smiling <in> a garden', type: 'text' },
    ])
    const portrait = row('About page', 'Portrait')
    await waitFor(() => expect(within(portrait).getByText('Grace in the garden.webp')).toBeTruthy())
    expect(within(portrait).getByText('Described as: “Grace smiling <in> a garden”')).toBeTruthy()
    expect(portrait.textContent).not.toContain('/media/')

    // Removed: both texts go, and the page is back to her initial.
    await user.click(within(portrait).getByRole('button', { name: /^Edit/ }))
    await user.click(within(screen.getByRole('form', { name: 'Edit Portrait' })).getByRole('button', { name: /^Remove/ }))
    await user.click(within(screen.getByRole('form', { name: 'Edit Portrait' })).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(within(row('About page', 'Portrait')).getByText('No picture chosen')).toBeTruthy())
    const deletes = sentRequests().filter((request) => request.method === 'DELETE').map((request) => new URL(request.url).pathname)
    expect(deletes).toEqual(['/api/admin/content/saved-portrait', '/api/admin/content/saved-portraitAlt'])
  })

  it('refuses a description too long before sending', async () => {
    contentStore([contentItem({ section: 'about', key: 'portrait', value: '/media/p2/me.webp', type: 'image' })])
    const { user } = await openTexts()
    await user.click(within(row('About page', 'Portrait')).getByRole('button', { name: /^Edit/ }))
    const form = screen.getByRole('form', { name: 'Edit Portrait' })
    const alt = within(form).getByLabelText('Describe the picture')
    // Pasted past the box's own limit, as a script or an old browser could.
    alt.removeAttribute('maxlength')
    await user.click(alt)
    await user.paste('x'.repeat(251))
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(within(form).getByText('Picture description must be at most 250 characters')).toBeTruthy()
    expect(document.activeElement).toBe(alt)
    expect(sentRequests().filter((request) => request.method === 'POST')).toHaveLength(0)
  })
})
