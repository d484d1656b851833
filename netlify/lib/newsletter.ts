import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'
import { normalizeEmail } from '../../domain/subscriber'
import { subscribers } from './data/subscribers'
import { welcomeEmails } from './data/welcome-emails'
import { env, type Runtime } from './env'
import { HttpError } from './http'
import { emailSetup, sendEmail } from './mailer'
import { siteUrl } from './site-url'

/**
 * Unsubscribe links carry an HMAC of the email instead of a stored token: nothing to look up,
 * and nobody can unsubscribe someone else by guessing. The key is UNSUBSCRIBE_SECRET when set,
 * otherwise derived from JWT_SECRET with HKDF under its own label: never the signing key itself,
 * so a link (which travels in every email) says nothing about the key that signs admin sessions.
 */
function key(): Buffer {
  const own = env('UNSUBSCRIBE_SECRET')
  if (own && own.length >= 32) return Buffer.from(own)
  const root = env('JWT_SECRET')
  if (!root || root.length < 32) throw new HttpError(503, 'Unsubscribe is not configured on this site yet.')
  return Buffer.from(hkdfSync('sha256', root, 'faithful-finances', 'unsubscribe-links/v1', 32))
}

export function unsubscribeToken(email: string): string {
  return createHmac('sha256', key()).update(normalizeEmail(email)).digest('base64url')
}

export function isValidUnsubscribeToken(email: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(email))
  const given = Buffer.from(token)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

export function unsubscribeLinks(email: string) {
  const query = `email=${encodeURIComponent(normalizeEmail(email))}&token=${unsubscribeToken(email)}`
  return {
    page: `${siteUrl()}/unsubscribe?${query}`,
    oneClick: `${siteUrl()}/api/unsubscribe?${query}`,
  }
}

/**
 * The welcome email: it is where every subscriber gets their unsubscribe link. At most one per
 * recipient a day (welcome-emails.ts), so nobody can use the form to flood someone's inbox.
 */
export async function sendWelcome(email: string, runtime: Runtime): Promise<void> {
  if (emailSetup(runtime).transport === 'none') return
  // Only to a confirmed subscriber: never to an address that bounced or marked our mail as spam.
  if ((await subscribers.find(email))?.state !== 'confirmed') return
  if (!(await welcomeEmails.claim(normalizeEmail(email)))) return
  const links = unsubscribeLinks(email)
  await sendEmail(
    {
      to: normalizeEmail(email),
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
    },
    runtime,
  )
}
