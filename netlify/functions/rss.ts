import type { Config } from '@netlify/functions'
import { PAGES, postPath } from '#domain/route-map.ts'
import { excerptOf } from '#domain/text.ts'
import { rss as rssContract } from '#domain/api/pages.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { posts } from '#lib/data/posts.ts'
import { escapeXml } from '#lib/pages/seo.ts'
import { siteName } from '#lib/pages/site-name.ts'
import { siteUrl } from '#lib/config/site-url.ts'
import { xmlResponse } from '#lib/http/xml.ts'
import { CACHE_TAGS } from '#lib/http/cdn.ts'

const FEED_SIZE = 50

/** GET /rss.xml: RSS 2.0 of the latest published posts, built from the stored data on each request. */
export default endpoint(rssContract, {
  GET: async ({ req }) => {
    const base = siteUrl()
    const [published, name] = await Promise.all([posts.listPublished(), siteName()])
    const items = published.slice(0, FEED_SIZE).map((post) => {
      const link = `${base}${postPath(post.slug)}`
      return [
        '    <item>',
        `      <title>${escapeXml(post.title)}</title>`,
        `      <link>${escapeXml(link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `      <pubDate>${new Date(post.publishedAt ?? post.createdAt).toUTCString()}</pubDate>`,
        `      <description>${escapeXml(excerptOf(post))}</description>`,
        ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
        '    </item>',
      ].join('\n')
    })
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
      '  <channel>',
      `    <title>${escapeXml(name)} Blog</title>`,
      `    <link>${escapeXml(`${base}${PAGES.blog.path}`)}</link>`,
      `    <description>${escapeXml('Practical, faith-rooted encouragement for your family’s finances.')}</description>`,
      '    <language>en-us</language>',
      `    <atom:link href="${escapeXml(`${base}/rss.xml`)}" rel="self" type="application/rss+xml" />`,
      ...(published[0] ? [`    <lastBuildDate>${new Date(published[0].updatedAt).toUTCString()}</lastBuildDate>`] : []),
      ...items,
      '  </channel>',
      '</rss>',
      '',
    ].join('\n')
    return xmlResponse(req, xml, 'application/rss+xml; charset=utf-8', { tags: [CACHE_TAGS.posts, CACHE_TAGS.content], query: [] })
  },
})

export const config: Config = { path: '/rss.xml' }
