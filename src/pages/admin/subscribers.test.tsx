import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { session, subscriber } from '#src/testing/factories.ts'
import { ok } from '#src/testing/handlers.ts'
import { renderRoute } from '#src/testing/render-route.tsx'
import { sentRequests, server } from '#src/testing/server.ts'

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

  it('shows why and since when mail stopped to a bounced or complained address, in words', async () => {
    server.use(
      http.get('/api/subscribers', () =>
        ok({
          subscribers: [
            subscriber({
              email: 'gone@test.example',
              state: 'bounced',
              stopped_at: '2025-03-06T12:00:00.000Z',
              stopped_reason: 'Bounced: 550 5.1.1 mailbox does not exist',
            }),
            subscriber({
              email: 'annoyed@test.example',
              state: 'complained',
              stopped_at: '2025-03-07T12:00:00.000Z',
              stopped_reason: 'Marked our email as spam',
            }),
            subscriber({ email: 'fine@test.example', state: 'confirmed' }),
          ],
          page: 1,
          pageSize: 50,
          hasMore: false,
        }),
      ),
    )
    await renderRoute('/admin/subscribers', { session: session({ role: 'admin' }) })
    const rows = (await screen.findAllByRole('row')).slice(1)
    const stateCell = (index: number) => within(rows[index]!).getAllByRole('cell')[1]!

    expect(stateCell(0).textContent).toBe('BouncedBounced: 550 5.1.1 mailbox does not existNo email since March 6, 2025')
    expect(within(stateCell(0)).getByText('March 6, 2025').getAttribute('datetime')).toBe('2025-03-06T12:00:00.000Z')
    expect(stateCell(1).textContent).toBe('Marked as spamMarked our email as spamNo email since March 7, 2025')
    expect(stateCell(2).textContent).toBe('Confirmed')
  })

  it('shows who imported a subscriber and, for one added as confirmed, the admin’s words of their consent', async () => {
    server.use(
      http.get('/api/subscribers', () =>
        ok({
          subscribers: [
            subscriber({
              email: 'paper@test.example',
              state: 'confirmed',
              imported_by: 'coach',
              consent_statement: 'They signed up on paper at the March workshop.',
            }),
            subscriber({ email: 'asked@test.example', state: 'pending', imported_by: 'helper' }),
            subscriber({ email: 'agreed@test.example', state: 'confirmed', imported_by: 'helper' }),
          ],
          page: 1,
          pageSize: 50,
          hasMore: false,
        }),
      ),
    )
    await renderRoute('/admin/subscribers', { session: session({ role: 'editor' }) })
    const rows = (await screen.findAllByRole('row')).slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'ConfirmedAdded as confirmed by coach. Consent: “They signed up on paper at the March workshop.”',
      'Awaiting confirmationImported by helper, asked to confirm by email',
      'ConfirmedImported by helper, confirmed from the email',
    ])
  })

  it('offers the stopped states in the filter, and says so plainly when none match', async () => {
    server.use(http.get('/api/subscribers', () => ok({ subscribers: [], page: 1, pageSize: 50, hasMore: false })))
    const { user } = await renderRoute('/admin/subscribers', { session: session({ role: 'admin' }) })
    const filter = await screen.findByRole('combobox', { name: 'Show' })
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All subscribers', 'Awaiting confirmation', 'Confirmed', 'Bounced', 'Marked as spam'])

    await user.selectOptions(filter, 'Marked as spam')
    expect(await screen.findByText('No subscribers marked as spam.')).toBeTruthy()
    await user.selectOptions(filter, 'Bounced')
    expect(await screen.findByText('No subscribers bounced.')).toBeTruthy()
  })

  it('removes a subscriber after a dialog naming the address, and offers Clear stop to admins on stopped ones only', async () => {
    const list = [
      subscriber({ email: 'gone@test.example', state: 'bounced', stopped_reason: 'Bounced: mailbox does not exist' }),
      subscriber({ email: 'fine@test.example', state: 'confirmed' }),
    ]
    server.use(http.get('/api/subscribers', () => ok({ subscribers: list, page: 1, pageSize: 50, hasMore: false })))
    const { user } = await renderRoute('/admin/subscribers', { session: session({ role: 'admin' }) })
    await screen.findAllByRole('row')
    // A row button's name is its words and, for screen readers, the address (jsdom joins them without the space).
    expect(screen.getAllByRole('button', { name: /^Clear stop/ }).map((button) => button.textContent?.trim())).toEqual([
      'Clear stop gone@test.example',
    ])

    await user.click(screen.getByRole('button', { name: /^Remove ?fine@test\.example$/ }))
    let dialog = await screen.findByRole('dialog', { name: 'Remove subscriber?' })
    expect(within(dialog).getByText(/^Remove fine@test\.example and everything kept about them\?/)).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }))
    expect(sentRequests().some((request) => request.url.endsWith('/erase'))).toBe(false)

    await user.click(screen.getByRole('button', { name: /^Remove ?fine@test\.example$/ }))
    dialog = await screen.findByRole('dialog', { name: 'Remove subscriber?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('fine@test.example has been removed, with everything kept about them.')).toBeTruthy()
    const erase = sentRequests().find((request) => request.url.endsWith('/api/admin/subscribers/erase'))
    expect(await erase?.clone().json()).toEqual({ email: 'fine@test.example' })

    await user.click(screen.getByRole('button', { name: /^Clear stop ?gone@test\.example$/ }))
    dialog = await screen.findByRole('dialog', { name: 'Send email to this address again?' })
    expect(within(dialog).getByText(/Bounced: mailbox does not exist/)).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Clear stop' }))
    expect(await screen.findByText('gone@test.example can receive email again.')).toBeTruthy()
  })

  it('gives an editor Remove but not Clear stop', async () => {
    server.use(
      http.get('/api/subscribers', () =>
        ok({ subscribers: [subscriber({ email: 'gone@test.example', state: 'complained' })], page: 1, pageSize: 50, hasMore: false }),
      ),
    )
    await renderRoute('/admin/subscribers', { session: session({ role: 'editor' }) })
    expect(await screen.findByRole('button', { name: /^Remove ?gone@test\.example$/ })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Clear stop/ })).toBeNull()
  })
})
