import { describe, expect, it } from 'vitest'
import * as apiNotFound from '#functions/api-not-found.ts'
import { call } from '#tests/support/call.ts'

describe('any other /api path', () => {
  it.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/admin/unknown'],
    ['DELETE', '/api/resources/x/y/z'],
  ])('%s %s answers a JSON 404, never the HTML of the site', async (method, path) => {
    const { status, body, headers } = await call(apiNotFound, { method, path })
    expect(status).toBe(404)
    expect(body).toEqual({ success: false, message: 'Not found' })
    expect(headers.get('content-type')).toMatch(/^application\/json/)
  })
})
