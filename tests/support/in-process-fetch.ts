/**
 * Function tests call handlers in-process, so nothing answers the addresses where a function asks
 * the platform to run a background function. `answerInProcess(path, handle)` makes a call to that
 * path, on any host, run `handle` instead; every other call goes on to the real fetch untouched.
 *
 * Test files share a process (vitest.config.ts) and each runs the setup file again: a path is
 * routed once per process, so fetch is never wrapped once per file.
 */
type Handle = (request: Request) => Promise<Response>

const ROUTES = Symbol.for('faithful-finances.tests.in-process-routes')
type WithRoutes = typeof globalThis & { [ROUTES]?: Map<string, Handle> }

const urlOf = (input: RequestInfo | URL) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)

export function answerInProcess(path: string, handle: Handle): void {
  const scope = globalThis as WithRoutes
  if (!scope[ROUTES]) {
    const routes = new Map<string, Handle>()
    scope[ROUTES] = routes
    const realFetch = globalThis.fetch
    globalThis.fetch = async (input, init) => {
      // Read the address without making a Request of it: that would use up a Request's body, which
      // every other call (Blobs writes through msw) must pass on untouched.
      const route = routes.get(new URL(urlOf(input)).pathname)
      return route ? route(new Request(input, init)) : realFetch(input, init)
    }
  }
  scope[ROUTES].set(path, handle)
}
