import { ENDPOINTS } from '#domain/endpoints.ts'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, ok } from '#src/testing/handlers.ts'
import { sentRequests, server } from '#src/testing/server.ts'
import { addressOf, api, ApiError, endpointAddress, errorMessage, isHostingDomain, paths, setSessionEndedHandler } from './api-client'

afterEach(() => setSessionEndedHandler(() => {}))

describe('the host-domain rule', () => {
  it('knows the hosting provider’s own domain', () => {
    expect(isHostingDomain('coach.netlify.app')).toBe(true)
    expect(isHostingDomain('faithfulfinances.org')).toBe(false)
    expect(isHostingDomain('localhost')).toBe(false)
    expect(isHostingDomain('netlify.app.example.com')).toBe(false)
  })

  it('uses the functions prefix for blog posts, subscribers and login on *.netlify.app', () => {
    vi.stubGlobal('location', { hostname: 'coach.netlify.app' })
    expect(paths.blogPosts()).toBe('/.netlify/functions/blog-posts')
    expect(paths.subscribers()).toBe('/.netlify/functions/subscribers')
    expect(paths.adminLogin()).toEqual(['/.netlify/functions/admin-login', '/api/admin/login'])
    expect(paths.booking()).toBe('/.netlify/functions/send-booking-email')
    expect(paths.resources()).toBe('/api/resources')
  })

  it('uses /api elsewhere, except for the booking call', () => {
    vi.stubGlobal('location', { hostname: 'faithfulfinances.org' })
    expect(paths.blogPosts()).toBe('/api/blog-posts')
    expect(paths.subscribers()).toBe('/api/subscribers')
    expect(paths.adminLogin()).toEqual(['/api/admin/login', '/.netlify/functions/admin-login'])
    expect(paths.booking()).toBe('/.netlify/functions/send-booking-email')
  })

  it('reads the real location when none is stubbed (jsdom runs on localhost)', () => {
    expect(location.hostname).toBe('localhost')
    expect(paths.blogPosts()).toBe('/api/blog-posts')
  })
})

describe('api()', () => {
  it('resolves with the JSON body of a successful call', async () => {
    server.use(http.get('/api/thing', () => ok({ value: 42 })))
    await expect(api<{ value: number }>('/api/thing')).resolves.toEqual({ success: true, value: 42 })
  })

  it('sends a JSON body, and the Bearer token only when given one', async () => {
    server.use(http.post('/api/thing', () => ok()))
    await api('/api/thing', { method: 'POST', body: { a: 1 }, token: 'jwt-token' })
    await api('/api/thing', { method: 'POST', body: { a: 2 } })
    const [withToken, withoutToken] = sentRequests()
    expect(withToken?.headers.get('authorization')).toBe('Bearer jwt-token')
    expect(withToken?.headers.get('content-type')).toBe('application/json')
    expect(await withToken?.json()).toEqual({ a: 1 })
    expect(withoutToken?.headers.get('authorization')).toBeNull()
    expect(await withoutToken?.json()).toEqual({ a: 2 })
  })

  it('throws ApiError with the server message on { success: false, message } even with a 200', async () => {
    server.use(http.get('/api/thing', () => HttpResponse.json({ success: false, message: 'Nope' })))
    const error = await api('/api/thing').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 200, serverMessage: 'Nope', message: 'Nope' })
  })

  it('throws ApiError on a non-2xx, with the message when there is one', async () => {
    server.use(http.get('/api/thing', () => fail(422, 'Title is required')))
    await expect(api('/api/thing')).rejects.toMatchObject({ status: 422, serverMessage: 'Title is required' })

    server.use(http.get('/api/thing', () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })))
    const error = await api('/api/thing').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 502, serverMessage: undefined })
  })

  // Clearing the stored session is the session-ended handler's job (the admin layout registers it;
  // pages/admin/admin-session.test.tsx checks storage is cleared). The client's part is to call it.
  it('calls the session-ended handler on a 401 to a call made with a token', async () => {
    const ended = vi.fn()
    setSessionEndedHandler(ended)
    server.use(http.get('/api/admin/users', () => fail(401, 'Session expired')))

    await expect(api('/api/admin/users', { token: 'jwt-token' })).rejects.toMatchObject({ status: 401, serverMessage: 'Session expired' })
    expect(ended).toHaveBeenCalledOnce()
  })

  it('does not end the session on a 401 to a call without a token, nor on other failures', async () => {
    const ended = vi.fn()
    setSessionEndedHandler(ended)
    server.use(
      http.post('/api/admin/login', () => fail(401, 'Invalid username or password')),
      http.get('/api/admin/users', () => fail(403, 'Admins only')),
    )

    await expect(api('/api/admin/login', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError)
    await expect(api('/api/admin/users', { token: 'jwt-token' })).rejects.toMatchObject({ status: 403 })
    expect(ended).not.toHaveBeenCalled()
  })

  it('rejects with something other than ApiError when the network fails', async () => {
    server.use(http.get('/api/thing', () => HttpResponse.error()))
    const error = await api('/api/thing').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(error).not.toBeInstanceOf(ApiError)
  })
})

describe('errorMessage()', () => {
  it('prefers the server message, then the fallback, then the unexpected one', () => {
    expect(errorMessage(new ApiError(400, 'Server says no'), 'Fallback', 'Unexpected')).toBe('Server says no')
    expect(errorMessage(new ApiError(500, undefined), 'Fallback', 'Unexpected')).toBe('Fallback')
    expect(errorMessage(new TypeError('fetch failed'), 'Fallback', 'Unexpected')).toBe('Unexpected')
    expect(errorMessage('weird', 'Fallback', 'Unexpected')).toBe('Unexpected')
  })
})

describe('an address with an id', () => {
  it('encodes the id as one path segment, and refuses the ones that name its parent', () => {
    expect(addressOf(ENDPOINTS.adminBlogPost, { id: 'a/b c' })).toBe('/api/admin/blog-posts/a%2Fb%20c')
    // Browsers resolve `.` and `..` (and %2e) before sending: a DELETE would reach the parent.
    expect(() => addressOf(ENDPOINTS.adminPostVersion, { id: 'post1', versionId: '..' })).toThrow()
    expect(() => addressOf(ENDPOINTS.adminBlogPost, { id: '.' })).toThrow()
    // The public pages' calls, by name.
    expect(endpointAddress('bookingSession', { token: 'a.b/c' })).toBe('/api/booking/sessions/a.b%2Fc')
    expect(() => endpointAddress('bookingSession', { token: '..' })).toThrow()
  })
})
