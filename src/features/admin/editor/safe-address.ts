/**
 * The addresses a post may point to, for links and pictures: what the public page's sanitizer
 * keeps (netlify/lib/pages/markdown.ts), checked here too so the editor never holds one it would
 * drop. A path on this site ("/resources", "/media/…") or a full https address; links may also be
 * http and mailto. Anything else (javascript:, data:, a protocol-relative "//host", a backslash a
 * browser would read as one) is refused.
 */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])
const PICTURE_PROTOCOLS = new Set(['https:'])

/** Browsers drop tabs and line breaks inside an address before reading it: so do we. */
const normalise = (address: string) => address.replace(/[\t\n\r]/g, '').trim()

/** A path on this site: one slash, then not a second slash or backslash (which would name a host). */
const isSitePath = (address: string) => /^\/(?![/\\])/.test(address)

function allowed(address: string, protocols: Set<string>): string | null {
  const value = normalise(address)
  if (value === '') return null
  if (isSitePath(value)) return value
  try {
    const url = new URL(value)
    return protocols.has(url.protocol) ? value : null
  } catch {
    return null
  }
}

/** The link's address if a post may link to it, else null. */
export const safeLinkAddress = (address: string): string | null => allowed(address, LINK_PROTOCOLS)

/** The picture's address if a post may show it, else null. */
export const safePictureAddress = (address: string): string | null => allowed(address, PICTURE_PROTOCOLS)

/**
 * An address as she types it into the link box: "example.com/page" means https, a bare email
 * address means mailto. Null when it still is not one a post may link to.
 */
export function typedLinkAddress(typed: string): string | null {
  const value = normalise(typed)
  if (/^[^\s@/:]+@[^\s@/:.]+(?:\.[^\s@/:.]+)+$/.test(value)) return `mailto:${value}`
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('/')) return safeLinkAddress(value)
  return safeLinkAddress(`https://${value}`)
}
