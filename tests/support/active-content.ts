import { JSDOM } from 'jsdom'

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'background', 'poster', 'data'])
const ACTIVE_ELEMENTS = new Set(['script', 'iframe', 'object', 'embed', 'frame', 'style', 'link', 'meta', 'base', 'form', 'svg', 'math'])

/**
 * Everything in an HTML fragment that could run script once a browser parses it: parsed with a
 * spec-compliant HTML parser and URLs resolved with the WHATWG URL parser, as a browser would,
 * so escaped text ("&lt;img onerror=...&gt;") is not mistaken for markup, and a URL that only
 * looks harmless (" javascript:", "java&#x09;script:") is not mistaken for a safe one.
 */
export function activeContent(html: string): string[] {
  const problems: string[] = []
  for (const element of JSDOM.fragment(html).querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase()
    if (ACTIVE_ELEMENTS.has(tag)) problems.push(`<${tag}> element`)
    for (const { name, value } of Array.from(element.attributes)) {
      if (/^on/i.test(name) || name === 'srcdoc' || name === 'style') problems.push(`${name} attribute on <${tag}>`)
      if (URL_ATTRIBUTES.has(name) && !SAFE_PROTOCOLS.has(new URL(value, 'https://site.test.example/').protocol)) {
        problems.push(`${name}=${JSON.stringify(value)} on <${tag}>`)
      }
    }
  }
  return problems
}
