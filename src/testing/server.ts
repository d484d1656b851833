import { setupServer } from 'msw/node'
import { handlers } from './handlers'

/** The msw server every site test shares; setup-tests.ts starts it and resets it after each test. */
export const server = setupServer(...handlers)

let unhandled: string[] = []
let sent: Request[] = []

/** Every request the page sent during the current test, in order, bodies still readable. */
export function sentRequests(): readonly Request[] {
  return sent
}

export function listen(): () => void {
  server.listen({
    onUnhandledFrame({ frame }) {
      const request = (frame.data as { request?: Request }).request
      const line = request ? `${request.method} ${request.url}` : 'a non-HTTP frame'
      unhandled.push(line)
      // Thrown, the request fails (a network error for the page) instead of reaching the network.
      throw new Error(`No msw handler for ${line}`)
    },
  })
  // Requests are noted when fetch is called, not from msw's request:start event: that event comes
  // a few ticks later, and a request a test starts while unmounting would land in the next test's list.
  const mswFetch = globalThis.fetch
  globalThis.fetch = (input, init) => {
    sent.push(input instanceof Request ? input.clone() : new Request(new URL(String(input), location.href), init))
    return mswFetch(input, init)
  }
  return () => {
    globalThis.fetch = mswFetch
    server.close()
  }
}

/** Resets the per-test state and hands back the requests no handler answered. */
export function takeUnhandled(): string[] {
  const out = unhandled
  unhandled = []
  sent = []
  return out
}
