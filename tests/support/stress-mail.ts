import { delay, http, HttpResponse } from 'msw'
import { TEST_ORIGIN } from './call'
import { SENDGRID_SEND_URL, type SentMessage } from './sendgrid'

/** How the SendGrid mock answers: accepts (202), fails (500), refuses (400) or never answers. */
export type SendgridMode = 'accept' | 'fail' | 'refuse' | 'hang'

/**
 * A SendGrid mock whose behaviour a test changes while requests are in flight. Every attempt is
 * counted; only accepted messages are kept, so a test can count what really went out.
 */
export function controllableSendgrid(initial: SendgridMode = 'accept') {
  const state = { mode: initial, delayMs: 0, attempts: 0, accepted: [] as SentMessage[] }
  const handler = http.post(SENDGRID_SEND_URL, async ({ request }) => {
    // The behaviour at arrival decides, as for a real provider that was down when the call came.
    const mode = state.mode
    state.attempts++
    const message = (await request.json()) as SentMessage
    if (state.delayMs > 0) await delay(state.delayMs)
    switch (mode) {
      case 'fail':
        return HttpResponse.json({ errors: [{ message: 'Internal error' }] }, { status: 500 })
      case 'refuse':
        return HttpResponse.json({ errors: [{ message: 'The from address does not match a verified Sender Identity' }] }, { status: 400 })
      case 'hang':
        await delay('infinite')
        return new HttpResponse(null, { status: 202 })
      case 'accept':
        state.accepted.push(message)
        return new HttpResponse(null, { status: 202 })
    }
  })
  return { state, handler }
}

/** The booking id a coach email is about: booking-email.ts ends the text with "(booking <id>)." */
export function bookingIdOf(message: SentMessage): string | undefined {
  const text = message.content.map((part) => part.value).join('\n')
  return /\(booking ([\w-]+)\)/.exec(text)?.[1]
}

/** How many times each value occurs more than once. */
export function duplicatesOf(values: readonly (string | undefined)[]): number {
  const seen = new Set<string | undefined>()
  let duplicates = 0
  for (const value of values) {
    if (seen.has(value)) duplicates++
    seen.add(value)
  }
  return duplicates
}

export const PAGE_TEMPLATE =
  '<!doctype html><html lang="en"><head><title>Faithful Finances</title></head><body><div id="root"></div></body></html>'

/** blog-page.ts fetches /index.html from its own origin: the shell the CDN would serve. */
export const pageTemplate = () => http.get(`${TEST_ORIGIN}/index.html`, () => HttpResponse.html(PAGE_TEMPLATE))
