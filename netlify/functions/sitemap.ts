import type { Config } from '@netlify/functions'
import { postPath, SITEMAP_PATHS } from '#domain/route-map.ts'
import { sitemap as sitemapContract } from '#domain/api/pages.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { posts } from '#lib/data/posts.ts'
import { escapeXml } from '#lib/pages/seo.ts'
import { siteUrl } from '#lib/config/site-url.ts'
import { xmlResponse } from '#lib/http/xml.ts'
import { CACHE_TAGS } from '#lib/http/cdn.ts'

/** GET /sitemap.xml: every public page and every published post, from the stored data. */
export default endpoint(sitemapContract, {
  GET: async ({ req }) => {
    const base = siteUrl()
    const entry = (path: string, lastmod?: string) =>
      `  <url><loc>${escapeXml(base + path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`
    const urls = [
      // The public pages a search engine should know (domain/route-map.ts), then each published post.
      ...SITEMAP_PATHS.map((path) => entry(path)),
      ...(await posts.listPublished()).map((post) => entry(postPath(post.slug), post.updatedAt)),
    ]
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n')
    return xmlResponse(req, xml, 'application/xml; charset=utf-8', { tags: [CACHE_TAGS.posts], query: [] })
  },
})

export const config: Config = { path: '/sitemap.xml' }
