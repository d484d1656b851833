import type { Context } from '@netlify/functions'
import { afterAnswers, fakeContext, TEST_ORIGIN } from './call'

export type FunctionModule = { default: (req: Request, context: Context) => Response | Promise<Response> }

export type RawCall = {
  method?: string
  /** Path and query, or a whole URL (another origin). */
  url?: string
  headers?: Record<string, string>
  /** Sent exactly as given. */
  body?: string
  /** What Netlify fills from config.path; `null` leaves context.params out entirely. */
  params?: Record<string, string> | null
  ip?: string
}

export type RawAnswer = { status: number; headers: Headers; text: string }

/**
 * As call() in call.ts, for answers that may not be JSON (pages, feeds, CSV) and requests that
 * call() cannot make: a raw body, no params at all, another origin.
 */
export async function invoke(
  fn: FunctionModule,
  { method = 'GET', url = '/', headers = {}, body, params = {}, ip }: RawCall = {},
): Promise<RawAnswer> {
  // A path is put after the origin as the platform does: `//x` is a path there, not another host.
  const request = new Request(url.startsWith('/') ? `${TEST_ORIGIN}${url}` : url, { method, headers, body })
  const context = fakeContext({ params: params ?? undefined, ip })
  if (params === null) (context as { params?: unknown }).params = undefined
  const response = await fn.default(request, context)
  const text = await response.text()
  await afterAnswers()
  return { status: response.status, headers: response.headers, text }
}

/** The JSON error shape (docs/product.md, API), or why the answer is not it. */
export function errorShapeProblem(answer: RawAnswer): string | null {
  if (!/^application\/json\b/.test(answer.headers.get('content-type') ?? '')) return `content-type ${answer.headers.get('content-type')}`
  let body: unknown
  try {
    body = JSON.parse(answer.text)
  } catch {
    return `not JSON: ${answer.text.slice(0, 80)}`
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return `not an object: ${answer.text.slice(0, 80)}`
  const { success, message, ...rest } = body as Record<string, unknown>
  if (success !== false) return `success is ${JSON.stringify(success)}`
  if (typeof message !== 'string' || message.trim() === '') return `message is ${JSON.stringify(message)}`
  // A time no longer free (409, online booking) also offers the next free ones, and says the same words as `error`.
  if (
    answer.status === 409 &&
    Array.isArray(rest.slots) &&
    rest.slots.every((slot) => typeof slot === 'string') &&
    rest.error === message
  ) {
    delete rest.slots
    delete rest.error
  }
  if (Object.keys(rest).length > 0) return `extra fields ${Object.keys(rest).join(',')}`
  if (/\n[ \t]+at |\b[A-Za-z]*Error:|\.[jt]s:\d+|node_modules|Blob key|ECONN/.test(message))
    return `message leaks internals: ${message.slice(0, 120)}`
  return null
}
