import { HttpError, readLimitedText } from './http'

/**
 * A form the browser posts itself (the page's code has not started, or JavaScript is off) arrives
 * form-encoded, and expects a page in answer rather than JSON. The page's code always sends JSON.
 */
export function isFormPost(req: Request): boolean {
  const type = req.headers.get('content-type') ?? ''
  return /^application\/x-www-form-urlencoded\s*(?:;|$)/i.test(type)
}

/**
 * Unlike a JSON call, a form post needs no permission from this site to be sent from another one.
 * A page elsewhere could then make each of its visitors post to our forms, every visitor from a
 * network of her own, which the per-network limits would not see. Browsers say where a request
 * comes from (Sec-Fetch-Site, else Origin): a post from another site is refused. Callers that are
 * not browsers send neither, and could post the same as JSON anyway.
 */
export function requireSameSiteForm(req: Request): void {
  const site = req.headers.get('sec-fetch-site')
  if (site !== null) {
    if (site === 'same-origin' || site === 'same-site') return
    throw new HttpError(403, 'Forms can only be sent from this site')
  }
  const origin = req.headers.get('origin')
  if (origin === null) return
  let host: string | null = null
  try {
    host = new URL(origin).host
  } catch {
    // "null" (a sandboxed page, a redirect across sites) or garbage: not this site.
  }
  if (host !== new URL(req.url).host) throw new HttpError(403, 'Forms can only be sent from this site')
}

/**
 * The posted fields named in `names`, each its first value as typed (a field sent twice counts
 * once; any other field is ignored). Bounded like every body.
 */
export async function readFormFields<N extends string>(req: Request, names: readonly N[]): Promise<Partial<Record<N, string>>> {
  const params = new URLSearchParams(await readLimitedText(req))
  const fields: Partial<Record<N, string>> = Object.create(null) as Partial<Record<N, string>>
  for (const name of names) {
    const value = params.get(name)
    if (value !== null) fields[name] = value
  }
  return fields
}
