import { cacheHeaders, DAY, YEAR } from '@netlify/cache'
import { purgeCache } from '@netlify/functions'
import { env } from './env'

/**
 * Public answers are kept by Netlify's CDN and purged by tag when a write changes what they show,
 * so visitors reach a function only after a change. Browsers are told to revalidate each time
 * (Cache-Control, with the ETag: a 304 costs no body); the CDN alone keeps the copy, under its own
 * header. Every answer built from a kind of record carries that record's tag:
 * - `posts`: the post list and each post (JSON and page), a former address's redirect, the feed
 *   and the sitemap; purged by every post write and by scheduled publishing;
 * - `content`: the site texts, and what shows them (post pages and the feed name the site);
 * - `resources`: the public resource list;
 * - the About, Resources and Blog pages, rendered on request with the texts and their list, carry
 *   `content` and the tag of their list;
 * - `media`: the library's files, which never change under their id: kept a year, purged when
 *   one is deleted.
 * A new deploy revalidates everything (templates and code change with it). The CDN copy also
 * expires after a day, a safety net should a purge ever fail.
 */
export const CACHE_TAGS = { posts: 'posts', content: 'content', resources: 'resources', media: 'media' } as const
export type CacheTag = (typeof CACHE_TAGS)[keyof typeof CACHE_TAGS]

/**
 * The CDN's caching headers for an answer built from these kinds of records. `query` names the
 * only query parameters that make a different answer (any other one is the same copy).
 */
export function cdnCacheHeaders(tags: readonly CacheTag[], query?: string[]): Record<string, string> {
  return cacheHeaders({ durable: true, ttl: DAY, tags: [...tags], ...(query && { vary: { query } }) })
}

/** A library file's CDN headers: its bytes never change under its id, so the copy is kept a year. */
export function mediaCacheHeaders(): Record<string, string> {
  return cacheHeaders({ durable: true, ttl: YEAR, tags: [CACHE_TAGS.media] })
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
