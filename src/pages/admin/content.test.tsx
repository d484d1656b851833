import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { ContentItem } from '#domain/content-item.ts'
import { contentItem, session } from '#src/testing/factories.ts'
import { fail, ok } from '#src/testing/handlers.ts'
import { renderRoute } from '#src/testing/render-route.tsx'
import { sentRequests, server } from '#src/testing/server.ts'

const heroTitle = contentItem({ id: 'c-hero', section: 'home', key: 'heroTitle', value: 'Peace with money' })
const aboutIntro = contentItem({ id: 'c-intro', section: 'about', key: 'intro', value: 'Hello from Grace' })

/** The admin content list, answered from `items`, which a DELETE really removes from. */
function contentStore(initial: ContentItem[]) {
  let items = [...initial]
  server.use(
    http.get('/api/admin/content', () => ok({ content: items })),
    http.delete('/api/admin/content/:id', ({ params }) => {
      items = items.filter((item) => item.id !== params.id)
      return ok({ message: 'Content deleted successfully' })
    }),
  )
}

// The row buttons read "Delete" plus a visually hidden " home / heroTitle"; the accessible-name
// library jsdom tests use drops the space between the two, a browser keeps it.
const deleteButton = (item: string) => screen.getByRole('button', { name: new RegExp(`^Delete\\s*${item.replace('/', '\\/')}$`) })

const deletes = () => sentRequests().filter((r) => r.method === 'DELETE')

async function openContent() {
  const current = session()
  const view = await renderRoute('/admin/content?view=stored', { session: current })
  await screen.findByRole('region', { name: 'Section home' })
  return { ...view, token: current.token }
}

describe('deleting on the admin content page', () => {
  it('asks in a dialog naming the item; Cancel sends nothing', async () => {
    contentStore([heroTitle, aboutIntro])
    const { user } = await openContent()
    await user.click(deleteButton('home / heroTitle'))

    const dialog = await screen.findByRole('dialog', { name: 'Delete content item?' })
    expect(within(dialog).getByText('Delete "home / heroTitle"? The page falls back to its built-in text.')).toBeTruthy()
    expect(dialog.hasAttribute('open')).toBe(true)

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(deletes()).toHaveLength(0)
    expect(within(screen.getByRole('region', { name: 'Section home' })).getByText('Peace with money')).toBeTruthy()
    expect(screen.queryByText('Content deleted successfully')).toBeNull()
  })

  it('sends DELETE with the token on Delete, says so and reloads the list', async () => {
    contentStore([heroTitle, aboutIntro])
    const { user, token } = await openContent()
    await user.click(deleteButton('home / heroTitle'))
    const dialog = await screen.findByRole('dialog', { name: 'Delete content item?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

    expect((await screen.findByRole('status')).textContent).toContain('Content deleted successfully')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(deletes().map((r) => new URL(r.url).pathname)).toEqual(['/api/admin/content/c-hero'])
    expect(deletes()[0]?.headers.get('authorization')).toBe(`Bearer ${token}`)
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Section home' })).toBeNull())
    expect(screen.getByRole('region', { name: 'Section about' })).toBeTruthy()
  })

  it.each([
    ['the server message', () => fail(403, 'Editors cannot delete this item'), 'Editors cannot delete this item'],
    ['"Failed to delete content" without one', () => fail(500), 'Failed to delete content'],
  ])('shows %s when the delete fails, and keeps the item', async (_, respond, message) => {
    contentStore([heroTitle])
    server.use(http.delete('/api/admin/content/:id', respond))
    const { user } = await openContent()
    await user.click(deleteButton('home / heroTitle'))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))

    expect((await screen.findByRole('alert')).textContent).toContain(message)
    expect(screen.getByText('Peace with money')).toBeTruthy()
  })
})
