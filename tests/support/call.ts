import type { Context } from '@netlify/functions'

type FunctionModule = { default: (req: Request, context: Context) => Response | Promise<Response> }

export type CallOptions = {
  method?: string
  /** Path and query, e.g. `/api/blog-posts?slug=x`. */
  path?: string
  /**
   * An object or array is sent as JSON; a string or bytes as they are (malformed JSON, big bodies,
   * media parts). Strings are declared JSON unless `headers` names a Content-Type.
   */
  body?: unknown
  headers?: Record<string, string>
  /** What Netlify fills from the function's `config.path`, e.g. `{ id }`. */
  params?: Record<string, string>
  ip?: string
  /** Local (netlify dev, the default, as the tests' outbox needs) or as deployed on Netlify. */
  runtime?: 'local' | 'deployed'
}

/** Every answer has the success flag and, on failure, a message (docs/product.md, API). */
export type ApiBody = { success: boolean; message?: string }

export type CallResult<T = ApiBody> = { status: number; body: T; headers: Headers }

export const TEST_ORIGIN = 'http://localhost:8888'
export const DEFAULT_IP = '203.0.113.10'

/** What the Netlify CLI reports to a function it runs locally (netlify/lib/config/env.ts runtimeOf). */
export const LOCAL_RUNTIME = { local: true } as const

/** Work the functions handed to `context.waitUntil`, still running. */
const pending = new Set<Promise<unknown>>()

/**
 * Waits for the work functions do after answering (`context.waitUntil`, e.g. the confirmation
 * email of a signup), as the platform lets it finish: a test then sees its effects (the outbox).
 * `call` and the other helpers wait for it themselves; a test that calls a handler directly calls
 * this after reading the answer.
 */
export async function afterAnswers(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending])
}

/**
 * The parts of Netlify's Context the functions read; the rest would only be noise. Local by
 * default, as netlify dev reports it (no deploy id, region "dev"); `runtime: 'deployed'` gives
 * what a deployed function sees. Work handed to `waitUntil` (what runs after the answer has gone)
 * is awaited by `afterAnswers`, and also collected in `background` when a test wants its own.
 */
export function fakeContext({
  params = {},
  ip = DEFAULT_IP,
  runtime = 'local',
  background = [],
}: Pick<CallOptions, 'params' | 'ip' | 'runtime'> & { background?: Promise<unknown>[] } = {}): Context {
  const deployed = runtime === 'deployed'
  return {
    params,
    ip,
    requestId: 'test-request',
    geo: {},
    site: { id: undefined, name: 'test', url: TEST_ORIGIN },
    account: { id: 'test-account' },
    deploy: deployed ? { context: 'production', id: 'test-deploy', published: true } : { context: '', id: '', published: false },
    server: { region: deployed ? 'us-east-2' : 'dev' },
    cookies: { get: () => undefined, set: () => {}, delete: () => {} },
    waitUntil: (promise: Promise<unknown>) => {
      background.push(promise)
      const settled: Promise<boolean> = promise.then(
        () => pending.delete(settled),
        () => pending.delete(settled),
      )
      pending.add(settled)
    },
  } as unknown as Context
}

/**
 * Calls a function module's handler as Netlify would, and reads its answer as the browser would.
 * Returns once the work the function left running after its answer (waitUntil) has finished too,
 * as the platform lets it, so a test sees its effects (an email in the outbox).
 */
export async function call<T extends ApiBody = ApiBody>(fn: FunctionModule, options: CallOptions = {}): Promise<CallResult<T>> {
  const { method = 'GET', path = '/', body, headers = {}, params, ip, runtime } = options
  const init: RequestInit = { method, headers: { ...headers } }
  if (body !== undefined) {
    // Bytes (a media part) go as they are.
    if (body instanceof Uint8Array) init.body = body as Uint8Array<ArrayBuffer>
    else init.body = typeof body === 'string' ? body : JSON.stringify(body)
    // Text goes as JSON, as the site's code sends it (malformed JSON included), unless the test
    // declares another type; bytes declare none unless given.
    const declared = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')
    if (!declared && !(body instanceof Uint8Array)) (init.headers as Record<string, string>)['content-type'] = 'application/json'
  }
  const response = await fn.default(new Request(new URL(path, TEST_ORIGIN), init), fakeContext({ params, ip, runtime }))
  // Every function answers JSON, errors included: a body that does not parse fails the test here.
  const parsed = JSON.parse(await response.text()) as T
  await afterAnswers()
  return { status: response.status, body: parsed, headers: response.headers }
}
