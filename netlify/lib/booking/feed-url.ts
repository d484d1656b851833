import { endpointPath } from '#domain/route-map.ts'
import { ENDPOINTS } from '#domain/endpoints.ts'
import { siteUrl } from '#lib/config/site-url.ts'

/** Her feed's absolute address: `.ics` after the token, as calendar programs expect of a feed. */
export function feedUrl(token: string): string {
  return `${siteUrl()}${endpointPath(ENDPOINTS.calendarFeed.path, { token: `${token}.ics` })}`
}
