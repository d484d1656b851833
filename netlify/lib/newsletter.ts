import { createHmac, timingSafeEqual } from 'node:crypto'
import { normalizeEmail } from '../../domain/subscriber'
import { env, isLocalDevelopment } from './env'
import { HttpError } from './http'
import { sendEmail } from './mailer'
import { siteUrl } from './site-url'

/**
 * Unsubscribe links carry an HMAC of the email instead of a stored token: nothing to look up,
 * and nobody can unsubscribe someone else by guessing.
 */
function key(): string {
  const value = env('UNSUBSCRIBE_SECRET') ?? env('JWT_SECRET') ?? (isLocalDevelopment() ? 'local-development-unsubscribe' : undefined)
  if (!value) throw new HttpError(503, 'Unsubscribe is not configured on this site yet.')
  return value
}

export function unsubscribeToken(email: string): string {
  return createHmac('sha256', key()).update(normalizeEmail(email)).digest('base64url')
}

export function isValidUnsubscribeToken(email: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(email))
  const given = Buffer.from(token)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

export function unsubscribeLinks(email: string, req?: Request) {
  const query = `email=${encodeURIComponent(normalizeEmail(email))}&token=${unsubscribeToken(email)}`
  return {
    page: `${siteUrl(req)}/unsubscribe?${query}`,
    oneClick: `${siteUrl(req)}/api/unsubscribe?${query}`,
  }
}

/** The welcome email: it is where every subscriber gets their unsubscribe link (DECISIONS.md 4). */
export async function sendWelcome(email: string, req?: Request): Promise<void> {
  const links = unsubscribeLinks(email, req)
  await sendEmail({
    to: email,
    subject: 'Welcome to the newsletter',
    text: [
      'Thank you for subscribing. You will hear from us when there is something new to help your family with money.',
      '',
      `If you ever want to stop, unsubscribe here: ${links.page}`,
    ].join('\n'),
    // RFC 8058: mail clients may offer a one-click unsubscribe that POSTs to this address.
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  })
}
