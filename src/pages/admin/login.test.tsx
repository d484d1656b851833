import { screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { DEMO_CREDENTIALS } from '#domain/demo.ts'
import { readSession } from '#src/lib/session.ts'
import { fail, gate, ok } from '#src/testing/handlers.ts'
import { renderRoute } from '#src/testing/render-route.tsx'
import { sentRequests, server } from '#src/testing/server.ts'

const loginRequests = () => sentRequests().filter((r) => new URL(r.url).pathname === '/api/admin/login')

async function openLogin() {
  const view = await renderRoute('/admin/login')
  await screen.findByRole('heading', { level: 1, name: 'Admin sign in' })
  return view
}

describe('the admin login page', () => {
  it('reads "Signing in..." while working, then stores the session and opens the dashboard', async () => {
    const held = gate()
    server.use(
      http.post('/api/admin/login', async () => {
        await held.opened
        return ok({ token: 'jwt-token', user: { username: 'grace', role: 'editor' } })
      }),
    )
    const { user, currentLocation } = await openLogin()
    await user.type(screen.getByLabelText('Username'), 'grace')
    await user.type(screen.getByLabelText('Password'), 'secret-password')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))

    const button = (await screen.findByRole('button', { name: 'Signing in...' })) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    held.open()

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy()
    expect(currentLocation().pathname).toBe('/admin')
    expect(readSession()).toEqual({ token: 'jwt-token', user: { username: 'grace', role: 'editor' } })
    expect(await loginRequests()[0]?.json()).toEqual({ username: 'grace', password: 'secret-password' })
  })

  it('shows the server message and stays on the page', async () => {
    server.use(http.post('/api/admin/login', () => fail(401, 'Invalid username or password')))
    const { user, currentLocation } = await openLogin()
    await user.type(screen.getByLabelText('Username'), 'grace')
    await user.type(screen.getByLabelText('Password'), 'wrong-password')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password')
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy()
    expect(currentLocation().pathname).toBe('/admin/login')
    expect(readSession()).toBeNull()
  })

  it('asks for a username and a password before calling the server', async () => {
    const { user } = await openLogin()
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Username is required')

    await user.type(screen.getByLabelText('Username'), 'grace')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Password is required'))
    expect(loginRequests()).toHaveLength(0)
  })

  it('sends a signed-in admin straight to the dashboard', async () => {
    const { currentLocation } = await renderRoute('/admin/login', { session: true })
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy()
    expect(currentLocation().pathname).toBe('/admin')
  })

  // Vitest runs with import.meta.env.DEV true, as `vite dev` does: the development login shows the
  // seeded demo admin (docs/decisions.md, No default password). A production build must not.
  it('shows the demo credentials in a development build', async () => {
    expect(import.meta.env.DEV).toBe(true)
    await openLogin()
    expect(screen.getByText('Demo credentials')).toBeTruthy()
    expect(screen.getByText(DEMO_CREDENTIALS.admin.username)).toBeTruthy()
    expect(screen.getByText(DEMO_CREDENTIALS.admin.password)).toBeTruthy()
  })

  it('does not show demo credentials when import.meta.env.DEV is false', async () => {
    vi.stubEnv('DEV', false)
    expect(import.meta.env.DEV).toBe(false)
    await openLogin()
    expect(screen.queryByText('Demo credentials')).toBeNull()
    expect(screen.queryByText(DEMO_CREDENTIALS.admin.password)).toBeNull()
  })
})
