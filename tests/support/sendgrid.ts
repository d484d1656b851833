import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'

export const SENDGRID_SEND_URL = 'https://api.sendgrid.com/v3/mail/send'

/** What SendGrid's v3 API receives: enough of it to check who got what. */
export type SentMessage = {
  from: { email: string }
  subject: string
  reply_to?: { email: string }
  headers?: Record<string, string>
  personalizations: { to: { email: string }[] }[]
  content: { type: string; value: string }[]
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** SendGrid accepts every message, and the test can read what was sent. */
export function sendgridAccepts(sent: SentMessage[] = []) {
  return http.post(SENDGRID_SEND_URL, async ({ request }) => {
    sent.push((await request.json()) as SentMessage)
    return new HttpResponse(null, { status: 202 })
  })
}

/** SendGrid is down. */
export function sendgridFails() {
  return http.post(SENDGRID_SEND_URL, () => HttpResponse.json({ errors: [{ message: 'Internal error' }] }, { status: 500 }))
}

/**
 * An msw server for the file: no handlers by default (a test picks one with `server.use`), the
 * local Blobs server passes through, and any other host fails the request and logs an error
 * (msw 3 calls the option onUnhandledFrame; in msw 2 it was onUnhandledRequest).
 */
export function useSendgridMock() {
  const server = setupServer()
  beforeAll(() =>
    server.listen({
      onUnhandledFrame({ frame, defaults }) {
        const request = (frame.data as { request?: Request }).request
        if (request && LOCAL_HOSTS.has(new URL(request.url).hostname)) return
        defaults.error()
        throw new Error(`Unexpected network request in a test: ${request?.method} ${request?.url}`)
      },
    }),
  )
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())
  return server
}
