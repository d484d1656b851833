/**
 * The host-domain rule (docs/product.md, API): on the hosting provider's own domain (*.netlify.app) some calls use
 * the /.netlify/functions/<name> path. The site's API client applies the rule; the post page
 * function needs it too, to preload the very address the client will ask for.
 */
export function isHostingDomain(hostname: string): boolean {
  return hostname.endsWith('.netlify.app')
}
