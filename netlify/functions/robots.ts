import type { Config } from '@netlify/functions'
import { robots as robotsContract } from '#domain/api/pages.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { cdnCacheHeaders, plainPathRedirect } from '#lib/http/cdn.ts'
import { REVALIDATE, SECURITY_HEADERS } from '#lib/http/route.ts'
import { siteUrl } from '#lib/config/site-url.ts'

/**
 * GET /robots.txt: everything public may be crawled; the admin may not. The sitemap URL must be
 * absolute: the site's configured address, never the one a request names. Built from nothing
 * stored, so it has no tag: a deploy (or a day) renews the CDN's copy.
 */
export default endpoint(robotsContract, {
  GET: async ({ req }) => {
    const offPath = plainPathRedirect(new URL(req.url), SECURITY_HEADERS)
    if (offPath) return offPath
    const body = ['User-agent: *', 'Allow: /', 'Disallow: /admin', '', `Sitemap: ${siteUrl()}/sitemap.xml`, ''].join('\n')
    return new Response(body, {
      headers: {
        ...SECURITY_HEADERS,
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': REVALIDATE,
        ...cdnCacheHeaders({ tags: [], query: [] }),
      },
    })
  },
})

export const config: Config = { path: '/robots.txt' }
