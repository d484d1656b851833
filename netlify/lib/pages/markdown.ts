import { Marked, type TokenizerAndRendererExtension, type Tokens } from 'marked'
import sanitizeHtml from 'sanitize-html'
import type { BlogPost, RenderedPost } from '#domain/blog-post.ts'
import { tameMarkdown } from './markdown-guard'

/**
 * Post bodies: headings 1-3, bold, italic, inline code, links in a new tab,
 * bullet and numbered lists, check (✅) and block (❌) emoji list items, paragraphs and line
 * breaks. Whatever marked produces then goes through an allowlist sanitizer, so
 * raw HTML in a post can format text but never run script.
 */
const EMOJI_MARKERS = ['✅', '☑️', '✔️', '❌', '🚫', '⛔']

/** The marker a line starts with and the rest of the line (string operations: no pattern to backtrack). */
function splitEmojiLine(line: string): { emoji: string; text: string } {
  const emoji = EMOJI_MARKERS.find((marker) => line.startsWith(marker)) ?? ''
  return { emoji, text: line.slice(emoji.length).trimStart() }
}

/**
 * Where the next line that starts with a marker begins, within the paragraph at the start of
 * `src`, for marked's start hint. It stops at the paragraph's end: marked asks again for every
 * paragraph, and a search to the end of the text each time would cost the square of its length.
 */
function firstEmojiLine(src: string): number | undefined {
  let lineStart = 0
  while (lineStart < src.length) {
    const next = src.indexOf('\n', lineStart)
    const line = src.slice(lineStart, next < 0 ? src.length : next)
    if (EMOJI_MARKERS.some((marker) => line.startsWith(marker))) return lineStart
    if (next < 0 || (lineStart > 0 && line.trim() === '')) return undefined
    lineStart = next + 1
  }
  return undefined
}

type EmojiListToken = Tokens.Generic & { items: { emoji: string; tokens: Tokens.Generic[] }[] }

const emojiList: TokenizerAndRendererExtension = {
  name: 'emojiList',
  level: 'block',
  start: firstEmojiLine,
  tokenizer(src) {
    const match = /^(?:(?:[✅❌🚫⛔]|☑️|✔️)[^\n]*(?:\n|$))+/u.exec(src)
    if (!match) return undefined
    const items = match[0]
      .trimEnd()
      .split('\n')
      .map((line) => {
        const { emoji, text } = splitEmojiLine(line.trim())
        return { emoji, tokens: this.lexer.inlineTokens(text) }
      })
    return { type: 'emojiList', raw: match[0], items } satisfies EmojiListToken
  },
  renderer(token) {
    const items = (token as EmojiListToken).items
      .map(({ emoji, tokens }) => {
        const kind = emoji === '✅' || emoji === '☑️' || emoji === '✔️' ? 'check' : 'block'
        return `<li class="emoji-item emoji-${kind}"><span class="emoji-marker" aria-hidden="true">${emoji}</span> ${this.parser.parseInline(tokens)}</li>`
      })
      .join('')
    return `<ul class="emoji-list">${items}</ul>`
  },
}

const marked = new Marked({ gfm: true, breaks: true, async: false })
marked.use({ extensions: [emojiList] })

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'code',
    'pre',
    'blockquote',
    'hr',
    'ul',
    'ol',
    'li',
    'a',
    'span',
    'img',
    'del',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'loading'],
    li: ['class'],
    ul: ['class'],
    span: ['class', 'aria-hidden'],
    ol: ['start'],
  },
  allowedClasses: {
    li: ['emoji-item', 'emoji-check', 'emoji-block'],
    ul: ['emoji-list'],
    span: ['emoji-marker'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    // Only three heading levels exist on the page: deeper ones read as level 3.
    h4: 'h3',
    h5: 'h3',
    h6: 'h3',
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
    }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  disallowedTagsMode: 'discard',
}

/**
 * Markdown to safe HTML. The text is first kept within marked's comfortable bounds
 * (markdown-guard.ts); should marked still fail, the post shows as plain paragraphs rather than
 * its page failing for every visitor.
 */
export function renderMarkdown(markdown: string): string {
  let html: string
  try {
    html = marked.parse(tameMarkdown(markdown)) as string
  } catch (error) {
    console.warn('markdown could not be rendered; showing it as text:', error instanceof Error ? error.message : error)
    html = markdown
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
      .join('')
  }
  return sanitizeHtml(html, SANITIZE)
}

/** Text made safe to place in HTML, inside an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!)
}

/** A post as its public page shows it: the body rendered and sanitized. */
export function renderedPost(post: BlogPost): RenderedPost {
  return { ...post, html: renderMarkdown(post.content) }
}
