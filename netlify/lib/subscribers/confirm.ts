import { NotConfiguredError } from '#domain/errors.ts'
import { CONFIRM_TTL_DAYS, normalizeEmail } from '#domain/subscriber.ts'
import { PAGES } from '#domain/route-map.ts'
import { readLinkToken, signLinkToken, type LinkKind } from '#lib/auth/link-tokens.ts'
import { type Runtime } from '#lib/config/env.ts'
import { sendPersonalBatch } from '#lib/email/batch-mailer.ts'
import { emailSetup, sendEmail } from '#lib/email/mailer.ts'
import { renderTransactional, siteNameForEmail } from '#lib/email/transactional.ts'
import { SUBSTITUTION_WRAPPERS } from '#lib/newsletter/email.ts'
import { escapeHtml } from '#lib/pages/markdown.ts'
import { siteUrl } from '#lib/config/site-url.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { welcomeEmails } from '#lib/data/welcome-emails.ts'
import { mapLimited } from '#lib/storage/concurrency.ts'

/**
 * Confirmation links carry a signed token (HS256) naming the address, bound to this one purpose
 * by its audience and a claim of its own, and good for a week. The key is derived from JWT_SECRET
 * with HKDF under its own label: neither an admin session nor an unsubscribe link (an HMAC under
 * another label) can pass for a confirmation, and a confirmation token is no good for either.
 */
const CONFIRM_LINKS: LinkKind = {
  key: 'confirmLinks',
  unconfigured: 'Confirming subscriptions is not configured on this site yet.',
  audience: 'faithful-finances-subscription-confirm',
  purpose: 'confirm-subscription',
}

export async function confirmToken(email: string, now = new Date()): Promise<string> {
  return signLinkToken(CONFIRM_LINKS, { subject: normalizeEmail(email), lifetimeSeconds: CONFIRM_TTL_DAYS * 24 * 60 * 60, now })
}

/** The address a confirmation link was made for, and when (ms), if it is one of ours and still valid. */
export async function emailOfConfirmToken(token: string): Promise<{ email: string; issuedAt: number } | null> {
  try {
    const payload = await readLinkToken(CONFIRM_LINKS, token, ['exp', 'sub', 'iat'])
    if (typeof payload.sub !== 'string' || typeof payload.iat !== 'number') return null
    return { email: payload.sub, issuedAt: payload.iat * 1000 }
  } catch (error) {
    // Without a secret the site cannot tell a good link from a forged one: it says it is not set up.
    if (error instanceof NotConfiguredError) throw error
    return null
  }
}

export async function confirmLink(email: string): Promise<string> {
  return `${siteUrl()}${PAGES.confirm.path}?token=${await confirmToken(email)}`
}

/**
 * The one email a signup sends. At most one per recipient inbox a day (welcome-emails.ts, its own
 * kind of marker), so nobody can use the form to flood someone's inbox, however often they sign
 * her up.
 */
export async function sendConfirmation(email: string, runtime: Runtime): Promise<void> {
  if (emailSetup(runtime).transport === 'none') return
  // Only to a signup still waiting: never to an address that bounced or marked our mail as spam.
  if ((await subscribers.find(email))?.state !== 'pending') return
  if (!(await welcomeEmails.claim(normalizeEmail(email), new Date(), 'confirm'))) return
  const link = await confirmLink(email)
  await sendEmail({ to: normalizeEmail(email), ...confirmationEmail(await siteNameForEmail(), { text: link, html: link }) }, runtime)
}

/**
 * The confirmation email. `link` is the address of the confirm page for the text part and for the
 * HTML part (escaped there): the same link, or a batch's substitution tags, one for each part
 * (the HTML one filled with the address escaped for HTML, as the newsletter's unsubscribe link is).
 */
export function confirmationEmail(siteName: string, link: { text: string; html: string }) {
  return renderTransactional({
    subject: 'Please confirm your subscription',
    masthead: siteName,
    heading: 'Confirm your subscription',
    intro: [
      `Thank you for signing up for the ${siteName} newsletter. One more step: please confirm it is really you.`,
      'Open the link below, then press "Confirm my subscription" on the page it opens.',
    ],
    action: { label: 'Open the confirmation page', href: link.text, htmlHref: link.html },
    outro: [`The link works for ${CONFIRM_TTL_DAYS} days. If you did not sign up, ignore this email and you will not hear from us again.`],
  })
}

/** Where each recipient's own link goes in the batch's one email (SendGrid fills them per person). */
const CONFIRM_LINK_TAGS = { text: 'confirm_url', html: 'confirm_href' } as const
const wrap = (name: string) => `${SUBSTITUTION_WRAPPERS[0]}${name}${SUBSTITUTION_WRAPPERS[1]}`

/**
 * The confirmation email to each of `emails` (addresses an import just added, pending), in one
 * batch, under the same one-a-day rule per inbox as a signup's. Answers how many were sent: none
 * when email is not set up or the provider refused the batch (logged; they stay pending and go
 * after a week, as an unconfirmed signup does).
 */
export async function sendConfirmations(emails: readonly string[], runtime: Runtime, now = new Date()): Promise<number> {
  if (emails.length === 0 || emailSetup(runtime).transport === 'none') return 0
  const normalized = emails.map(normalizeEmail)
  const claimed = await mapLimited(normalized, (email) => welcomeEmails.claim(email, now, 'confirm'))
  const due = normalized.filter((_, i) => claimed[i])
  if (due.length === 0) return 0
  const personal = await Promise.all(
    due.map(async (to) => {
      const link = await confirmLink(to)
      return { to, substitutions: { [CONFIRM_LINK_TAGS.text]: link, [CONFIRM_LINK_TAGS.html]: escapeHtml(link) } }
    }),
  )
  // The HTML part escapes what it is given: the tag is left as it is (it holds nothing to escape),
  // and SendGrid puts the address already escaped in its place.
  const email = confirmationEmail(await siteNameForEmail(), { text: wrap(CONFIRM_LINK_TAGS.text), html: wrap(CONFIRM_LINK_TAGS.html) })
  const outcome = await sendPersonalBatch(email, personal, runtime)
  if (outcome.kind === 'sent') return due.length
  console.error('confirmation emails of an import not sent:', outcome.message)
  return 0
}
