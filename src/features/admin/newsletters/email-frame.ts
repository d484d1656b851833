/**
 * The email preview's frame and the admin's Content-Security-Policy. A srcdoc frame inherits the
 * admin page's policy (style-src 'self'), which refuses an email's inline styles and <style>
 * block: the preview would show the words without the email's look, and log a refusal for each.
 * Styles set through the CSSOM are not subject to the policy, so the email goes into the frame
 * without them (`withoutStyles`) and they are applied from here once it has loaded (`applyStyles`),
 * property by property (Chrome refuses a whole cssText, as it would the attribute).
 * The frame may run nothing (sandbox without allow-scripts); allow-same-origin only lets this page
 * reach into it to set the styles.
 */
const KEPT = 'data-email-style'

export type UnstyledEmail = { html: string; css: string }

/**
 * The email's HTML with each style attribute parked in a data attribute and its style blocks taken
 * out. By plain text operations: a document parsed here (DOMParser) would be held to the admin's
 * policy too, and refuse the same styles. The email is built by the server, which escapes the
 * quotes of every text it holds, so ` style="` only ever starts an attribute.
 */
export function withoutStyles(html: string): UnstyledEmail {
  const sheets: string[] = []
  let rest = html
  let kept = ''
  for (let open = rest.indexOf('<style'); open !== -1; open = rest.indexOf('<style')) {
    const body = rest.indexOf('>', open) + 1
    const close = rest.indexOf('</style>', body)
    if (body === 0 || close === -1) break
    sheets.push(rest.slice(body, close))
    kept += rest.slice(0, open)
    rest = rest.slice(close + '</style>'.length)
  }
  return { html: (kept + rest).split(' style="').join(` ${KEPT}="`), css: sheets.join('\n') }
}

/** Applies the parked styles inside the loaded frame, through the CSSOM. */
export function applyStyles(frame: HTMLIFrameElement, css: string): void {
  const doc = frame.contentDocument
  const view = frame.contentWindow as (Window & typeof globalThis) | null
  if (!doc || !view) return
  for (const element of doc.querySelectorAll<HTMLElement>(`[${KEPT}]`)) {
    // One property at a time: Chrome refuses cssText, as it would the attribute.
    for (const [name, value, priority] of declarations(element.getAttribute(KEPT) ?? '')) element.style.setProperty(name, value, priority)
  }
  if (css) {
    const sheet = new view.CSSStyleSheet()
    sheet.replaceSync(css)
    doc.adoptedStyleSheets = [sheet]
  }
}

/** The declarations of a style attribute: `name: value [!important]`, split on the semicolons between them. */
export function declarations(style: string): [name: string, value: string, priority: string][] {
  const found: [string, string, string][] = []
  for (const part of splitOnSemicolons(style)) {
    const colon = part.indexOf(':')
    if (colon < 1) continue
    const name = part.slice(0, colon).trim().toLowerCase()
    let value = part.slice(colon + 1).trim()
    const important = value.toLowerCase().endsWith('!important')
    if (important) value = value.slice(0, -'!important'.length).trimEnd()
    if (name && value) found.push([name, value, important ? 'important' : ''])
  }
  return found
}

/** A semicolon inside quotes or parentheses (a font name, a url()) does not end a declaration. */
function splitOnSemicolons(style: string): string[] {
  const parts: string[] = []
  let quote = ''
  let depth = 0
  let start = 0
  for (let i = 0; i < style.length; i++) {
    const char = style[i]
    if (quote) {
      if (char === quote) quote = ''
    } else if (char === '"' || char === "'") quote = char
    else if (char === '(') depth++
    else if (char === ')') depth = Math.max(0, depth - 1)
    else if (char === ';' && depth === 0) {
      parts.push(style.slice(start, i))
      start = i + 1
    }
  }
  parts.push(style.slice(start))
  return parts
}
