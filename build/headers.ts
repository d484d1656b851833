/**
 * Headers for the static pages and assets, written to dist/_headers at build time (docs/decisions.md, Security headers).
 * Only the production build gets them: Vite's dev server needs an inline script for hot reload,
 * which this policy forbids. Function responses set their own (netlify/lib/http.ts).
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
