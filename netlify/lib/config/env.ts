import type { Context } from '@netlify/functions'

/** Environment access for functions: Netlify.env where the runtime offers it, process.env otherwise (tests). */
export function env(name: string): string | undefined {
  const fromNetlify = (globalThis as { Netlify?: { env: { get(key: string): string | undefined } } }).Netlify?.env.get(name)
  return fromNetlify ?? process.env[name] ?? undefined
}

/** Where a function runs, as the Netlify runtime reports it. */
export type Runtime = { readonly local: boolean }

/**
 * Local development (netlify dev or netlify serve on this machine) is recognised by what the
 * runtime itself reports, never by an environment variable: a site owner can set any variable on a
 * deployed site (NETLIFY_DEV included), but not the deploy a request belongs to. A deployed
 * function always runs for a deploy (context.deploy.id) in a real region; the CLI leaves the
 * deploy id empty and calls its region "dev". Both must hold.
 */
export function runtimeOf(context: Pick<Context, 'deploy' | 'server'>): Runtime {
  return { local: !context.deploy?.id && context.server?.region === 'dev' }
}

/** For code that runs outside a request's context and must behave as deployed (the safe side). */
export const DEPLOYED: Runtime = { local: false }
