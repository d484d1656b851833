import type { CdnKey } from './cdn'
import { revalidated } from './route'

/**
 * Feeds and sitemaps: kept by the CDN until a write purges one of `cdn` (lib/cdn.ts),
 * so readers polling a feed never reach the function between changes; browsers revalidate with an ETag.
 */
export function xmlResponse(req: Request, xml: string, contentType: string, cdn: CdnKey): Response {
  return revalidated(req, xml, { 'Content-Type': contentType }, cdn)
}
