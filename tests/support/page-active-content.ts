/**
 * Everything in a whole page that could run script, read the way a browser reads it: elements that
 * load or run something, handler and srcdoc attributes, and addresses with a protocol other than
 * http(s), mailto or tel. The page's own scripts pass: its modules from /assets/, JSON-LD that
 * still parses (a payload that broke out of it would not), and the app's data block, likewise.
 *
 * Self-contained (no imports, nothing from outside its body): browser tests run it inside the page
 * (`inPage`), function tests on the server's HTML parsed with jsdom.
 */
export function pageActiveContent(doc: Document, dataBlockId: string): string[] {
  const found: string[] = []
  const safeProtocols = ['http:', 'https:', 'mailto:', 'tel:']
  const parses = (text: string) => {
    try {
      JSON.parse(text)
      return true
    } catch {
      return false
    }
  }
  for (const node of doc.querySelectorAll('*')) {
    const tag = node.tagName.toLowerCase()
    if (['iframe', 'object', 'embed', 'frame', 'base', 'template', 'foreignobject', 'animate', 'set'].includes(tag)) found.push(`<${tag}>`)
    if (tag === 'meta' && node.getAttribute('http-equiv')) found.push('<meta http-equiv>')
    if (tag === 'script') {
      const type = node.getAttribute('type')
      const src = node.getAttribute('src')
      const json = type === 'application/ld+json' || (type === 'application/json' && node.id === dataBlockId)
      const ours = (type === 'module' && src?.startsWith('/assets/')) || json
      if (!ours) found.push(`<script type=${type} src=${src}>`)
      if (json && !parses(node.textContent ?? '')) found.push(`${type} that does not parse (broken out of?)`)
    }
    for (const attr of node.attributes) {
      if (/^on/i.test(attr.name) || attr.name === 'srcdoc' || attr.name === 'formaction') found.push(`<${tag} ${attr.name}>`)
      if (/^(?:href|src|action|data|xlink:href|poster|background)$/i.test(attr.name)) {
        const protocol = new URL(attr.value, doc.baseURI).protocol
        if (!safeProtocols.includes(protocol)) found.push(`<${tag} ${attr.name}="${attr.value.slice(0, 60)}">`)
      }
    }
  }
  return found
}

/** The same check as a script for `page.evaluate`, run on the page's own document. */
export const inPage = (dataBlockId: string) => `(${pageActiveContent.toString()})(document, ${JSON.stringify(dataBlockId)})`
