import type { Config } from '@netlify/functions'
import { route, SECURITY_HEADERS } from '../lib/http'
import { siteUrl } from '../lib/site-url'

/** GET /robots.txt: everything public may be crawled; the admin may not. The sitemap URL must be absolute. */
export default route({
  GET: async (req) => {
    const body = ['User-agent: *', 'Allow: /', 'Disallow: /admin', '', `Sitemap: ${siteUrl(req)}/sitemap.xml`, ''].join('\n')
    return new Response(body, {
      headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=0, s-maxage=3600' },
    })
  },
})

export const config: Config = { path: '/robots.txt' }
