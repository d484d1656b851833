import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { session } from '../../testing/factories'
import { renderRoute } from '../../testing/render-route'
import { sentRequests } from '../../testing/server'

const listCalls = () => sentRequests().filter((request) => new URL(request.url).pathname === '/api/subscribers')

describe('the Subscribers page (/admin/subscribers)', () => {
  it('shows each subscriber’s state', async () => {
    await renderRoute('/admin/subscribers', { session: session({ role: 'admin' }) })
    const rows = (await screen.findAllByRole('row')).slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['Confirmed', 'Awaiting confirmation'])
  })

  it('filters by state, kept in the address and sent to the server', async () => {
    const { user, currentLocation } = await renderRoute('/admin/subscribers?search=re', { session: session({ role: 'admin' }) })
    await screen.findAllByRole('row')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Awaiting confirmation')

    await waitFor(() => expect(currentLocation().search).toBe('?search=re&state=pending'))
    await waitFor(() => expect(new URL(listCalls().at(-1)!.url).searchParams.get('state')).toBe('pending'))
    expect(new URL(listCalls().at(-1)!.url).searchParams.get('search')).toBe('re')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'All subscribers')
    await waitFor(() => expect(currentLocation().search).toBe('?search=re'))
  })

  it('opens with the filter the address holds', async () => {
    await renderRoute('/admin/subscribers?state=confirmed', { session: session({ role: 'admin' }) })
    await screen.findAllByRole('row')
    expect((screen.getByRole('combobox', { name: 'Show' }) as HTMLSelectElement).value).toBe('confirmed')
    expect(new URL(listCalls().at(-1)!.url).searchParams.get('state')).toBe('confirmed')
  })
})
