import { revalidated } from './http'

/**
 * Feeds and sitemaps: the CDN may serve a copy for five minutes (readers poll feeds often), so a
 * new post shows within minutes without a rebuild; otherwise revalidated with an ETag.
 */
export function xmlResponse(req: Request, xml: string, contentType: string): Response {
  return revalidated(req, xml, { 'Content-Type': contentType, 'Cache-Control': 'public, max-age=0, s-maxage=300, must-revalidate' })
}
