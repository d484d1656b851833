import { Extension, type AnyExtension, type JSONContent } from '@tiptap/core'
import Image from '@tiptap/extension-image'
import Link from '@tiptap/extension-link'
import Paragraph from '@tiptap/extension-paragraph'
import { Markdown, MarkdownManager } from '@tiptap/markdown'
import { Plugin } from '@tiptap/pm/state'
import StarterKit from '@tiptap/starter-kit'
import { cleanPastedHtml, withoutControlCharacters } from './clean-paste'
import { safeLinkAddress, safePictureAddress } from './safe-address'

/**
 * Raw HTML in a stored post (the old text box let anyone type it) is read through the paste
 * cleaning before the editor's schema parses it. Left to itself, the markdown bridge parses it
 * as it is, in the page: Chromium reports every handler and style in it against the page's
 * policy, and a form field named like a DOM property (`<input name=nodeName>`) broke the bridge
 * and left the editor empty. Cleaned, `<b>x</b>` still reads as bold and a payload as nothing.
 * Text that only looks like a tag (`<enter your name>`) stays text, as the bridge decides.
 * `parseHTMLToken` is the bridge's own step for this (not in its typings): checked by
 * tests/functions/post-editor.test.ts, which opens posts holding the whole XSS corpus.
 */
type HtmlToken = { text?: string; raw?: string; block?: boolean }
type HtmlReader = { parseHTMLToken(token: HtmlToken): unknown; isUnrecognizedHtml(html: string): boolean }
const bridge = MarkdownManager.prototype as unknown as HtmlReader
const readHtml = bridge.parseHTMLToken
bridge.parseHTMLToken = function (this: HtmlReader, token: HtmlToken) {
  const html = token.text || token.raw || ''
  if (!html.trim() || this.isUnrecognizedHtml(html)) return readHtml.call(this, token)
  const cleaned = cleanPastedHtml(html)
  return readHtml.call(this, { ...token, text: cleaned, raw: cleaned })
}

/**
 * What the post editor's document can hold, and how it reads and writes the stored text.
 *
 * The stored format stays markdown (docs/architecture.md, The text editor): the toolbar's
 * blocks and marks, plus what older posts may already use and the public page renders (inline
 * code, code blocks, struck text, a rule), so that opening such a post loses nothing. Underline
 * is left out: the public page has none.
 */
export function editorExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      paragraph: false,
      underline: false,
      heading: { levels: [1, 2, 3] },
      link: false,
    }),
    SafeLink.configure({
      openOnClick: false,
      // No links made while typing: Tiptap then makes a link grow with what is typed right after
      // it, so the full stop after a link became part of it. A pasted address still becomes a link.
      autolink: false,
      linkOnPaste: true,
      defaultProtocol: 'https',
      // Links as they are kept in the document: the page adds its own target and rel.
      HTMLAttributes: { target: null, rel: null },
      isAllowedUri: (url) => safeLinkAddress(url) !== null,
    }),
    SafeParagraph,
    Picture.configure({ inline: false, allowBase64: false }),
    Markdown.configure({ markedOptions: { gfm: true } }),
    PasteCleaning,
  ]
}

/** Every paste (or drop of HTML) is cleaned to what a post may hold before the editor reads it. */
const PasteCleaning = Extension.create({
  name: 'pasteCleaning',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        props: {
          transformPastedHTML: (html) => cleanPastedHtml(html),
          transformPastedText: (text) => withoutControlCharacters(text),
        },
      }),
    ]
  },
})

/**
 * A line of text that starts like a block ("# ", "- ", "1. ", "> ") would become a heading, a
 * list or a quote when the post is read again: such a start is escaped, on every line of a
 * paragraph (a post's single line breaks are kept as they are).
 */
export function escapeBlockStarts(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line
        .replace(/^(\s{0,3})(#{1,6})(?=\s|$)/, '$1\\$2')
        .replace(/^(\s{0,3})([-+*])(?=\s)/, '$1\\$2')
        .replace(/^(\s{0,3})(\d{1,9})([.)])(?=\s|$)/, '$1$2\\$3')
        .replace(/^(\s{0,3})>/, '$1\\>')
        .replace(/^(\s{0,3})(=+|-+)(\s*)$/, '$1\\$2$3'),
    )
    .join('\n')
}

const SafeParagraph = Paragraph.extend({
  renderMarkdown(node, helpers, context) {
    const text = this.parent?.(node, helpers, context) ?? ''
    return escapeBlockStarts(text)
  },
})

/**
 * A link in the stored text to an address a post may not use (javascript:, data:, …) is read as
 * its words alone: the editor never holds it, so an edited post never writes it back.
 */
const SafeLink = Link.extend({
  parseMarkdown(token, helpers) {
    const words = helpers.parseInline(token.tokens ?? [])
    const href = typeof token.href === 'string' ? safeLinkAddress(token.href) : null
    return href ? helpers.applyMark('link', words, { href, title: token.title || null }) : words
  },
  renderMarkdown(node, helpers) {
    const href = escapeAddress(String(node.attrs?.href ?? ''))
    const title = String(node.attrs?.title ?? '')
    const words = helpers.renderChildren(node)
    return title ? `[${words}](${href} "${title.replace(/"/g, '\\"')}")` : `[${words}](${href})`
  },
})

/** Characters that would end the alternative text or the address early in `![alt](address)`. */
const escapeAlt = (alt: string) => alt.replace(/[\\[\]]/g, '\\$&').replace(/\s+/g, ' ')
const escapeAddress = (address: string) => address.replace(/[\s<>]/g, (c) => encodeURIComponent(c))
/** A picture's address also has its brackets encoded (an upload's name may hold one). */
const escapePictureAddress = (address: string) => escapeAddress(address).replace(/\(/g, '%28').replace(/\)/g, '%29')

/** Pictures: only safe addresses are read in, and the alternative text is escaped on the way out. */
const Picture = Image.extend({
  parseMarkdown(token, helpers) {
    const src = typeof token.href === 'string' ? safePictureAddress(token.href) : null
    // A picture at an address a post may not show is left out (the public page drops it too).
    if (!src) return []
    return helpers.createNode('image', { src, title: token.title || null, alt: token.text ?? '' })
  },
  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (element) => (safePictureAddress((element as HTMLElement).getAttribute('src') ?? '') ? null : false),
      },
    ]
  },
  renderMarkdown(node: JSONContent) {
    const src = escapePictureAddress(String(node.attrs?.src ?? ''))
    const alt = escapeAlt(String(node.attrs?.alt ?? ''))
    const title = String(node.attrs?.title ?? '')
    return title ? `![${alt}](${src} "${title.replace(/"/g, '\\"')}")` : `![${alt}](${src})`
  },
})

/**
 * The document's text as stored: the editor's markdown without the blank lines it leaves after
 * a last list, quote or picture (the form trims them anyway).
 */
export function storedText(markdown: string): string {
  return markdown.trimEnd()
}
