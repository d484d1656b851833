import { SECURITY_HEADERS } from './http'

/** Feeds and sitemaps: cached briefly by the CDN, so a new post shows within minutes without a rebuild. */
export function xmlResponse(xml: string, contentType: string): Response {
  return new Response(xml, {
    headers: { ...SECURITY_HEADERS, 'Content-Type': contentType, 'Cache-Control': 'public, max-age=0, s-maxage=300, must-revalidate' },
  })
}
