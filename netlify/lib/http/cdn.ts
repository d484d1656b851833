import { cacheHeaders, DAY, YEAR } from '@netlify/cache'
import { purgeCache } from '@netlify/functions'
import { env } from '#lib/config/env.ts'

/**
 * Public answers are kept by Netlify's CDN and purged by tag when a write changes what they show,
 * so visitors reach a function only after a change. Browsers are told to revalidate each time
 * (Cache-Control, with the ETag: a 304 costs no body); the CDN alone keeps the copy, under its own
 * header. Every answer built from a kind of record carries that record's tag:
 * - `posts`: the post list and each post (JSON and page), a former address's redirect, the feed
 *   and the sitemap; purged by every post write and by scheduled publishing;
 * - `content`: the site texts, and what shows them (post pages and the feed name the site);
 * - `resources`: the public resource list;
 * - the public pages, rendered on request with the texts, carry `content`, and Resources and Blog
 *   the tag of their list too (the 404 page is kept by no cache);
 * - `availability`: Book Now, drawn with the services that can be booked online; purged when she
 *   saves her availability;
 * - `media`: the library's files, which never change under their id: kept a year, purged when
 *   one is deleted.
 * A new deploy revalidates everything (templates and code change with it). The CDN copy also
 * expires after a day, a safety net should a purge ever fail.
 *
 * The cache key. Without a Netlify-Vary header the CDN keys a function's answer by its whole
 * query string, so every `utm_source`, `fbclid` or made-up parameter would make one more function
 * run and one more copy kept for a day (a newsletter's tracked links would all miss). So every
 * kept answer names the query parameters it is built from, none included (`query=`): any other
 * parameter reaches the same copy. docs/architecture.md, The cache key.
 */
export const CACHE_TAGS = {
  posts: 'posts',
  content: 'content',
  resources: 'resources',
  media: 'media',
  availability: 'availability',
} as const
export type CacheTag = (typeof CACHE_TAGS)[keyof typeof CACHE_TAGS]

/**
 * How the CDN keeps an answer: the tags that purge it, and every query parameter the function
 * reads to build it (an empty list when it reads none). Both are required, so a new endpoint
 * cannot be kept by the CDN without saying which parameters make a different answer.
 */
export type CdnKey = { readonly tags: readonly CacheTag[]; readonly query: readonly string[] }

/** A parameter name as it may stand in the header: the header's own separators could not be told apart. */
const QUERY_NAME = /^[\w-]{1,40}$/

/**
 * `Netlify-Vary: query=a|b`, and `query=` when the answer reads no parameter: the copy then stands
 * for the address with any query string. Written here rather than left to @netlify/cache, whose
 * `vary.query` also takes `true` (every parameter, the CDN's own default) and whose output for an
 * empty list is a detail of its version; tests/functions/cdn-cache.test.ts holds every kept answer
 * to this header.
 */
export function netlifyVary(query: readonly string[]): Record<string, string> {
  for (const name of query) if (!QUERY_NAME.test(name)) throw new TypeError(`not a query parameter name: ${name}`)
  return { 'Netlify-Vary': `query=${query.join('|')}` }
}

/** The CDN's caching headers for an answer built from these kinds of records and these query parameters. */
export function cdnCacheHeaders({ tags, query }: CdnKey): Record<string, string> {
  return { ...cacheHeaders({ durable: true, ttl: DAY, ...(tags.length > 0 && { tags: [...tags] }) }), ...netlifyVary(query) }
}

/**
 * An answer the CDN keeps a short while only and purges by no tag (the free booking times, which
 * change as time passes and as people book): `seconds` at most, keyed by these query parameters.
 */
export function briefCdnHeaders(seconds: number, query: readonly string[]): Record<string, string> {
  return { ...cacheHeaders({ durable: true, ttl: seconds }), ...netlifyVary(query) }
}

/** A library file's CDN headers: its bytes never change under its id, so the copy is kept a year. It reads no query. */
export function mediaCacheHeaders(): Record<string, string> {
  return { ...cacheHeaders({ durable: true, ttl: YEAR, tags: [CACHE_TAGS.media] }), ...netlifyVary([]) }
}

/**
 * The values of the parameters an answer is keyed by, and whether the address names them in their
 * one written form. The CDN keys a copy by the parameter as the address spells it, and nobody says
 * whether it decodes `%65` before it compares, takes `+` for a space, or tells `TAG` from `tag`;
 * the function reads the decoded first value. So an answer kept by the CDN is made only for the one
 * spelling under which key and content cannot disagree: each name at most once, written as it is,
 * its value as encodeURIComponent writes it (never a `+`). Any other spelling is sent there
 * (`canonicalRedirect`), uncached, so neither a copy per spelling nor a copy under another
 * parameter's key can be made.
 */
export type KeyedQuery = { values: Map<string, string>; canonical: string | null }

export function keyedQuery(url: URL, names: readonly string[]): KeyedQuery {
  const values = new Map<string, string>()
  let written = true
  const rest: string[] = []
  for (const pair of url.search.slice(1).split('&')) {
    if (pair === '') continue
    const cut = pair.indexOf('=')
    const rawName = cut === -1 ? pair : pair.slice(0, cut)
    const rawValue = cut === -1 ? '' : pair.slice(cut + 1)
    const name = decodePart(rawName)
    const keyed = names.find((known) => known === name || known === name?.toLowerCase().trim())
    if (!keyed) {
      rest.push(pair)
      continue
    }
    const value = decodePart(rawValue)
    // The first one wins, as URLSearchParams.get reads it.
    const first = !values.has(keyed)
    // An empty value reads as no value (`?tag=` is the whole list): it goes, rather than keep a second copy.
    if (first && value) values.set(keyed, value)
    if (!first || !value || cut === -1 || rawName !== keyed || rawValue !== encodeURIComponent(value)) written = false
  }
  if (written) return { values, canonical: null }
  const keyedPairs = names.filter((name) => values.has(name)).map((name) => `${name}=${encodeURIComponent(values.get(name)!)}`)
  const search = [...keyedPairs, ...rest].join('&')
  return { values, canonical: `${url.pathname}${search ? `?${search}` : ''}` }
}

/** A query part as URLSearchParams reads it (`+` is a space), or undefined when it is not valid percent-encoding. */
function decodePart(part: string): string | undefined {
  try {
    return decodeURIComponent(part.replaceAll('+', ' '))
  } catch {
    return undefined
  }
}

/**
 * The one spelling of a kept answer's path: no trailing or doubled slash, lower case (every kept
 * address of this site is). Servers route `/about/`, `/ABOUT` and `/blog/x//` to the same function,
 * and the CDN would keep each as a copy of its own; so each is sent to the plain path instead.
 */
export function plainPathRedirect(url: URL, headers: Record<string, string>): Response | null {
  let plain = url.pathname.replace(/\/{2,}/g, '/').toLowerCase()
  if (plain.length > 1 && plain.endsWith('/')) plain = plain.slice(0, -1)
  return plain === url.pathname ? null : canonicalRedirect(`${plain}${url.search}`, headers)
}

/**
 * The redirect to the one spelling of the address: permanent (308, any method), and kept by no
 * cache, since each spelling would be a copy of its own.
 */
export function canonicalRedirect(location: string, headers: Record<string, string>): Response {
  return new Response(null, { status: 308, headers: { ...headers, Location: location, 'Cache-Control': 'no-store' } })
}

/**
 * Purges the CDN's copies of every answer with one of these tags; after a write that worked. A
 * site without a purge token (local runs and tests; Netlify sets one for deployed functions) has
 * no CDN copies to purge. A failed purge is logged, never reported as a failed write: the write
 * happened, and the copies expire within a day.
 */
export async function purgeCdn(...tags: CacheTag[]): Promise<void> {
  if (!env('NETLIFY_PURGE_API_TOKEN')) return
  try {
    await purgeCache({ tags })
  } catch (error) {
    console.error('could not purge the CDN cache:', tags.join(', '), error)
  }
}
