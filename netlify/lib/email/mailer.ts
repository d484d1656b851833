import sendgrid from '@sendgrid/mail'
import { isValidEmail } from '#domain/fields.ts'
import { outbox } from '#lib/data/outbox.ts'
import { env, type Runtime } from '#lib/config/env.ts'

export type Email = {
  to: string
  subject: string
  text: string
  /** An HTML part beside the text (newsletters, booking requests); the text part is always sent. */
  html?: string
  replyTo?: string
  headers?: Record<string, string>
  /** Files sent with it (a session's calendar invite): text content, its media type, a plain file name. */
  attachments?: EmailAttachment[]
}

export type EmailAttachment = { filename: string; type: string; content: string }

// Well inside Netlify's 10 s function limit: a slow provider must not cost the visitor an answer
// (the booking is stored first and the retry sends it later).
const SEND_TIMEOUT_MS = 5_000

/** Thrown instead of sending when a deployed site has no email settings; nothing is lost (see emailSetup). */
export class EmailNotConfiguredError extends Error {}

export type EmailSetup =
  | { transport: 'sendgrid'; from: string; bookingsTo: string }
  | { transport: 'outbox'; from: string; bookingsTo: string }
  | { transport: 'none'; missing: string[] }

const LOCAL_FROM = 'hello@example.com'
const LOCAL_BOOKINGS_TO = 'coach@example.com'

/**
 * How this site sends email. Deployed, it takes SendGrid and all three settings; anything less
 * sends nothing (bookings are still stored, and the admin says email is not set up), rather than
 * dropping the coach's mail somewhere she never looks. Only a local run without a key writes to
 * the local outbox.
 */
export function emailSetup(runtime: Runtime): EmailSetup {
  const apiKey = env('SENDGRID_API_KEY')
  const from = env('MAIL_FROM')
  const bookingsTo = env('BOOKING_TO_EMAIL')
  if (runtime.local && !apiKey) return { transport: 'outbox', from: from ?? LOCAL_FROM, bookingsTo: bookingsTo ?? LOCAL_BOOKINGS_TO }
  const missing = [
    !apiKey && 'SENDGRID_API_KEY',
    !(from && isValidEmail(from)) && 'MAIL_FROM',
    !(bookingsTo && isValidEmail(bookingsTo)) && 'BOOKING_TO_EMAIL',
  ].filter((name): name is string => Boolean(name))
  if (missing.length > 0 || !apiKey || !from || !bookingsTo) return { transport: 'none', missing }
  return { transport: 'sendgrid', from, bookingsTo }
}

/** Header text from what a visitor typed: one line, no control characters, a sane length. */
export function headerText(text: string, max = 200): string {
  const line = text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

/**
 * Sends through SendGrid, or to the local outbox in local development without a key. Addresses go
 * to SendGrid as address objects, one recipient each, so no text can add a recipient; the subject
 * is one line. Throws when the provider refuses, and EmailNotConfiguredError when deployed
 * without settings.
 */
export async function sendEmail(email: Email, runtime: Runtime): Promise<void> {
  const setup = emailSetup(runtime)
  if (setup.transport === 'none') throw new EmailNotConfiguredError(`email is not configured (missing ${setup.missing.join(', ')})`)
  if (!isValidEmail(email.to) || (email.replyTo !== undefined && !isValidEmail(email.replyTo))) {
    throw new Error('refused to send to an address outside the email rule')
  }
  const subject = headerText(email.subject)
  if (setup.transport === 'outbox') {
    await outbox.put({ ...email, subject, from: setup.from })
    return
  }
  sendgrid.setApiKey(env('SENDGRID_API_KEY')!)
  sendgrid.setTimeout(SEND_TIMEOUT_MS)
  await sendgrid.send({
    to: { email: email.to },
    from: { email: setup.from },
    ...(email.replyTo ? { replyTo: { email: email.replyTo } } : {}),
    subject,
    text: email.text,
    ...(email.html ? { html: email.html } : {}),
    ...(email.headers ? { headers: email.headers } : {}),
    ...(email.attachments?.length
      ? {
          attachments: email.attachments.map((file) => ({
            content: Buffer.from(file.content, 'utf8').toString('base64'),
            filename: file.filename,
            type: file.type,
            disposition: 'attachment',
          })),
        }
      : {}),
  })
}
