import type { Config } from '@netlify/functions'
import { SYSTEM_ACTOR } from '#domain/activity.ts'
import { posts } from '#lib/data/posts.ts'

/**
 * Scheduled every minute (never reachable by URL when deployed): publishes the scheduled posts
 * whose time has come. Until it has run they are absent from /blog, their page, the feed and the
 * sitemap, which all show published posts only; so a post appears at most a minute late, never early.
 */
export default async () => {
  const published = await posts.publishDue(new Date(), { by: SYSTEM_ACTOR })
  if (published.length > 0) console.log('published:', JSON.stringify(published.map((post) => post.slug)))
  return new Response(null, { status: 204 })
}

export const config: Config = { schedule: '* * * * *' }
