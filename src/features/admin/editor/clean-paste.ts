import { safeLinkAddress, safePictureAddress } from './safe-address'

/**
 * What a paste from a document or a web page keeps: paragraphs and line breaks, headings (levels
 * 1-3; deeper ones become level 3, as on the public page), bold, italic, bulleted and numbered
 * lists, quotes, links and pictures, with their safe addresses. Everything else goes: styles,
 * classes, ids, scripts, frames, forms, media players and every event handler. Text inside
 * elements that are not kept stays, as plain text, except inside elements that only carry code
 * or hidden data (script, style, template, …), which go whole.
 *
 * Word processors mark bold and italic with styles rather than tags (Google Docs writes
 * `<span style="font-weight:700">` and wraps the whole paste in `<b style="font-weight:normal">`),
 * so those two styles are read before every style is dropped.
 *
 * The HTML is parsed into an inert document (DOMParser runs nothing and loads nothing), and the
 * result is built from scratch, element by element, from what is kept: nothing is copied over.
 */

/**
 * The pasted page's nodes are read through the DOM's own getters, never their properties: a
 * form in the paste can shadow a property with a field of that name (`<input name=localName>`
 * makes form.localName that input: "DOM clobbering"), and `<img name=body>` the document's body.
 */
function own<T>(proto: object, name: string): (node: unknown) => T {
  const get = Object.getOwnPropertyDescriptor(proto, name)!.get!
  return (node) => get.call(node) as T
}
const reader = () => ({
  body: own<HTMLElement | null>(Document.prototype, 'body'),
  children: own<NodeListOf<ChildNode>>(Node.prototype, 'childNodes'),
  type: own<number>(Node.prototype, 'nodeType'),
  text: own<string | null>(Node.prototype, 'textContent'),
  name: own<string>(Element.prototype, 'localName'),
  attribute: (element: Element, name: string) => Element.prototype.getAttribute.call(element, name),
})
let read: ReturnType<typeof reader> | undefined
const dom = () => (read ??= reader())

/** Dropped with everything inside them. */
const DROPPED = new Set([
  'script',
  'style',
  'dropped-script',
  'dropped-style',
  'template',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'param',
  'svg',
  'math',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'video',
  'audio',
  'source',
  'track',
  'canvas',
  'map',
  'area',
  'input',
  'select',
  'option',
  'textarea',
  'button',
  'dialog',
  'portal',
  'xml',
])

/** Kept as they are (without attributes). */
const KEPT = new Set(['p', 'br', 'h1', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'strong', 'em'])

const RENAMED: Record<string, string> = { b: 'strong', i: 'em', h4: 'h3', h5: 'h3', h6: 'h3' }

/** Blocks whose kind is not kept: their text stays in blocks of its own (a cell, a section). */
const NEUTRAL_BLOCKS = new Set([
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'address',
  'figure',
  'figcaption',
  'pre',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'dl',
  'dt',
  'dd',
  'center',
  'details',
  'summary',
  'fieldset',
  'legend',
  'form',
  'hr',
])

/** What the tag's style said of its weight (withoutInlineCode keeps it as data-pasted): bold, not bold, or nothing. */
function isBoldStyle(element: HTMLElement): boolean | undefined {
  const marks = (dom().attribute(element, 'data-pasted') ?? '').split(' ')
  if (marks.includes('pasted-bold')) return true
  if (marks.includes('pasted-normal')) return false
  return undefined
}

const isItalicStyle = (element: HTMLElement) => (dom().attribute(element, 'data-pasted') ?? '').split(' ').includes('pasted-italic')

/**
 * Control characters (Word writes a vertical tab for a line break) become spaces: a post's text
 * may hold line breaks and tabs but no other, and the form would refuse the whole body for one.
 */
export const withoutControlCharacters = (text: string) => text.replace(/(?![\t\n\r])\p{Cc}/gu, ' ')

export function cleanPastedHtml(html: string): string {
  const source = new DOMParser().parseFromString(withoutInlineCode(html), 'text/html')
  const out = source.createElement('div')
  const body = dom().body(source)
  if (body) copyChildren(body, out, source)
  return out.innerHTML
}

/**
 * The pasted HTML with its tags' event handlers (on…) and style attributes taken out, and its
 * style and script elements renamed, as text, before any parser sees it. Not a safety step (the cleaning below builds the result from scratch,
 * and nothing parsed here runs): Chromium reports every inline handler and style attribute it
 * parses against the page's security policy, even in an inert document, so a paste from a word
 * processor (a style on every span) would fill the console with refusals. A style that marks bold
 * or italic is kept as a class the cleaning reads instead.
 *
 * A small tokenizer of start tags: `<` and a letter opens one; inside, attributes are read with
 * the HTML rules (names up to whitespace, `/`, `=` or `>`; values quoted or up to whitespace or
 * `>`). Anything it misreads is still parsed and cleaned as usual, only with the report.
 */
export function withoutInlineCode(html: string): string {
  let out = ''
  let i = 0
  while (i < html.length) {
    const open = html.indexOf('<', i)
    if (open < 0 || open + 1 >= html.length) return out + html.slice(i)
    out += html.slice(i, open)
    // A style or script element is reported when parsed, like a style attribute: renamed, it
    // parses as an element of no meaning (and is dropped whole, see DROPPED).
    const closing = /^<\/(style|script)(?=[\s/>])/i.exec(html.slice(open, open + 9))
    if (closing) {
      out += `</dropped-${closing[1]!.toLowerCase()}`
      i = open + closing[0].length
      continue
    }
    if (!/[a-z]/i.test(html[open + 1]!)) {
      out += '<'
      i = open + 1
      continue
    }
    // The tag's name.
    let j = open + 1
    while (j < html.length && !/[\s/>]/.test(html[j]!)) j++
    const tag = html.slice(open + 1, j).toLowerCase()
    out += tag === 'style' || tag === 'script' ? `<dropped-${tag}` : html.slice(open, j)
    // Its attributes, up to the closing `>`.
    while (j < html.length && html[j] !== '>') {
      const start = j
      while (j < html.length && /[\s/]/.test(html[j]!)) j++
      const nameStart = j
      while (j < html.length && !/[\s/>=]/.test(html[j]!)) j++
      const name = html.slice(nameStart, j).toLowerCase()
      let k = j
      while (k < html.length && /\s/.test(html[k]!)) k++
      let value = ''
      if (html[k] === '=') {
        k++
        while (k < html.length && /\s/.test(html[k]!)) k++
        const quote = html[k]
        if (quote === '"' || quote === "'") {
          const close = html.indexOf(quote, k + 1)
          const end = close < 0 ? html.length : close + 1
          value = html.slice(k + 1, end - 1)
          k = end
        } else {
          const valueStart = k
          while (k < html.length && !/[\s>]/.test(html[k]!)) k++
          value = html.slice(valueStart, k)
        }
        j = k
      }
      if (j === start) {
        j++ // a character no rule above takes: keep going
        continue
      }
      if (name.startsWith('on')) continue
      if (name === 'style') {
        const marks = [
          /font-weight\s*:\s*(?:bold|[6-9]00)/i.test(value) && 'pasted-bold',
          /font-style\s*:\s*italic/i.test(value) && 'pasted-italic',
        ]
        const normal = /font-weight\s*:\s*(?:normal|[1-4]00)/i.test(value) && 'pasted-normal'
        const classes = [...marks, normal].filter(Boolean)
        if (classes.length > 0) out += ` data-pasted="${classes.join(' ')}"`
        continue
      }
      // A handler or style written inside a value (a title, an alt) may be a tag to the browser,
      // whose reading of broken markup differs from this one's: it is renamed, so no parser sees it.
      out += html.slice(start, j).replace(/([\s/"'`=])((?:on[a-z]+|style)\s*=)/gi, '$1data-dropped-$2')
    }
    if (j < html.length) out += '>'
    i = j + 1
  }
  return out
}

function copyChildren(from: Node, to: Node, doc: Document) {
  for (const child of Array.from(dom().children(from))) copyNode(child, to, doc)
}

function copyNode(node: Node, to: Node, doc: Document) {
  const type = dom().type(node)
  if (type === 3) {
    to.appendChild(doc.createTextNode(withoutControlCharacters(dom().text(node) ?? '')))
    return
  }
  if (type !== 1) return // comments (Word's conditional ones too), processing instructions
  const element = node as HTMLElement
  // localName keeps a namespace prefix (Word's <o:p>): such elements are not HTML's and are unwrapped.
  const tag = dom().name(element).toLowerCase()
  if (DROPPED.has(tag)) return

  if (tag === 'a') {
    const href = safeLinkAddress(dom().attribute(element, 'href') ?? '')
    if (!href) return copyChildren(element, to, doc)
    const link = doc.createElement('a')
    link.setAttribute('href', href.replace(/ /g, '%20'))
    copyChildren(element, styled(element, link, doc), doc)
    to.appendChild(link)
    return
  }
  if (tag === 'img') {
    const src = safePictureAddress(dom().attribute(element, 'src') ?? '')
    if (!src) return
    const picture = doc.createElement('img')
    picture.setAttribute('src', src.replace(/ /g, '%20'))
    picture.setAttribute(
      'alt',
      withoutControlCharacters(dom().attribute(element, 'alt') ?? '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    to.appendChild(picture)
    return
  }
  if (tag === 'ol') {
    const list = doc.createElement('ol')
    const start = Number(dom().attribute(element, 'start'))
    if (Number.isInteger(start) && start > 1 && start < 1_000_000) list.setAttribute('start', String(start))
    copyChildren(element, list, doc)
    to.appendChild(list)
    return
  }

  const kept = KEPT.has(tag) ? tag : RENAMED[tag]
  // A bold tag whose style says "not bold" (Google Docs' wrapper) is no bold at all.
  const unbolded = kept === 'strong' && isBoldStyle(element) === false
  if (kept && !unbolded) {
    const copy = doc.createElement(kept)
    copyChildren(element, styled(element, copy, doc), doc)
    to.appendChild(picturesAlone(copy) ?? copy)
    return
  }
  if (NEUTRAL_BLOCKS.has(tag)) {
    const block = doc.createElement('div')
    copyChildren(element, styled(element, block, doc), doc)
    to.appendChild(picturesAlone(block) ?? block)
    return
  }
  // Any other element (span, font, u, code, …): its text stays, with bold or italic its style gave it.
  const holder = doc.createDocumentFragment()
  copyChildren(element, styled(element, holder, doc), doc)
  to.appendChild(holder)
}

/**
 * A paragraph that holds only pictures is the pictures themselves: a picture is a block of its
 * own in a post, and the paragraph around it would be left behind as an empty line.
 */
function picturesAlone(block: Element): DocumentFragment | undefined {
  if (block.localName !== 'p' && block.localName !== 'div') return undefined
  const pictures = block.querySelectorAll('img')
  if (pictures.length === 0 || (block.textContent ?? '').trim() !== '') return undefined
  const fragment = block.ownerDocument.createDocumentFragment()
  pictures.forEach((picture) => fragment.appendChild(picture))
  return fragment
}

/**
 * Where an element's children go: inside <strong> and/or <em> when its style makes them bold or
 * italic, else straight into `into`.
 */
function styled(element: HTMLElement, into: Node, doc: Document): Node {
  let target = into
  const tag = dom().name(element).toLowerCase()
  if (isBoldStyle(element) && tag !== 'strong' && tag !== 'b' && !/^h[1-6]$/.test(tag)) {
    const strong = doc.createElement('strong')
    target.appendChild(strong)
    target = strong
  }
  if (isItalicStyle(element) && tag !== 'em' && tag !== 'i') {
    const em = doc.createElement('em')
    target.appendChild(em)
    target = em
  }
  return target
}
