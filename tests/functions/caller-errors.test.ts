import { describe, expect, it } from 'vitest'
import { ConflictError, InvalidError, NotAllowedError, NotConfiguredError, NotFoundError } from '#domain/errors.ts'
import { callerError, HttpError, route } from '#lib/http/route.ts'
import { fakeContext } from '#tests/support/call.ts'

/** The data layer says what went wrong without HTTP; the route wrapper says it to the caller. */
describe('errors meant for the caller', () => {
  it.each([
    [new NotFoundError('Blog post not found'), 404],
    [new ConflictError('That slug is taken'), 409],
    [new NotAllowedError('The owner cannot be deleted'), 403],
    [new InvalidError('That picture cannot be read'), 400],
    [new NotConfiguredError('Sign-in is not configured on this site yet.'), 503],
  ])('%s answers %i with its message', async (error, status) => {
    const handler = route({ GET: async () => Promise.reject(error) })
    const answer = await handler(new Request('http://localhost/api/x'), fakeContext())
    expect(answer.status).toBe(status)
    expect(await answer.json()).toEqual({ success: false, message: error.message })
  })

  it('keeps an HttpError as it is, and leaves any other error to be a 500', () => {
    expect(callerError(new HttpError(429, 'Too many', { 'Retry-After': '5' }))).toEqual({ status: 429, message: 'Too many', headers: { 'Retry-After': '5' } })
    expect(callerError(new Error('boom'))).toBeUndefined()
  })
})
