import type { Context } from '@netlify/functions'
import { env, runtimeOf } from './env'

/**
 * Where the site answers when nothing says otherwise: netlify dev's own address (netlify.toml,
 * [dev] port). The CLI sets URL to the address it serves on (netlify serve on a test port too).
 */
const LOCAL_ORIGIN = 'http://localhost:8888'

const withoutSlash = (url: string) => (url.endsWith('/') ? url.slice(0, -1) : url)

/**
 * The public address of the site, for every link that leaves a request behind (emails, feeds, the
 * sitemap, a page's head): Netlify's URL variable, which names the site's main address; locally the
 * one netlify dev or netlify serve sets, or netlify dev's default. Never the Host a request names,
 * which anyone can set: a confirmation email or a feed would then link to their server.
 */
export function siteUrl(): string {
  const configured = env('URL')
  return configured ? withoutSlash(configured) : LOCAL_ORIGIN
}

/** What a deploy's permalink is made of (Netlify's own ids and site names): nothing else is let into the address. */
const DEPLOY_ID = /^[a-f0-9]{24}$/
const SITE_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/**
 * Where this deploy's own functions answer, for a function that calls another (the background
 * export and newsletter workers): the same deploy, so a deploy preview runs its own code. The CLI
 * sets DEPLOY_URL to the address it serves on; a deployed preview is reached at its permalink
 * (`https://{deploy id}--{site name}.netlify.app`, from the runtime's context, not the request);
 * production at the site's address. Never the request's Host: a forged one would send the job,
 * and the signature that starts it, to another server.
 */
export function deployOrigin(context?: Pick<Context, 'deploy' | 'server' | 'site'>): string {
  const configured = env('DEPLOY_URL')
  if (configured) return withoutSlash(configured)
  const deploy = context?.deploy
  const site = context?.site?.name
  if (
    context &&
    !runtimeOf(context).local &&
    deploy?.context !== 'production' &&
    DEPLOY_ID.test(deploy?.id ?? '') &&
    SITE_NAME.test(site ?? '')
  )
    return `https://${deploy!.id}--${site}.netlify.app`
  return siteUrl()
}
