import { Marked } from 'marked'
import { DEFAULT_TEXTS } from '#domain/default-texts.ts'
import { NEWSLETTER_MESSAGES, type RenderedNewsletter } from '#domain/newsletter.ts'
import { siteText, toSiteTexts } from '#domain/site-texts.ts'
import { content } from '#lib/data/content.ts'
import { ConflictError } from '#domain/errors.ts'
import { escapeHtml, renderMarkdown } from '#lib/pages/markdown.ts'
import { tameMarkdown } from '#lib/pages/markdown-guard.ts'
import { headerText } from '#lib/email/mailer.ts'
import { siteUrl } from '#lib/config/site-url.ts'

/**
 * A newsletter as an email: the body's markdown through the same renderer and sanitizer as a post,
 * inside a plain table layout with inline styles (mail clients drop style sheets and most CSS), at
 * most 600 px wide, in the site's colours; and a readable plain-text part. Both end with the
 * coach's postal address and an unsubscribe link.
 *
 * One rendering serves every recipient of a batch: the unsubscribe link is a SendGrid
 * substitution tag, replaced per recipient (see newsletter-sender.ts). The HTML part gets the link
 * escaped for an attribute, the text part as it is.
 */
export const SUBSTITUTION_WRAPPERS = ['{{', '}}'] as const
const tag = (name: string) => `${SUBSTITUTION_WRAPPERS[0]}${name}${SUBSTITUTION_WRAPPERS[1]}`
export const UNSUBSCRIBE_TAGS = { text: tag('unsubscribe_url'), html: tag('unsubscribe_href') } as const

/** The substitutions, by name (SendGrid adds the wrappers), that fill the tags for one recipient's unsubscribe page. */
export function unsubscribeSubstitutions(pageUrl: string): Record<string, string> {
  return { unsubscribe_url: pageUrl, unsubscribe_href: escapeHtml(pageUrl) }
}

/** Replaces the tags as SendGrid would (the local outbox). */
export function applySubstitutions(text: string, substitutions: Record<string, string>): string {
  let result = text
  for (const [name, value] of Object.entries(substitutions)) result = result.split(tag(name)).join(value)
  return result
}

export type NewsletterFooter = { siteName: string; postalAddress: string }

/** The site's name and the postal address as set in Content (the address empty until she sets it). */
export async function newsletterTexts(): Promise<NewsletterFooter> {
  const texts = toSiteTexts(await content.list())
  const postalAddress = (siteText(texts, 'site', 'postalAddress') ?? '').trim()
  return { siteName: (siteText(texts, 'site', 'siteName') ?? '').trim() || DEFAULT_TEXTS.site.siteName, postalAddress }
}

/** As newsletterTexts, for a send: refused (409) while there is no postal address. */
export async function newsletterFooter(): Promise<NewsletterFooter> {
  const footer = await newsletterTexts()
  if (!footer.postalAddress) throw new ConflictError(NEWSLETTER_MESSAGES.postalAddressMissing)
  return footer
}

/** The site's palette and type as mail clients can show them (the reset email uses them too). */
export const COLORS = {
  cream: '#fbf7f0',
  white: '#ffffff',
  ink: '#1d2925',
  muted: '#55625c',
  green: '#123329',
  line: '#e3dacb',
  amber: '#e0a23a',
} as const
export const SERIF = "Georgia, 'Times New Roman', serif"
export const SANS = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

/**
 * Every HTML email the site sends, in one frame: the site's name above a white card on cream, and
 * an optional small-print footer under it. Tables and inline styles, as mail programs need.
 * `title`, `masthead` are text (escaped here); `body` and `footer` are HTML made by the caller.
 */
export function emailFrame({ title, masthead, body, footer }: { title: string; masthead: string; body: string; footer?: string }): string {
  const smallPrint = footer
    ? `
<tr><td style="padding:20px 8px 0;font-family:${SANS};font-size:13px;line-height:1.5;color:${COLORS.muted};">
${footer}
</td></tr>`
    : ''
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.cream};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLORS.cream};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%;">
<tr><td style="padding:0 8px 16px;font-family:${SERIF};font-size:20px;color:${COLORS.green};">${escapeHtml(masthead)}</td></tr>
<tr><td style="background:${COLORS.white};border:1px solid ${COLORS.line};border-radius:8px;padding:32px 28px;font-family:${SANS};font-size:16px;line-height:1.6;color:${COLORS.ink};">
${body}
</td></tr>${smallPrint}
</table>
</td></tr>
</table>
</body>
</html>`
}

/** Inline styles for what the sanitized body may hold: clients ignore a <style> block more often than not. */
const BODY_STYLES: Record<string, string> = {
  h1: `margin:24px 0 12px;font-family:${SERIF};font-size:26px;line-height:1.25;color:${COLORS.green};`,
  h2: `margin:24px 0 10px;font-family:${SERIF};font-size:21px;line-height:1.3;color:${COLORS.green};`,
  h3: `margin:20px 0 8px;font-family:${SERIF};font-size:18px;line-height:1.3;color:${COLORS.green};`,
  p: 'margin:0 0 16px;',
  ul: 'margin:0 0 16px;padding-left:24px;',
  ol: 'margin:0 0 16px;padding-left:24px;',
  li: 'margin:0 0 6px;',
  a: `color:${COLORS.green};text-decoration:underline;`,
  blockquote: `margin:0 0 16px;padding:4px 16px;border-left:4px solid ${COLORS.amber};color:${COLORS.muted};`,
  img: 'max-width:100%;height:auto;border:0;',
  code: `font-family:Menlo,Consolas,monospace;font-size:14px;background:${COLORS.cream};padding:1px 4px;`,
  pre: `margin:0 0 16px;padding:12px;background:${COLORS.cream};white-space:pre-wrap;`,
  hr: `border:0;border-top:1px solid ${COLORS.line};margin:24px 0;`,
}

/** Adds a style to each opening tag the sanitizer let through (it allows no style attribute of its own). */
function inlineStyles(html: string): string {
  return html
    .replace(/<(h1|h2|h3|p|ul|ol|li|a|blockquote|img|code|pre|hr)(?=[\s>/])/g, (match, tag: string) => `${match} style="${BODY_STYLES[tag]}"`)
    .replaceAll(`<ul style="${BODY_STYLES.ul}" class="emoji-list">`, '<ul style="margin:0 0 16px;padding-left:0;list-style:none;" class="emoji-list">')
}

/** A path on this site ("/resources"): one slash, not two, nor a backslash (which would name a host). */
const isSitePath = (address: string) => /^\/(?![/\\])/.test(address)

/**
 * Links to a page of the site, as the editor's link box makes them ("/resources"), with the site's
 * address in front: an email is read away from the site, where a path alone leads nowhere.
 */
function absoluteLinks(html: string, origin: string): string {
  return html.replace(/(<a\s[^>]*?\bhref=")(\/[^"]*)"/g, (match, start: string, path: string) =>
    isSitePath(path) ? `${start}${escapeHtml(origin)}${path}"` : match,
  )
}

const lexer = new Marked({ gfm: true, breaks: true, async: false })

type Token = { type: string; raw: string; text?: string; href?: string; depth?: number; tokens?: Token[]; items?: Token[]; ordered?: boolean; start?: number | '' }

/** Inline tokens as words: a link's address follows its words, an image gives its description. */
function inlineText(tokens: readonly Token[] = []): string {
  return tokens
    .map((token) => {
      switch (token.type) {
        case 'link': {
          const words = inlineText(token.tokens)
          return words && words !== token.href ? `${words} (${token.href})` : (token.href ?? '')
        }
        case 'image':
          return token.text ?? ''
        case 'br':
          return '\n'
        case 'html':
          return ''
        case 'strong':
        case 'em':
        case 'del':
          return inlineText(token.tokens)
        case 'text':
          return token.tokens ? inlineText(token.tokens) : (token.text ?? '')
        default:
          return token.text ?? token.raw
      }
    })
    .join('')
}

function blockText(tokens: readonly Token[]): string[] {
  const blocks: string[] = []
  for (const token of tokens) {
    if (token.type === 'heading') blocks.push(inlineText(token.tokens).toUpperCase())
    else if (token.type === 'paragraph') blocks.push(inlineText(token.tokens))
    else if (token.type === 'list')
      blocks.push(
        (token.items ?? [])
          .map((item, i) => `${token.ordered ? `${Number(token.start || 1) + i}.` : '-'} ${blockText(item.tokens ?? []).join('\n  ')}`)
          .join('\n'),
      )
    else if (token.type === 'blockquote') blocks.push(blockText(token.tokens ?? []).map((line) => `> ${line}`).join('\n'))
    else if (token.type === 'code') blocks.push(token.text ?? '')
    else if (token.type === 'hr') blocks.push('---')
    else if (token.type === 'text') blocks.push(inlineText(token.tokens ?? [{ type: 'text', raw: token.raw, text: token.text }]))
    else if (token.type === 'table') blocks.push(token.raw.trim())
  }
  return blocks.filter((block) => block.trim() !== '')
}

/** Every link to a page of the site, in the tokens and those they hold, given the site's address. */
function absoluteTokenLinks(tokens: readonly Token[], origin: string): void {
  for (const token of tokens) {
    if (token.type === 'link' && token.href && isSitePath(token.href)) token.href = `${origin}${token.href}`
    absoluteTokenLinks(token.tokens ?? [], origin)
    absoluteTokenLinks(token.items ?? [], origin)
  }
}

/**
 * Markdown as readable plain text: the words, list markers, and each link's address after its
 * words (a page of the site with `origin` in front, when given).
 */
export function markdownToText(markdown: string, origin = ''): string {
  let tokens: Token[]
  try {
    tokens = lexer.lexer(tameMarkdown(markdown)) as unknown as Token[]
  } catch {
    return markdown.trim()
  }
  if (origin) absoluteTokenLinks(tokens, origin)
  return blockText(tokens).join('\n\n').trim()
}

/**
 * The email for `unsubscribeUrl`: a real link (a test send, the preview) or UNSUBSCRIBE_TAGS for
 * a batch. The subject is made a header line here, once, whatever was typed.
 */
export function renderNewsletter(
  { subject, body }: { subject: string; body: string },
  footer: NewsletterFooter,
  unsubscribe: { text: string; html: string },
): RenderedNewsletter {
  const line = headerText(subject)
  const origin = siteUrl()
  const address = footer.postalAddress.split(/\r?\n/).map((part) => part.trim()).filter(Boolean)
  const html = emailFrame({
    title: line,
    masthead: footer.siteName,
    body: `<h1 style="${BODY_STYLES.h1}margin-top:0;">${escapeHtml(line)}</h1>
${inlineStyles(absoluteLinks(renderMarkdown(body), origin))}`,
    footer: `<p style="margin:0 0 8px;">${address.map(escapeHtml).join('<br>')}</p>
<p style="margin:0;">You receive this because you subscribed to ${escapeHtml(footer.siteName)}. <a href="${unsubscribe.html}" style="color:${COLORS.muted};text-decoration:underline;">Unsubscribe</a></p>`,
  })
  const text = [
    line,
    '',
    markdownToText(body, origin),
    '',
    '--',
    ...address,
    '',
    `You receive this because you subscribed to ${footer.siteName}.`,
    `Unsubscribe: ${unsubscribe.text}`,
  ].join('\n')
  return { subject: line, html, text }
}
