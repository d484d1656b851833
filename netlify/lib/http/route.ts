import { createHash } from 'node:crypto'
import { cdnCacheHeaders, plainPathRedirect, type CdnKey } from './cdn'
import type { Context } from '@netlify/functions'
import * as z from 'zod/mini'
import { firstIssue, isId } from '#domain/fields.ts'
import { startAfterAnswer } from './after-answer'
import { StorageUnavailableError } from '#lib/storage/blobs.ts'
import { BODY_TYPES, mediaTypeOf, requireAcceptedBody, requireSameOrigin, unsupportedBodyMessage, type BodyType } from './cross-site'
import { HttpError } from './http-error'
import { ConflictError, DomainError, InvalidError, NotAllowedError, NotConfiguredError, NotFoundError } from '#domain/errors.ts'
import { UnsafeKeyError } from '#lib/storage/keys.ts'

/** An error meant for the caller, as it is answered: an HttpError as it is, a domain error (domain/errors.ts) with its status. */
export type CallerError = { status: number; message: string; headers: Record<string, string> }

export function callerError(error: unknown): CallerError | undefined {
  if (error instanceof HttpError) return { status: error.status, message: error.message, headers: error.headers }
  if (!(error instanceof DomainError)) return undefined
  const status =
    error instanceof NotFoundError ? 404
    : error instanceof ConflictError ? 409
    : error instanceof NotAllowedError ? 403
    : error instanceof InvalidError ? 400
    : error instanceof NotConfiguredError ? 503
    : 500
  return { status, message: error.message, headers: {} }
}

/** Bodies past this size are refused before they are parsed (docs/decisions.md, Bad input). */
export const MAX_BODY_BYTES = 64 * 1024

export { HttpError }

/** Function responses carry the same protection as pages (netlify.toml does not reach them). */
export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
}

export function json(data: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(data), {
    status: init.status ?? 200,
    headers: {
      ...SECURITY_HEADERS,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...init.headers,
    },
  })
}

/**
 * Public GETs: the browser (and CDN) may keep a copy but must ask again before each use, so an edit
 * in the admin shows at once; when nothing changed the answer is a bodyless 304 (repeat visits
 * cost a round trip, not the data; docs/decisions.md, Performance budgets). The ETag is a hash of
 * the body, so it needs no stored version and stays right whatever changed the data.
 */
export const REVALIDATE = 'public, max-age=0, must-revalidate'

export function revalidated(req: Request, body: string, headers: Record<string, string>, cdn: CdnKey | null): Response {
  const offPath = cdn && plainPathRedirect(new URL(req.url), SECURITY_HEADERS)
  if (offPath) return offPath
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`
  const all = { ...SECURITY_HEADERS, 'Cache-Control': REVALIDATE, ...(cdn && cdnCacheHeaders(cdn)), ...headers, ETag: etag }
  if (matchesETag(req.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers: all })
  return new Response(body, { status: 200, headers: all })
}

/** JSON for a public GET, answered 304 when the caller's copy is current; kept by the CDN under `cdn` (lib/cdn.ts). */
export function publicJson(req: Request, data: unknown, cdn: CdnKey): Response {
  return revalidated(req, JSON.stringify(data), { 'Content-Type': 'application/json; charset=utf-8' }, cdn)
}

/**
 * If-None-Match holds a list; a CDN that compresses may have weakened our tag to W/"…". `*` is no
 * match: a 304 for a caller who holds nothing must never stand, in a cache, for the answer.
 */
export function matchesETag(header: string | null, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

export function fail(status: number, message: string, headers: Record<string, string> = {}): Response {
  return json({ success: false, message }, { status, headers })
}

/** What every call answers (503) while the data store is down: the pages show it as is. */
export const STORAGE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
type Handler = (req: Request, context: Context) => Promise<Response>

/** Methods that only read: every other one changes something, and is held to the cross-site rule. */
const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export type RouteOptions = {
  /**
   * Body types the endpoint reads besides JSON (cross-site.ts BODY_TYPES): a form where the page's
   * no-JS form posts, bytes for a media part. Anything else is answered 415.
   */
  accepts?: readonly BodyType[]
}

/**
 * One function file = one path; its methods are the keys. The wrapper holds every method that
 * changes something to the cross-site rule (cross-site.ts: 403 from another site, 415 for a body
 * type the endpoint does not read) before anything else, answers wrong methods, turns thrown
 * HttpErrors into JSON, and makes sure nothing leaks a stack trace.
 */
export function route(handlers: Partial<Record<Method, Handler>>, { accepts = [] }: RouteOptions = {}) {
  const allowed = Object.keys(handlers).join(', ')
  return async (req: Request, context: Context): Promise<Response> => {
    const method = req.method === 'HEAD' ? 'GET' : (req.method as Method)
    try {
      const changes = !READING_METHODS.has(req.method)
      if (changes) requireSameOrigin(req)
      const handler = handlers[method]
      if (!handler) return fail(405, 'Method not allowed', { Allow: allowed })
      if (changes) requireAcceptedBody(req, accepts)
      return await handler(req, context)
    } catch (error) {
      if (error instanceof UnsafeKeyError) {
        // Every id is checked where it enters; reaching this means a check is missing upstream.
        console.error('refused:', error.cause)
      }
      const refused = callerError(error)
      if (refused) return fail(refused.status, refused.message, refused.headers)
      if (error instanceof StorageUnavailableError) {
        console.error('storage unavailable:', error.cause)
        return fail(503, STORAGE_UNAVAILABLE_MESSAGE, { 'Retry-After': '5' })
      }
      console.error('unexpected error:', error)
      return fail(500, 'Something went wrong. Please try again later.')
    } finally {
      // The answer is built: what the request left for afterwards starts now (after-answer.ts).
      startAfterAnswer(context)
    }
  }
}

/**
 * Reads at most MAX_BODY_BYTES (or `maxBytes`), parses JSON and validates it with the entity's
 * shared schema. Only a body declared as JSON is read (415 otherwise): a page on another site can
 * send JSON text as text/plain without asking, but not as application/json (cross-site.ts).
 */
export async function readBody<S extends z.ZodMiniType>(req: Request, schema: S, maxBytes = MAX_BODY_BYTES): Promise<z.output<S>> {
  if (mediaTypeOf(req) !== BODY_TYPES.json) throw new HttpError(415, unsupportedBodyMessage())
  const text = new TextDecoder().decode(await readLimitedBytes(req, maxBytes))
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON')
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new HttpError(400, 'Request body must be a JSON object')
  }
  return parseWith(schema, data)
}

export function parseWith<S extends z.ZodMiniType>(schema: S, data: unknown): z.output<S> {
  const result = z.safeParse(schema, data)
  if (!result.success) throw new HttpError(400, firstIssue(result.error))
  return result.data
}

/** The body as text, refused with a 413 once it passes MAX_BODY_BYTES (whatever it declared). */
export async function readLimitedText(req: Request): Promise<string> {
  return new TextDecoder().decode(await readLimitedBytes(req, MAX_BODY_BYTES))
}

/** The body as bytes, refused with a 413 once it passes `max` (whatever it declared). */
export async function readLimitedBytes(req: Request, max: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? '0')
  if (declared > max) throw new HttpError(413, 'Request body is too large')
  if (!req.body) return new Uint8Array()
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) {
      await reader.cancel()
      throw new HttpError(413, 'Request body is too large')
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

/**
 * A Content-Disposition naming a file (RFC 6266): a plain ASCII `filename` for old clients and
 * the exact name as UTF-8 in `filename*` (RFC 5987). Neither can carry a quote, a backslash, a
 * line break or any other character that would end the header or start another, nor a path.
 */
export function contentDisposition(kind: 'inline' | 'attachment', uploaded: string): string {
  // A name, never a path: no folder separators, and no leading dots (a hidden file, `..`).
  const name = uploaded.replace(/[/\\]/g, '_').replace(/^\.+/, '') || 'file'
  const fallback =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\%;]/g, '_')
      .slice(0, 150) || 'file'
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

/** A path parameter from the function's config.path, validated like any other input. */
export function pathParam(context: Context, name: string, notFoundMessage: string): string {
  const value = context.params?.[name]
  if (!isId(value)) throw new HttpError(404, notFoundMessage)
  return value
}
