import { Marked, type TokenizerAndRendererExtension, type Tokens } from 'marked'
import sanitizeHtml from 'sanitize-html'
import type { BlogPost, RenderedPost } from '../../domain/blog-post'

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

/** Where the first line that starts with a marker begins, for marked's start hint. */
function firstEmojiLine(src: string): number | undefined {
  const starts = EMOJI_MARKERS.map((marker) => (src.startsWith(marker) ? 0 : src.indexOf(`\n${marker}`) + 1 || -1)).filter((at) => at >= 0)
  return starts.length > 0 ? Math.min(...starts) : undefined
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

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string
  return sanitizeHtml(html, SANITIZE)
}

/** A post as its public page shows it: the body rendered and sanitized. */
export function renderedPost(post: BlogPost): RenderedPost {
  return { ...post, html: renderMarkdown(post.content) }
}
