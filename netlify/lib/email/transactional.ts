import { DEFAULT_TEXTS } from '#domain/default-texts.ts'
import { COLORS, emailFrame, newsletterTexts, SERIF } from '#lib/newsletter/email.ts'
import { escapeHtml } from '#lib/pages/markdown.ts'
import { headerText } from './mailer'

/**
 * The site's one-off emails (confirm a signup, welcome, a booking request), each as an HTML part in
 * the newsletter's frame (the site's name above a white card on cream) and a text part saying the
 * same, made from one description so the two never drift apart. Every text is escaped here; the
 * only HTML a caller may pass is `bodyHtml`, made from escaped values (the booking's table).
 */
export type TransactionalEmail = {
  subject: string
  /** The site's name, above the card. */
  masthead: string
  heading: string
  /** Paragraphs before the button. */
  intro: readonly string[]
  /**
   * The one thing to do: a button in the HTML part (the address written out under it too),
   * "label: address" in the text. `htmlHref` is the address for the HTML part when it differs (a
   * batch's substitution tag filled with the address escaped for HTML); it is escaped here as well.
   */
  action?: { label: string; href: string; htmlHref?: string }
  /** Paragraphs after the button. */
  outro?: readonly string[]
  /** Small print under the card, and a link after it (the welcome email's unsubscribe link). */
  footer?: readonly string[]
  footerLink?: { label: string; href: string }
  /** HTML of escaped values between intro and action, and its text-part equivalent. */
  extra?: { html: string; text: string }
}

const P = 'margin:0 0 16px;'

const paragraph = (text: string, style = P) => `<p style="${style}">${escapeHtml(text)}</p>`

/** A real link, styled as the site's primary button: amber with dark green words. */
export function emailButton(href: string, label: string): string {
  return `<p style="margin:24px 0;"><a href="${escapeHtml(href)}" style="display:inline-block;background:${COLORS.amber};color:${COLORS.green};font-weight:600;text-decoration:none;padding:12px 22px;border-radius:6px;">${escapeHtml(label)}</a></p>`
}

export function renderTransactional(email: TransactionalEmail): { subject: string; html: string; text: string } {
  const subject = headerText(email.subject)
  const html = emailFrame({
    title: subject,
    masthead: email.masthead,
    body: [
      `<h1 style="margin:0 0 16px;font-family:${SERIF};font-size:24px;line-height:1.25;color:${COLORS.green};">${escapeHtml(email.heading)}</h1>`,
      ...email.intro.map((text) => paragraph(text)),
      ...(email.extra ? [email.extra.html] : []),
      ...(email.action
        ? [
            emailButton(email.action.htmlHref ?? email.action.href, email.action.label),
            `<p style="${P}font-size:14px;color:${COLORS.muted};">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(email.action.htmlHref ?? email.action.href)}" style="color:${COLORS.green};word-break:break-all;">${escapeHtml(email.action.htmlHref ?? email.action.href)}</a></p>`,
          ]
        : []),
      ...(email.outro ?? []).map((text) => paragraph(text, `${P}font-size:14px;color:${COLORS.muted};`)),
    ].join('\n'),
    ...(email.footer?.length || email.footerLink
      ? {
          footer: [
            ...(email.footer ?? []).map((text) => paragraph(text, 'margin:0 0 8px;')),
            ...(email.footerLink
              ? [
                  `<p style="margin:0;"><a href="${escapeHtml(email.footerLink.href)}" style="color:${COLORS.muted};text-decoration:underline;">${escapeHtml(email.footerLink.label)}</a></p>`,
                ]
              : []),
          ].join('\n'),
        }
      : {}),
  })
  const text = [
    ...email.intro,
    ...(email.extra ? [email.extra.text] : []),
    ...(email.action ? [`${email.action.label}: ${email.action.href}`] : []),
    ...(email.outro ?? []),
    ...(email.footer?.length || email.footerLink
      ? ['--', ...(email.footer ?? []), ...(email.footerLink ? [`${email.footerLink.label}: ${email.footerLink.href}`] : [])]
      : []),
  ].join('\n\n')
  return { subject, html, text }
}

/**
 * The site's name as the coach set it, for the masthead; the built-in one if the texts cannot be
 * read (an email is not worth failing over its masthead).
 */
export async function siteNameForEmail(): Promise<string> {
  try {
    return (await newsletterTexts()).siteName
  } catch {
    return DEFAULT_TEXTS.site.siteName
  }
}
