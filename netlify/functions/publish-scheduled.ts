import type { Config } from '@netlify/functions'
import { SYSTEM_ACTOR } from '#domain/activity.ts'
import { activity } from '#lib/data/activity.ts'
import { posts } from '#lib/data/posts.ts'
import { CACHE_TAGS, purgeCdn } from '#lib/http/cdn.ts'

/**
 * Scheduled every minute (never reachable by URL when deployed): publishes the scheduled posts
 * whose time has come. Until it has run they are absent from /blog, their page, the feed and the
 * sitemap, which all show published posts only; so a post appears at most a minute late, never early.
 */
export default async () => {
  const published = await posts.publishDue()
  if (published.length > 0) console.log('published:', JSON.stringify(published.map((post) => post.slug)))
  if (published.length > 0) await purgeCdn(CACHE_TAGS.posts)
  for (const post of published) {
    const changes = [`Scheduled for ${post.publishedAt}`]
    await activity.record(SYSTEM_ACTOR, { action: 'published', subject: 'post', recordId: post.id, label: post.title, changes })
  }
  return new Response(null, { status: 204 })
}

export const config: Config = { schedule: '* * * * *' }
