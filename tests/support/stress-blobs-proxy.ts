import { createServer, request as forward } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setEnvironmentContext } from '@netlify/blobs'

/**
 * A tiny HTTP server between the functions and the real local Blobs server, for fault tests: it
 * passes each request on, or answers 500, drops the connection, never answers, or passes the
 * request on and then answers 500 (the write happened, its answer was lost).
 */
export type Fault = 'pass' | 'error' | 'reset' | 'hang' | 'commit-then-error'

export type ProxiedRequest = {
  /** 1 for the first request the proxy saw, and so on. */
  n: number
  method: string
  /** The store's name as the functions give it (`posts`, `bookings`, ...). */
  store: string
  key: string
}

export type BlobsProxy = {
  url: string
  /** Requests seen so far. */
  readonly count: number
  /** Decides each request's fate from now on. */
  setRule(rule: (request: ProxiedRequest) => Fault): void
  /** Everything passes. */
  healthy(): void
  /** The k-th request from now (1-based) and every later one meet `fault`: the service goes down mid-call. */
  failFrom(k: number, fault?: Fault): void
  stop(): Promise<void>
}

type BlobsContext = { siteID: string; token: string; edgeURL?: string; uncachedEdgeURL?: string }

/** The Blobs context of this process, as setEnvironmentContext (blobs-server.ts) left it. */
export function currentBlobsContext(): BlobsContext {
  const encoded = process.env.NETLIFY_BLOBS_CONTEXT
  if (!encoded) throw new Error('No Blobs context: start the Blobs server first')
  return JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as BlobsContext
}

/** Points this process's Blobs client at `url` (the proxy, or back at the real server). */
export function pointBlobsAt(url: string): void {
  setEnvironmentContext({ ...currentBlobsContext(), edgeURL: url, uncachedEdgeURL: url })
}

export async function startBlobsProxy(target: string): Promise<BlobsProxy> {
  let count = 0
  let rule: (request: ProxiedRequest) => Fault = () => 'pass'

  const server = createServer((req, res) => {
    const n = ++count
    // Client paths are /<site id>/site:<store>/<key...>
    const [, , scoped = '', ...key] = new URL(req.url ?? '/', 'http://proxy').pathname.split('/')
    const store = decodeURIComponent(scoped).replace(/^(site|deploy):/, '')
    const fault = rule({ n, method: req.method ?? 'GET', store, key: key.join('/') })
    if (fault === 'hang') return
    if (fault === 'reset') {
      req.socket.destroy()
      return
    }
    if (fault === 'error') {
      req.resume()
      res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error')
      return
    }
    const upstream = forward(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
      if (fault === 'commit-then-error') {
        answer.resume()
        answer.on('end', () => res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error'))
        return
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    get count() {
      return count
    },
    setRule(next) {
      rule = next
    },
    healthy() {
      rule = () => 'pass'
    },
    failFrom(k, fault = 'error') {
      const start = count
      rule = ({ n }) => (n - start >= k ? fault : 'pass')
    },
    async stop() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
