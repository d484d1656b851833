import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Context } from '@netlify/functions'
import { endpointPath, functionPath, SCHEDULED_FUNCTIONS, type Endpoint } from '#domain/route-map.ts'
import { ENDPOINTS } from '#domain/endpoints.ts'
import { subscriberExports } from '#lib/data/subscriber-exports.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { unsubscribeToken } from '#lib/subscribers/unsubscribe.ts'
import { WORKER_SECRET_HEADER, workerSecret } from '#lib/newsletter/sender.ts'
import { EXPORT_SIGNATURE_HEADER, exportSignature } from '#lib/subscribers/export.ts'
import { confirmToken } from '#lib/subscribers/confirm.ts'
import { passwordResets } from '#lib/data/password-resets.ts'
import { resetToken } from '#lib/auth/password-reset.ts'
import {
  ADMIN_ENDPOINTS,
  createAdmin,
  createEditor,
  createFixtures,
  newSession,
  TEST_PASSWORD,
  type Fixtures,
  type SignedInUser,
} from './auth'
import { fakeContext, TEST_ORIGIN } from './call'
import { freeStart, freshSessionLink, sessionBody } from './booking'
import { bookingInput } from './factories'
import type { WebhookSigner } from './sendgrid-webhook'
import { sendgridEvent } from './sendgrid-webhook'

/**
 * Requests from another site against every endpoint that changes something, for the cross-site
 * function test (tests/functions/cross-site.test.ts) and the attack class of the same name
 * (tests/attack/cross-site-requests.test.ts).
 *
 * The endpoints are derived, not listed: every function of the route map and of the function
 * folders (the development helpers included) is asked which methods it has, by a method none of
 * them serves (its 405 names them in Allow). What each needs to succeed from this site is the
 * admin endpoint table (auth.ts ADMIN_ENDPOINTS) plus the public calls below; a new endpoint
 * without one fails the tests until it is given one.
 */

type FunctionModule = { default: (req: Request, context: Context) => Response | Promise<Response> }

export type StateChangingEndpoint = {
  /** The function's file name (netlify/functions or netlify/dev-functions). */
  fn: string
  module: FunctionModule
  method: string
  /** Its address (`:name` parameters left in). */
  path: string
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '')
const READING = new Set(['GET', 'HEAD', 'OPTIONS'])

const filesIn = (folder: string) =>
  readdirSync(`${ROOT}/${folder}`)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => file.replace(/\.ts$/, ''))

/**
 * Every method of every function that changes something. The development helpers answer only in
 * a local run with DEMO_SEED=true (netlify/lib/demo/guard.ts): set it before calling this.
 */
export async function stateChangingEndpoints(): Promise<StateChangingEndpoint[]> {
  const mapped = new Map<string, string>(
    Object.values(ENDPOINTS as Record<string, Endpoint>).map((endpoint) => [
      endpoint.function,
      endpoint.path ?? functionPath(endpoint.function),
    ]),
  )
  const scheduled = new Set<string>(SCHEDULED_FUNCTIONS)
  const sources = [
    ...[...new Set([...mapped.keys(), ...filesIn('netlify/functions')])].map((fn) => ({ fn, folder: 'functions' })),
    ...filesIn('netlify/dev-functions').map((fn) => ({ fn, folder: 'dev-functions' })),
  ].filter(({ fn }) => !scheduled.has(fn))

  const found: StateChangingEndpoint[] = []
  for (const { fn, folder } of sources.sort((a, b) => a.fn.localeCompare(b.fn))) {
    const module = (await import(`../../netlify/${folder}/${fn}.ts`)) as FunctionModule & { config?: { path?: string | string[] } }
    const configured = module.config?.path
    const path = mapped.get(fn) ?? (typeof configured === 'string' ? configured : functionPath(fn))
    // A method no function serves, from no browser: the route wrapper answers 405 with the ones it has.
    const probe = await module.default(new Request(new URL(endpointPath(path), TEST_ORIGIN), { method: 'PATCH' }), fakeContext())
    const allow = probe.status === 405 ? (probe.headers.get('allow') ?? '') : ''
    for (const method of allow.split(',').map((name) => name.trim().toUpperCase())) {
      if (method && !READING.has(method)) found.push({ fn, module, method, path })
    }
  }
  return found
}

// ---------------------------------------------------------------------------------------------
// What each call needs to succeed from this site

export type CrossSiteFixtures = Fixtures & {
  /** Signs in (the login's credentials) and holds every admin call's sessions. */
  admin: SignedInUser
  /** An unconfirmed signup, for the confirm call; a confirmed subscriber, to unsubscribe or stop. */
  pendingEmail: string
  subscribedEmail: string
  /** An export job not yet built, for its background function. */
  queuedExportId: string
  signer: WebhookSigner
}

let sequence = 0

/** One record of each kind a call names, and the users and tokens the calls need. */
export async function createCrossSiteFixtures(signer: WebhookSigner): Promise<CrossSiteFixtures> {
  const n = ++sequence
  const admin = await createAdmin()
  // Her calls include the owner's hand-over: she is made the owner first.
  const fixtures = await createFixtures({ exportOwner: admin.user.id, ownerId: admin.user.id })
  const pendingEmail = `pending-${n}@test.example`
  const subscribedEmail = `subscribed-${n}@test.example`
  await subscribers.add(pendingEmail)
  await subscribers.add(subscribedEmail)
  await subscribers.confirm(subscribedEmail)
  const queuedExportId = (await subscriberExports.create(admin.user.id)).id
  return { ...fixtures, admin, pendingEmail, subscribedEmail, queuedExportId, signer }
}

export type Body = Record<string, unknown> | unknown[] | Uint8Array

export type Recipe = {
  /** Path and query. */
  path: string
  params: Record<string, string>
  body?: Body
  /** The body's own type when it is not JSON (a media part's bytes). */
  ownType?: string
  /**
   * Headers a browser's simple request cannot carry (a custom header makes it ask first): a
   * session token, a background function's secret, SendGrid's signature over the bytes sent.
   */
  credentials(sent: string | Uint8Array): Record<string, string>
}

const none = () => ({})

/** The public calls (and the helpers only local runs have), each as this site or its caller makes it. */
const PUBLIC: Record<string, (f: CrossSiteFixtures) => Promise<Omit<Recipe, 'credentials'> & Partial<Pick<Recipe, 'credentials'>>>> = {
  'POST subscribers': async () => ({ path: ENDPOINTS.subscribers.path, params: {}, body: { email: `signup-${++sequence}@test.example` } }),
  'POST send-booking-email': async () => ({
    path: functionPath(ENDPOINTS.booking.function),
    params: {},
    body: bookingInput({ message: `Please come and speak to our group, request ${++sequence}.` }),
  }),
  'POST booking-sessions': async () => ({
    path: ENDPOINTS.bookingSessions.path,
    params: {},
    body: sessionBody(await freeStart(), { message: `We would like an hour with Grace, booking ${++sequence}.` }),
  }),
  // A link is used up by its first use: each recipe books a session of its own and cancels it.
  'POST booking-session': async () => {
    const { token } = await freshSessionLink('cancel')
    return { path: endpointPath(ENDPOINTS.bookingSession.path, { token }), params: { token }, body: { cancel: true } }
  },
  'POST resource-download': async (f) => ({
    path: endpointPath(ENDPOINTS.resourceDownload.path, { id: f.resourceId }),
    params: { id: f.resourceId },
  }),
  'POST subscriber-confirm': async (f) => ({
    path: ENDPOINTS.subscriberConfirm.path,
    params: {},
    body: { token: await confirmToken(f.pendingEmail) },
  }),
  'POST unsubscribe': async (f) => ({
    path: `${ENDPOINTS.unsubscribe.path}?${new URLSearchParams({ email: f.subscribedEmail, token: unsubscribeToken(f.subscribedEmail) })}`,
    params: {},
  }),
  'POST admin-login': async (f) => ({
    path: ENDPOINTS.adminLogin.path,
    params: {},
    body: { username: f.admin.user.username, password: TEST_PASSWORD },
  }),
  'POST sendgrid-events': async (f) => ({
    path: ENDPOINTS.sendgridEvents.path,
    params: {},
    body: [sendgridEvent('bounce', f.subscribedEmail, { type: 'bounce', reason: '550 5.1.1 No such user' })],
    credentials: (sent) => {
      const { 'content-type': _type, ...signature } = f.signer.headers(sent)
      return signature
    },
  }),
  'POST newsletter-send-background': async (f) => ({
    path: functionPath(ENDPOINTS.newsletterSendWorker.function),
    params: {},
    body: { id: f.newsletterId },
    credentials: () => ({ [WORKER_SECRET_HEADER]: workerSecret() }),
  }),
  'POST subscribers-export-background': async (f) => ({
    path: functionPath(ENDPOINTS.subscribersExportWorker.function),
    params: {},
    body: { id: f.queuedExportId },
    credentials: () => ({ [EXPORT_SIGNATURE_HEADER]: exportSignature(f.queuedExportId) }),
  }),
  // A reset link is used up by its first use: each recipe makes a user of its own with a fresh link.
  'POST password-reset-request': async (f) => ({
    path: ENDPOINTS.passwordResetRequest.path,
    params: {},
    body: { identifier: f.admin.user.username },
  }),
  'POST password-reset-check': async () => ({
    path: ENDPOINTS.passwordResetCheck.path,
    params: {},
    body: { token: await freshResetToken() },
  }),
  'POST password-reset': async () => ({
    path: ENDPOINTS.passwordReset.path,
    params: {},
    body: { token: await freshResetToken(), newPassword: RESET_PASSWORD, confirmPassword: RESET_PASSWORD },
  }),
  // Local runs only: the demo seed (without `reset` it changes nothing while posts exist), the limit filler and the stand-in for SendGrid's events.
  'POST dev-seed': async () => ({ path: '/api/dev/seed', params: {}, body: {} }),
  'POST dev-limits': async () => ({ path: '/api/dev/limits', params: {}, body: { form: 'subscribe', count: 1 } }),
  'POST dev-mail-events': async () => ({
    path: '/api/dev/mail-events',
    params: {},
    body: { events: [{ email: 'nobody@test.example', event: 'spamreport' }] },
  }),
}

const RESET_PASSWORD = 'lanterns over the quiet harbour'

async function freshResetToken(): Promise<string> {
  const { user } = await createEditor({ username: `reset-${++sequence}` })
  const nonce = await passwordResets.issue(user.id)
  if (!nonce) throw new Error('a new user already had a reset link')
  return resetToken(user, nonce)
}

/** What `endpoint` needs to succeed from this site, or undefined when nobody has said yet. */
export async function recipeFor(endpoint: StateChangingEndpoint, f: CrossSiteFixtures): Promise<Recipe | undefined> {
  const own = PUBLIC[`${endpoint.method} ${endpoint.fn}`]
  if (own) {
    const recipe = await own(f)
    return { ...recipe, credentials: recipe.credentials ?? none }
  }
  const admin = ADMIN_ENDPOINTS.find((entry) => entry.fn === endpoint.module && (entry.options(f).method ?? 'GET') === endpoint.method)
  if (!admin) return undefined
  const options = admin.options(f)
  // Its own session: a logout or a password change ends only that one.
  const authorization = await newSession(f.admin.user)
  const { body } = options
  const ownType = Object.entries(options.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1]
  return {
    path: options.path ?? endpoint.path,
    params: options.params ?? {},
    body: typeof body === 'string' ? new TextEncoder().encode(body) : (body as Body | undefined),
    ownType,
    credentials: () => ({ authorization }),
  }
}

// ---------------------------------------------------------------------------------------------
// How a page elsewhere sends it

/**
 * The bodies a page on another site can send: text/plain and form-encoded go without asking
 * (a no-cors fetch, a form with enctype="text/plain" or the default one); JSON would need the
 * preflight, and is here to show the origin alone is enough to refuse.
 */
export const ENCODINGS = ['text/plain', 'form', 'json'] as const
export type Encoding = (typeof ENCODINGS)[number]

export function encode(body: Body | undefined, encoding: Encoding): { sent: string | Uint8Array; type: string } {
  if (body instanceof Uint8Array) {
    return {
      sent: body,
      type: encoding === 'form' ? 'application/x-www-form-urlencoded' : encoding === 'json' ? 'application/json' : 'text/plain',
    }
  }
  if (encoding === 'form') {
    const fields = Array.isArray(body) ? { data: JSON.stringify(body) } : (body ?? {})
    const text = new URLSearchParams(
      Object.entries(fields).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]),
    ).toString()
    return { sent: text, type: 'application/x-www-form-urlencoded' }
  }
  // What a browser declares for a string body; the text is the JSON the endpoint reads.
  return {
    sent: body === undefined ? '' : JSON.stringify(body),
    type: encoding === 'json' ? 'application/json' : 'text/plain;charset=UTF-8',
  }
}

/** Where a browser says a request from a page elsewhere comes from, in each way browsers say it. */
export const FROM_ANOTHER_SITE: readonly (readonly [name: string, headers: Record<string, string>])[] = [
  ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example', referer: 'https://evil.example/' }],
  ['Origin only', { origin: 'https://evil.example' }],
  ['Referer only', { referer: 'https://evil.example/page' }],
  ['Origin: null', { origin: 'null' }],
  ['a sibling host (Sec-Fetch-Site: same-site)', { 'sec-fetch-site': 'same-site', origin: 'http://shop.localhost:8888' }],
]

/** How this site's own pages say it (a fetch from the page, or a form on it). */
export const FROM_THIS_SITE: Record<string, string> = { 'sec-fetch-site': 'same-origin', origin: TEST_ORIGIN }

let ipSequence = 0
/** A network of its own for every request: each visitor of the other site is someone else. */
export const freshIp = () => `198.51.${Math.floor(++ipSequence / 250) % 250}.${(ipSequence % 250) + 1}`

export type Sent = { status: number; text: string }

/**
 * Sends `recipe` to the endpoint's handler, in-process, as Netlify would hand it over: encoded as
 * `encoding`, or 'own' as this site's code sends it (JSON, a media part's bytes, no body at all).
 */
export async function send(
  endpoint: StateChangingEndpoint,
  recipe: Recipe,
  { encoding, from, credentials }: { encoding: Encoding | 'own'; from: Record<string, string>; credentials: boolean },
): Promise<Sent> {
  let body: string | Uint8Array | undefined
  let type: string | undefined
  if (encoding !== 'own') ({ sent: body, type } = encode(recipe.body, encoding))
  else if (recipe.body !== undefined) {
    body = encode(recipe.body, 'json').sent
    type = recipe.ownType ?? 'application/json'
  }
  const headers: Record<string, string> = { ...from, ...(credentials ? recipe.credentials(body ?? '') : {}) }
  if (type !== undefined) headers['content-type'] = type
  const request = new Request(new URL(recipe.path, TEST_ORIGIN), { method: endpoint.method, headers, body: body as BodyInit | undefined })
  const response = await endpoint.module.default(request, fakeContext({ params: recipe.params, ip: freshIp() }))
  return { status: response.status, text: await response.text() }
}
