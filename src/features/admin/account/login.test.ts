import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { readSession } from '#src/lib/session.ts'
import { fail, ok } from '#src/testing/handlers.ts'
import { sentRequests, server } from '#src/testing/server.ts'
import { login } from './login'

const signedIn = { token: 'jwt-token', user: { username: 'grace', role: 'admin' } }
const paths = (requests: readonly Request[]) => requests.map((r) => new URL(r.url).pathname)

describe('login()', () => {
  it('signs in through the first path and stores the session', async () => {
    server.use(http.post('/api/admin/login', () => ok({ ...signedIn, message: 'Login successful' })))

    await expect(login('grace', 'secret-password')).resolves.toBeNull()
    expect(readSession()).toEqual(signedIn)
    expect(paths(sentRequests())).toEqual(['/api/admin/login'])
    expect(await sentRequests()[0]?.json()).toEqual({ username: 'grace', password: 'secret-password' })
  })

  it('tries the other path when the first answers 404', async () => {
    server.use(
      http.post('/api/admin/login', () => fail(404, 'Not found')),
      http.post('/.netlify/functions/admin-login', () => ok(signedIn)),
    )
    await expect(login('grace', 'secret-password')).resolves.toBeNull()
    expect(paths(sentRequests())).toEqual(['/api/admin/login', '/.netlify/functions/admin-login'])
    expect(readSession()).toEqual(signedIn)
  })

  it('starts with the functions path on the hosting domain', async () => {
    vi.stubGlobal('location', { hostname: 'coach.netlify.app', href: 'https://coach.netlify.app/admin/login' })
    server.use(
      http.post('https://coach.netlify.app/.netlify/functions/admin-login', () => fail(404)),
      http.post('https://coach.netlify.app/api/admin/login', () => ok(signedIn)),
    )
    await expect(login('grace', 'secret-password')).resolves.toBeNull()
    expect(paths(sentRequests())).toEqual(['/.netlify/functions/admin-login', '/api/admin/login'])
  })

  it('does not fall back on any other failure', async () => {
    server.use(http.post('/api/admin/login', () => fail(401, 'Invalid username or password')))
    await expect(login('grace', 'wrong-password')).resolves.toBe('Invalid username or password')
    expect(paths(sentRequests())).toEqual(['/api/admin/login'])
    expect(readSession()).toBeNull()
  })

  it('says "Login failed" when the server gives no message', async () => {
    server.use(http.post('/api/admin/login', () => fail(500)))
    await expect(login('grace', 'secret-password')).resolves.toBe('Login failed')
    expect(readSession()).toBeNull()
  })

  it('says "Login failed" when both paths answer 404 without a message', async () => {
    server.use(
      http.post('/api/admin/login', () => fail(404)),
      http.post('/.netlify/functions/admin-login', () => new HttpResponse(null, { status: 404 })),
    )
    await expect(login('grace', 'secret-password')).resolves.toBe('Login failed')
  })

  it('says "Login failed" when a success carries no usable token or user', async () => {
    server.use(http.post('/api/admin/login', () => ok({ token: 'jwt-token', user: { username: 'grace', role: 'owner' } })))
    await expect(login('grace', 'secret-password')).resolves.toBe('Login failed')
    expect(readSession()).toBeNull()
  })

  it('reports a network failure', async () => {
    server.use(http.post('/api/admin/login', () => HttpResponse.error()))
    await expect(login('grace', 'secret-password')).resolves.toBe('Network error. Please try again.')
    expect(readSession()).toBeNull()
  })
})
