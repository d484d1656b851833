/** Environment access for functions: Netlify.env where the runtime offers it, process.env otherwise (tests). */
export function env(name: string): string | undefined {
  const fromNetlify = (globalThis as { Netlify?: { env: { get(key: string): string | undefined } } }).Netlify?.env.get(name)
  return fromNetlify ?? process.env[name] ?? undefined
}

/**
 * True under the Netlify CLI on this machine (`netlify dev` sets NETLIFY_DEV, `netlify serve`
 * sets NETLIFY_LOCAL); deployed functions have neither. Tests set NETLIFY_DEV themselves.
 */
export function isLocalDevelopment(): boolean {
  return env('NETLIFY_DEV') === 'true' || env('NETLIFY_LOCAL') === 'true'
}
