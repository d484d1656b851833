import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { readSession } from '#src/lib/session.ts'
import { session } from '#src/testing/factories.ts'
import { fail } from '#src/testing/handlers.ts'
import { renderRoute } from '#src/testing/render-route.tsx'
import { sentRequests, server } from '#src/testing/server.ts'

async function expectLoginPage(currentLocation: () => { pathname: string }) {
  expect(await screen.findByRole('heading', { level: 1, name: 'Admin sign in' })).toBeTruthy()
  expect(currentLocation().pathname).toBe('/admin/login')
}

const adminCalls = () => sentRequests().filter((r) => new URL(r.url).pathname.startsWith('/api/admin/'))

describe('the admin session', () => {
  it('sends a visitor without a session from /admin to /admin/login, calling nothing', async () => {
    const { currentLocation } = await renderRoute('/admin')
    await expectLoginPage(currentLocation)
    expect(adminCalls()).toHaveLength(0)
  })

  it.each([
    ['an unparsable adminUser', 'token-1', '{"username":'],
    ['an adminUser of the wrong shape', 'token-1', '{"username":"grace","role":"owner"}'],
    ['no adminToken', null, '{"username":"grace","role":"admin"}'],
    ['no adminUser', 'token-1', null],
  ])('redirects to the login page with %s', async (_, token, user) => {
    if (token !== null) localStorage.setItem('adminToken', token)
    if (user !== null) localStorage.setItem('adminUser', user)
    const { currentLocation } = await renderRoute('/admin/content')
    await expectLoginPage(currentLocation)
    expect(adminCalls()).toHaveLength(0)
  })

  it('shows the signed-in user with their role', async () => {
    await renderRoute('/admin', { session: session({ username: 'grace', role: 'editor' }) })
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy()
    expect(screen.getByText('Welcome back, grace.')).toBeTruthy()
    expect(screen.getByText('Editor')).toBeTruthy()
    // Bookings are for admins only (docs/decisions.md, Roles checked on the server); the sidebar leaves them out for editors.
    const nav = screen.getByRole('navigation', { name: 'Admin' })
    expect(within(nav).queryByRole('link', { name: 'Bookings' })).toBeNull()
    expect(within(nav).getByRole('link', { name: 'Content' })).toBeTruthy()
  })

  it('sends the Bearer token with admin calls', async () => {
    const current = session()
    await renderRoute('/admin', { session: current })
    await screen.findByText('Total users')
    const stats = adminCalls().find((r) => new URL(r.url).pathname === '/api/admin/stats')
    expect(stats?.headers.get('authorization')).toBe(`Bearer ${current.token}`)
  })

  it('ends the session when an admin call answers 401: back to login, storage cleared', async () => {
    server.use(http.get('/api/admin/content', () => fail(401, 'Your session has expired')))
    const { currentLocation } = await renderRoute('/admin/content', { session: true })
    await expectLoginPage(currentLocation)
    expect(localStorage.getItem('adminToken')).toBeNull()
    expect(localStorage.getItem('adminUser')).toBeNull()
  })

  it('logs out: calls the server, clears storage and opens the login page', async () => {
    const current = session()
    const { user, currentLocation } = await renderRoute('/admin', { session: current })
    await user.click(await screen.findByRole('button', { name: 'Logout' }))
    await expectLoginPage(currentLocation)
    expect(readSession()).toBeNull()
    const logout = adminCalls().find((r) => new URL(r.url).pathname === '/api/admin/logout')
    expect(logout?.method).toBe('POST')
    expect(logout?.headers.get('authorization')).toBe(`Bearer ${current.token}`)
  })

  it('logs out even when the server call fails', async () => {
    server.use(http.post('/api/admin/logout', () => fail(500)))
    const { user, currentLocation } = await renderRoute('/admin', { session: true })
    await user.click(await screen.findByRole('button', { name: 'Logout' }))
    await expectLoginPage(currentLocation)
    await waitFor(() => expect(readSession()).toBeNull())
  })
})
