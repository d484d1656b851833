import { describe, expect, it } from 'vitest'
import * as apiNotFound from '#functions/api-not-found.ts'
import * as blogPosts from '#functions/blog-posts.ts'
import * as content from '#functions/content.ts'
import * as resourceDownload from '#functions/resource-download.ts'
import * as resources from '#functions/resources.ts'
import * as sendBookingEmail from '#functions/send-booking-email.ts'
import * as subscribers from '#functions/subscribers.ts'
import * as unsubscribe from '#functions/unsubscribe.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call, type CallOptions } from '#tests/support/call.ts'
import { bookingInput } from '#tests/support/factories.ts'
import { createPost, createResource } from '#tests/support/records.ts'

useBlobsServer()

/**
 * docs/decisions.md, Security headers: netlify.toml headers never reach function responses, so each response must
 * carry them itself: successes and every kind of failure alike.
 */
type Case = [name: string, fn: Parameters<typeof call>[0], options: () => Promise<CallOptions> | CallOptions]

const downloadOfNewResource = async (): Promise<CallOptions> => {
  const { id } = await createResource()
  return { method: 'POST', path: `/api/resources/${id}/download`, params: { id } }
}
const publishedPost = async (): Promise<CallOptions> => ({
  path: `/api/blog-posts?slug=${(await createPost({ status: 'published' })).slug}`,
})

// Each name ends with the status the call must produce, so a case cannot drift to another path.
const cases: Case[] = [
  ['resources 200', resources, () => ({ path: '/api/resources' })],
  ['resources 405', resources, () => ({ method: 'DELETE', path: '/api/resources' })],
  ['resource-download 200', resourceDownload, downloadOfNewResource],
  ['resource-download 404', resourceDownload, () => ({ method: 'POST', path: '/api/resources/nope/download', params: { id: 'nope' } })],
  ['blog-posts list 200', blogPosts, () => ({ path: '/api/blog-posts' })],
  ['blog-posts detail 200', blogPosts, publishedPost],
  ['blog-posts 404', blogPosts, () => ({ path: '/api/blog-posts?slug=missing' })],
  ['subscribers POST 200', subscribers, () => ({ method: 'POST', path: '/api/subscribers', body: { email: 'a@example.com' } })],
  ['subscribers POST 400', subscribers, () => ({ method: 'POST', path: '/api/subscribers', body: '{' })],
  ['subscribers POST 413', subscribers, () => ({ method: 'POST', path: '/api/subscribers', body: 'x'.repeat(70_000) })],
  ['subscribers GET 401', subscribers, () => ({ path: '/api/subscribers' })],
  ['send-booking-email 200', sendBookingEmail, () => ({ method: 'POST', body: bookingInput() })],
  ['send-booking-email 400', sendBookingEmail, () => ({ method: 'POST', body: bookingInput({ firstName: '' }) })],
  ['send-booking-email 405', sendBookingEmail, () => ({ method: 'GET' })],
  ['unsubscribe 400', unsubscribe, () => ({ method: 'POST', path: '/api/unsubscribe' })],
  ['content 200', content, () => ({ path: '/api/content' })],
  ['api-not-found 404', apiNotFound, () => ({ path: '/api/nothing' })],
]

describe('security headers on every function response', () => {
  it.each(cases)('%s', async (name, fn, options) => {
    const { status, headers } = await call(fn, await options())
    expect(String(status)).toBe(name.split(' ').at(-1))
    expect(headers.get('content-security-policy')).toMatch(/default-src 'none'/)
    expect(headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/)
    expect(headers.get('content-security-policy')).not.toMatch(/unsafe-inline|unsafe-eval/)
    expect(headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/)
    expect(headers.get('x-content-type-options')).toBe('nosniff')
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(headers.get('x-frame-options')).toBe('DENY')
  })
})
