import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { publicResource } from '#src/testing/factories.ts'
import { answer, fail, gate, ok } from '#src/testing/handlers.ts'
import { renderRoute } from '#src/testing/render-route.tsx'
import { sentRequests, server } from '#src/testing/server.ts'

const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Resources' }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent)

const filter = (name: string) => within(screen.getByRole('group', { name: 'Filter by type' })).getByRole('button', { name })
const pressed = (name: string) => filter(name).getAttribute('aria-pressed')

const workbook = publicResource({ title: 'Budget workbook', type: 'ebook' })
const debtGuide = publicResource({ title: 'Debt-free guide', type: 'guide' })
const planner = publicResource({ title: 'Giving planner', type: 'template' })

describe('the resources page', () => {
  it('shows a loading state, then a card for each active resource only', async () => {
    const held = gate()
    server.use(
      http.get('/api/resources', async () => {
        await held.opened
        return ok({ resources: [workbook, publicResource({ title: 'Retired checklist', isActive: false }), debtGuide] })
      }),
    )
    await renderRoute('/resources')
    expect(await screen.findByText('Loading resources…')).toBeTruthy()
    held.open()

    await screen.findByRole('list', { name: 'Resources' })
    expect(cardTitles()).toEqual(['Budget workbook', 'Debt-free guide'])
    expect(screen.queryByText('Loading resources…')).toBeNull()
    expect(screen.queryByText('Retired checklist')).toBeNull()
  })

  it('filters by type with pressed buttons, and All shows everything again', async () => {
    server.use(...answer.resources([workbook, debtGuide, planner]))
    const { user } = await renderRoute('/resources')
    await screen.findByRole('list', { name: 'Resources' })
    expect(pressed('All')).toBe('true')
    expect(pressed('Guides')).toBe('false')

    await user.click(filter('Guides'))
    await waitFor(() => expect(cardTitles()).toEqual(['Debt-free guide']))
    expect(pressed('Guides')).toBe('true')
    expect(pressed('All')).toBe('false')

    await user.click(filter('Templates'))
    await waitFor(() => expect(cardTitles()).toEqual(['Giving planner']))

    await user.click(filter('All'))
    await waitFor(() => expect(cardTitles()).toEqual(['Budget workbook', 'Debt-free guide', 'Giving planner']))
    // Filtering works on what was loaded: one request for the list, however often the filter changes.
    expect(sentRequests().filter((r) => new URL(r.url).pathname === '/api/resources')).toHaveLength(1)
  })

  it('says "No resources available yet." when there are none', async () => {
    server.use(...answer.resources([publicResource({ isActive: false })]))
    await renderRoute('/resources')
    expect(await screen.findByText('No resources available yet.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'View all resources' })).toBeNull()
  })

  it('says "No videos available." for an empty type, with a button that clears the filter', async () => {
    server.use(...answer.resources([workbook, debtGuide]))
    const { user, currentLocation } = await renderRoute('/resources?type=video')
    expect(await screen.findByText('No videos available.')).toBeTruthy()
    expect(pressed('Videos')).toBe('true')

    await user.click(screen.getByRole('button', { name: 'View all resources' }))
    await waitFor(() => expect(cardTitles()).toEqual(['Budget workbook', 'Debt-free guide']))
    expect(pressed('All')).toBe('true')
    expect(currentLocation().search).toBe('')
  })

  it('ignores an unknown type in the address', async () => {
    server.use(...answer.resources([workbook]))
    await renderRoute('/resources?type=podcast')
    await screen.findByRole('list', { name: 'Resources' })
    expect(cardTitles()).toEqual(['Budget workbook'])
    expect(pressed('All')).toBe('true')
  })

  it('shows the empty state and only logs a warning when loading fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.use(http.get('/api/resources', () => fail(500, 'Boom')))
    await renderRoute('/resources')
    expect(await screen.findByText('No resources available yet.')).toBeTruthy()
    expect(warn).toHaveBeenCalledWith('Could not load resources.', expect.anything())
  })

  it('opens the file in a new tab and records the download', async () => {
    server.use(...answer.resources([workbook]))
    const { user } = await renderRoute('/resources')
    const link = await screen.findByRole('link', { name: 'Download Free: Budget workbook (opens in a new tab)' })
    expect(link.getAttribute('href')).toBe(workbook.fileUrl)
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toContain('noopener')

    // jsdom cannot open tabs; stop the navigation, not the page's own click handler.
    const stop = (event: Event) => event.preventDefault()
    document.addEventListener('click', stop)
    try {
      await user.click(link)
      await waitFor(() =>
        expect(sentRequests().map((r) => `${r.method} ${new URL(r.url).pathname}`)).toContain(
          `POST /api/resources/${workbook.id}/download`,
        ),
      )
    } finally {
      document.removeEventListener('click', stop)
    }
  })

  it('shows the type icon when a thumbnail fails to load', async () => {
    server.use(...answer.resources([{ ...workbook, thumbnailUrl: 'https://img.test.example/broken.png' }]))
    const { container } = await renderRoute('/resources')
    await screen.findByRole('list', { name: 'Resources' })
    const image = container.querySelector('img[src="https://img.test.example/broken.png"]')
    expect(image).not.toBeNull()
    expect(container.querySelector('[data-icon="ebook"]')).toBeNull()

    fireEvent.error(image!)
    await waitFor(() => expect(container.querySelector('img[src="https://img.test.example/broken.png"]')).toBeNull())
    expect(container.querySelector('[data-icon="ebook"]')).not.toBeNull()
  })
})
