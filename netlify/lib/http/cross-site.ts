import { HttpError } from './http-error'

/**
 * The cross-site rule (README, Security; docs/architecture.md, How a request flows). A page on
 * another site can make its visitors' browsers send requests here: JSON calls need this site's
 * permission first (a CORS preflight, which nothing here grants), but a plain form post, or a
 * `fetch` in `no-cors` mode with a text/plain, form or multipart body, goes out without asking.
 * Each such request comes from the visitor's own network, past every per-network limit, and a
 * body reader that ignored the declared type would read it like the site's own call.
 *
 * So every request that changes something passes two checks in the route wrapper (http.ts), before
 * any handler runs:
 * - requireSameOrigin: the browser's word on where the request comes from must be this site;
 * - requireAcceptedBody: a body may only be of a type the endpoint reads; JSON is read only when
 *   it says it is JSON, which a browser cannot say from another site without the preflight.
 */

export const BODY_TYPES = {
  json: 'application/json',
  /** What a browser's own form post sends (the no-JS booking and newsletter forms, one-click unsubscribe). */
  form: 'application/x-www-form-urlencoded',
  /** The other body RFC 8058 allows a mail provider's one-click unsubscribe to send. */
  multipart: 'multipart/form-data',
  /** A media part's raw bytes. */
  bytes: 'application/octet-stream',
} as const

export type BodyType = (typeof BODY_TYPES)[keyof typeof BODY_TYPES]

export const CROSS_SITE_MESSAGE = "This request came from another site. Only this site's own pages can send it."

/** The declared media type, lower-cased, without its parameters (`charset=…`); null when none is declared. */
export function mediaTypeOf(req: Request): string | null {
  const header = req.headers.get('content-type')
  if (header === null) return null
  const type = header.split(';', 1)[0]!.trim().toLowerCase()
  return type === '' ? null : type
}

/**
 * Whether a request's browser says it comes from this site. In order of trust:
 * - Sec-Fetch-Site (set by the browser; a page cannot forge it): `same-origin`, or `none`, which
 *   only a person's own action sends (an address typed in, a bookmark). `same-site` is a sibling
 *   host under the same registrable domain: on a shared hosting domain those are other people's
 *   sites, so it passes only when its Origin is this very host. `cross-site` never passes.
 * - Origin, from browsers without Sec-Fetch-Site: it must name this host; "null" (a sandboxed
 *   page, a redirect across sites, a local file) does not.
 * - Referer, when neither is sent: the same.
 * - None of them: not a browser. Server-to-server callers (SendGrid's event webhook, a mail
 *   provider's one-click unsubscribe, the site's own background calls, curl) send no such
 *   headers; they could send any body and header they like anyway, and no browser's visitor is
 *   behind them, so this check has nothing to protect from them.
 */
export function requireSameOrigin(req: Request): void {
  const site = req.headers.get('sec-fetch-site')
  if (site !== null) {
    const value = site.trim().toLowerCase()
    if (value === 'same-origin' || value === 'none') return
    if (value === 'same-site' && namesThisHost(req.headers.get('origin'), req)) return
    throw new HttpError(403, CROSS_SITE_MESSAGE)
  }
  const origin = req.headers.get('origin')
  if (origin !== null) {
    if (namesThisHost(origin, req)) return
    throw new HttpError(403, CROSS_SITE_MESSAGE)
  }
  const referer = req.headers.get('referer')
  if (referer !== null && !namesThisHost(referer, req)) throw new HttpError(403, CROSS_SITE_MESSAGE)
}

/**
 * An Origin or Referer on this request's own host (name and port). The scheme is not compared: the
 * same host over http is still this site, and a proxy in front of the function may report either.
 */
function namesThisHost(value: string | null, req: Request): boolean {
  if (value === null) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.host === new URL(req.url).host
  } catch {
    // "null" or not an address at all.
    return false
  }
}

/**
 * A body must be of a type the endpoint reads: JSON everywhere, and what `accepts` adds (a form
 * where a no-JS form posts, bytes for a media part). A request that declares no type passes here;
 * readBody then refuses it if the endpoint reads JSON, and an endpoint that reads no body ignores it.
 */
export function requireAcceptedBody(req: Request, accepts: readonly BodyType[]): void {
  const type = mediaTypeOf(req)
  if (type === null || type === BODY_TYPES.json || (accepts as readonly string[]).includes(type)) return
  throw new HttpError(415, unsupportedBodyMessage(accepts))
}

export function unsupportedBodyMessage(accepts: readonly BodyType[] = []): string {
  const types = [BODY_TYPES.json, ...accepts].join(' or ')
  return `This address reads ${types} only (send the matching Content-Type header).`
}
