import { setupServer } from 'msw/node'
import { handlers } from './handlers'

/** The msw server every site test shares; setup-tests.ts starts it and resets it after each test. */
export const server = setupServer(...handlers)

let unhandled: string[] = []
let seen: Request[] = []

server.events.on('request:start', ({ request }) => {
  seen.push(request.clone())
})

/** Every request the page sent during the current test, in order, bodies still readable. */
export function sentRequests(): readonly Request[] {
  return seen
}

export function listen(): void {
  server.listen({
    onUnhandledFrame({ frame }) {
      const request = (frame.data as { request?: Request }).request
      const line = request ? `${request.method} ${request.url}` : 'a non-HTTP frame'
      unhandled.push(line)
      // Thrown, the request fails (a network error for the page) instead of reaching the network.
      throw new Error(`No msw handler for ${line}`)
    },
  })
}

/** Resets the per-test state and hands back the requests no handler answered. */
export function takeUnhandled(): string[] {
  const out = unhandled
  unhandled = []
  seen = []
  return out
}
