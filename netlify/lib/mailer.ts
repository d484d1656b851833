import sendgrid from '@sendgrid/mail'
import { outbox } from './data/outbox'
import { env } from './env'

export type Email = {
  to: string
  subject: string
  text: string
  replyTo?: string
  headers?: Record<string, string>
}

// Well inside Netlify's 10 s function limit: a slow provider must not cost the visitor an answer
// (the booking is stored first and the retry sends it later).
const SEND_TIMEOUT_MS = 5_000

export function mailFrom(): string {
  return env('MAIL_FROM') ?? 'hello@example.com'
}

/**
 * Sends through SendGrid when SENDGRID_API_KEY is set; otherwise the email lands in the local
 * outbox store, so development and tests work with no account. Throws when the provider refuses.
 */
export async function sendEmail(email: Email): Promise<void> {
  const apiKey = env('SENDGRID_API_KEY')
  const message = { ...email, from: mailFrom() }
  if (!apiKey) {
    await outbox.put(message)
    return
  }
  sendgrid.setApiKey(apiKey)
  sendgrid.setTimeout(SEND_TIMEOUT_MS)
  await sendgrid.send(message)
}
