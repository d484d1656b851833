import { env } from './env'

/** The public address of the site: Netlify's URL variable when deployed, else the request's origin. */
export function siteUrl(req?: Request): string {
  const configured = env('URL')
  if (configured) return configured.replace(/\/$/, '')
  return req ? new URL(req.url).origin : 'http://localhost:8888'
}
