import { normalizeEmail } from '#domain/subscriber.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { welcomeEmails } from '#lib/data/welcome-emails.ts'
import { MIN_SECRET_LENGTH, requireKeyFor, sign, verify } from '#lib/auth/secrets.ts'
import { env, type Runtime } from '#lib/config/env.ts'
import { emailSetup, sendEmail } from '#lib/email/mailer.ts'
import { renderTransactional, siteNameForEmail } from '#lib/email/transactional.ts'
import { siteUrl } from '#lib/config/site-url.ts'
import { PAGES } from '#domain/route-map.ts'

/**
 * Unsubscribe links carry an HMAC of the email instead of a stored token: nothing to look up,
 * and nobody can unsubscribe someone else by guessing. The key is UNSUBSCRIBE_SECRET when set,
 * otherwise derived from JWT_SECRET with HKDF under its own label: never the signing key itself,
 * so a link (which travels in every email) says nothing about the key that signs admin sessions.
 */
function key(): Buffer {
  const own = env('UNSUBSCRIBE_SECRET')
  if (own && own.length >= MIN_SECRET_LENGTH) return Buffer.from(own)
  return requireKeyFor('unsubscribeLinks', 'Unsubscribe is not configured on this site yet.')
}

export function unsubscribeToken(email: string): string {
  return sign(key(), normalizeEmail(email))
}

export function isValidUnsubscribeToken(email: string, token: string): boolean {
  return verify(key(), normalizeEmail(email), token)
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
      ...welcomeEmail(await siteNameForEmail(), links.page),
      // RFC 8058: mail clients may offer a one-click unsubscribe that POSTs to this address.
      headers: {
        'List-Unsubscribe': `<${links.oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    },
    runtime,
  )
}

/** The welcome email: what to expect, the blog, and the subscriber's own unsubscribe page. */
export function welcomeEmail(siteName: string, unsubscribePage: string) {
  return renderTransactional({
    subject: 'Welcome to the newsletter',
    masthead: siteName,
    heading: 'Welcome to the newsletter',
    intro: [
      'Thank you for subscribing. You will hear from us when there is something new to help your family with money.',
      'Until then, the blog has every post so far.',
    ],
    action: { label: 'Read the blog', href: `${siteUrl()}${PAGES.blog.path}` },
    footer: [`You receive this because you confirmed your subscription to ${siteName}. If you ever want to stop, one click is enough.`],
    footerLink: { label: 'Unsubscribe', href: unsubscribePage },
  })
}
