import { expect, type APIRequestContext } from '@playwright/test'

/** An email the functions "sent" to the local outbox (no SendGrid key in tests). */
export type OutboxEmail = {
  to: string
  from: string
  replyTo?: string
  subject: string
  text: string
  /** The HTML part (newsletters). */
  html?: string
  /** Extra headers, e.g. a newsletter's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>
  sentAt: string
}

export async function readOutbox(request: APIRequestContext): Promise<OutboxEmail[]> {
  const response = await request.get('/api/dev/outbox')
  expect(response.status(), 'GET /api/dev/outbox').toBe(200)
  return ((await response.json()) as { emails: OutboxEmail[] }).emails
}

/**
 * The emails to `to` (with that subject, if given) once at least one has arrived. A signup's
 * confirmation email is sent after the answer (netlify/lib/http/after-answer.ts), so it may land a
 * moment after the page, or the call, says so.
 */
export async function emailsTo(request: APIRequestContext, to: string, subject?: string): Promise<OutboxEmail[]> {
  const wanted = (email: OutboxEmail) => email.to === to && (subject === undefined || email.subject === subject)
  let found: OutboxEmail[] = []
  await expect
    .poll(async () => (found = (await readOutbox(request)).filter(wanted)).length, { message: `an email to ${to}${subject ? `: ${subject}` : ''}` })
    .toBeGreaterThan(0)
  return found
}
