/** Environment access for functions: Netlify.env where the runtime offers it, process.env otherwise (tests). */
export function env(name: string): string | undefined {
  const fromNetlify = (globalThis as { Netlify?: { env: { get(key: string): string | undefined } } }).Netlify?.env.get(name)
  return fromNetlify ?? process.env[name] ?? undefined
}

/** netlify dev and netlify serve set NETLIFY_DEV; deployed functions never do. */
export function isLocalDevelopment(): boolean {
  return env('NETLIFY_DEV') === 'true'
}
