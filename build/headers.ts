/**
 * Every security header and page policy of the site, in one place (docs/decisions.md, Security
 * headers): written to dist/_headers for the static pages and assets at build time, set by the
 * functions that answer with a page (the post page, the form answers, via netlify/lib/http/route.ts and
 * netlify/lib/pages/render.ts), and, relaxed only as Vite needs, by Vite's dev server.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  // Featured images and thumbnails may live on any https host the coach uses.
  "img-src 'self' https: data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

export const PAGE_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
}

/** Vite's dev server page needs an inline hot-reload script, inline styles and a websocket. */
export function devPolicy(policy: string): string {
  return policy
    .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
    .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
    .replace("connect-src 'self'", "connect-src 'self' ws: wss:")
}

/** What `npm run dev` answers Vite's pages with: the site's headers, with the policy Vite needs. */
export const DEV_PAGE_HEADERS: Record<string, string> = { ...PAGE_HEADERS, 'Content-Security-Policy': devPolicy(CONTENT_SECURITY_POLICY) }

export function headersFile(): string {
  const block = (path: string, headers: Record<string, string>) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n')
  return (
    [
      block('/*', PAGE_HEADERS),
      // File names under /assets carry a content hash: they never change, so cache them for good.
      block('/assets/*', { 'Cache-Control': 'public, max-age=31536000, immutable' }),
    ].join('\n\n') + '\n'
  )
}
