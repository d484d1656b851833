import { errors } from 'jose'
import { NotConfiguredError } from '#domain/errors.ts'
import { PASSWORD_RESET_MESSAGES, RESET_LINK_TTL_MINUTES, type StoredUser } from '#domain/admin-user.ts'
import { ADMIN_PUBLIC_PAGES } from '#domain/route-map.ts'
import { passwordResets } from '#lib/data/password-resets.ts'
import { users } from '#lib/data/users.ts'
import { readLinkToken, signLinkToken, type LinkKind } from './link-tokens'
import { type Runtime } from '#lib/config/env.ts'
import { HttpError } from '#lib/http/route.ts'
import { sendEmail } from '#lib/email/mailer.ts'
import { escapeHtml } from '#lib/pages/markdown.ts'
import { COLORS, emailFrame, SERIF } from '#lib/newsletter/email.ts'
import { siteUrl } from '#lib/config/site-url.ts'

/**
 * "Forgot your password?" (docs/decisions.md, Never locked out). A reset link carries a
 * signed token (HS256) naming the user, the session version she had when she asked, and a nonce;
 * it expires after RESET_LINK_TTL_MINUTES. The key is derived from JWT_SECRET with HKDF under its
 * own label, and the audience and a claim of its own bind it to this one purpose: a session token
 * or a subscription link cannot pass for a reset link, nor the other way round. The nonce's record
 * (data/password-resets.ts) makes the link work once, and only while it is the newest one; a
 * change of the session version (a new password, an admin's reset, "sign out everywhere") ends it
 * too.
 */
const RESET_LINKS: LinkKind = {
  key: 'passwordResetLinks',
  unconfigured: 'Sign-in is not configured on this site yet.',
  audience: 'faithful-finances-password-reset',
  purpose: 'password-reset',
}

export async function resetToken(user: StoredUser, nonce: string, now = new Date()): Promise<string> {
  return signLinkToken(RESET_LINKS, { subject: user.id, nonce, claims: { sv: user.sessionVersion ?? 0 }, lifetimeSeconds: RESET_LINK_TTL_MINUTES * 60, now })
}

type ResetClaims = { userId: string; nonce: string; sessionVersion: number }

/** The claims of a reset token this site signed for this purpose; 410 when it has expired, 400 for anything else. */
async function readResetToken(token: string): Promise<ResetClaims> {
  try {
    const payload = await readLinkToken(RESET_LINKS, token, ['exp', 'sub', 'jti'])
    if (typeof payload.sv !== 'number' || !payload.sub || !payload.jti) throw new Error('not a reset token')
    return { userId: payload.sub, nonce: payload.jti, sessionVersion: payload.sv }
  } catch (error) {
    if (error instanceof NotConfiguredError) throw error
    // jose checks the signature before the expiry: only a token of ours is ever called expired.
    if (error instanceof errors.JWTExpired) throw new HttpError(410, PASSWORD_RESET_MESSAGES.expired)
    throw new HttpError(400, PASSWORD_RESET_MESSAGES.invalid)
  }
}

/** The page a link opens; the token goes in the fragment, which browsers never send to a server or in a Referer. */
export async function resetLink(user: StoredUser, nonce: string): Promise<string> {
  return `${siteUrl()}${ADMIN_PUBLIC_PAGES.resetPassword}#token=${await resetToken(user, nonce)}`
}

/**
 * The email: a text part and an HTML part in the newsletter's colours, with the link as a button and
 * written out. The site is named by its address, which only a deploy sets: never by a text an
 * editor can change, which would put her words into the owner's most trusted email.
 */
export function resetEmail(user: StoredUser, link: string) {
  const site = new URL(siteUrl()).host
  const subject = `Choose a new password for ${site}`
  const lines = {
    hello: `Hello ${user.username},`,
    why: `Someone, we hope you, asked to choose a new password for your account on the ${site} admin.`,
    act: `To choose one, open this link within ${RESET_LINK_TTL_MINUTES} minutes. It works once, and choosing a new password signs you out everywhere else.`,
    ignore: 'If you did not ask, you can ignore this email: your password stays as it is, and nobody can use this link without this email.',
  }
  const text = [lines.hello, '', lines.why, lines.act, '', link, '', lines.ignore].join('\n')
  const html = emailFrame({
    title: subject,
    masthead: site,
    body: `<h1 style="margin:0 0 16px;font-family:${SERIF};font-size:24px;line-height:1.25;color:${COLORS.green};">Choose a new password</h1>
<p style="margin:0 0 16px;">${escapeHtml(lines.hello)}</p>
<p style="margin:0 0 16px;">${escapeHtml(lines.why)} ${escapeHtml(lines.act)}</p>
<p style="margin:24px 0;"><a href="${escapeHtml(link)}" style="display:inline-block;background:${COLORS.amber};color:${COLORS.green};font-weight:600;text-decoration:none;padding:12px 22px;border-radius:6px;">Choose a new password</a></p>
<p style="margin:0 0 16px;font-size:14px;color:${COLORS.muted};">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all;">${escapeHtml(link)}</span></p>
<p style="margin:0;font-size:14px;color:${COLORS.muted};">${escapeHtml(lines.ignore)}</p>`,
  })
  return { subject, text, html }
}

/**
 * The work behind "Forgot your password?", done after the answer has gone (context.waitUntil), so
 * the answer and its timing are the same whoever is named. Emails each account the identifier
 * names, to the address on the account, at most once per interval (data/password-resets.ts).
 * Never throws: a failure is logged, and the link of an email that could not be sent is taken
 * back so she can ask again at once.
 */
export async function sendResetLinks(identifier: string, runtime: Runtime): Promise<void> {
  try {
    const found = await users.findByUsernameOrEmail(identifier)
    if (found.length === 0) return
    for (const user of found) {
      const nonce = await passwordResets.issue(user.id)
      if (!nonce) continue
      try {
        await sendEmail({ to: user.email, ...resetEmail(user, await resetLink(user, nonce)) }, runtime)
      } catch (error) {
        console.error('password reset email failed:', error instanceof Error ? error.message : error)
        await passwordResets.withdraw(user.id, nonce)
      }
    }
  } catch (error) {
    console.error('password reset request failed:', error instanceof Error ? error.message : error)
  }
}

/**
 * The user a reset link is for, while it works: signed by us for this purpose, not expired, the
 * newest link of her account, not used, and made since her last password change. Otherwise an
 * HttpError with the message that says which (410), or that it is no link of ours (400).
 */
export async function openResetLink(token: string): Promise<{ user: StoredUser; nonce: string }> {
  const { userId, nonce, sessionVersion } = await readResetToken(token)
  const user = await users.findById(userId)
  if (!user) throw new HttpError(410, PASSWORD_RESET_MESSAGES.replaced)
  const state = await passwordResets.state(user.id, nonce)
  if (state === 'used') throw new HttpError(410, PASSWORD_RESET_MESSAGES.used)
  if (state === 'replaced' || (user.sessionVersion ?? 0) !== sessionVersion) throw new HttpError(410, PASSWORD_RESET_MESSAGES.replaced)
  return { user, nonce }
}

/** Uses the link up; throws the 410 of a link someone else used (or replaced) a moment ago. */
export async function redeemResetLink(user: StoredUser, nonce: string): Promise<void> {
  const outcome = await passwordResets.redeem(user.id, nonce)
  if (outcome === 'redeemed') return
  throw new HttpError(410, outcome === 'used' ? PASSWORD_RESET_MESSAGES.used : PASSWORD_RESET_MESSAGES.replaced)
}
