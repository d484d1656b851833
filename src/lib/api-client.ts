import { isHostingDomain as isHostingHostname } from '#domain/hosting.ts'
import { endpointPath, functionPath, SITE_ENDPOINTS } from '#domain/route-map.ts'

/**
 * The one way the site talks to its functions. It knows:
 * - the host-domain rule (docs/product.md, API): on the hosting provider's own domain
 *   (*.netlify.app) blog posts, subscribers and login use the /.netlify/functions/<name> path;
 *   the booking call always does;
 * - the admin token (sent as a Bearer header) and what a 401 means (the session is over);
 *   the token is passed in by the admin's calls, so public pages never load the session code;
 * - the error shape `{ success: false, message }`.
 */
export function isHostingDomain(hostname = globalThis.location?.hostname ?? ''): boolean {
  return isHostingHostname(hostname)
}

/** An endpoint with two addresses (domain/route-map.ts): the one the host-domain rule picks (also for calls by contract, endpoint-call.ts). */
export const byHost = (endpoint: { function: string; path: string }) =>
  isHostingDomain() ? functionPath(endpoint.function) : endpoint.path

// Every address comes from the route map (domain/route-map.ts): its table of the public pages' calls.
const { resources, resourceDownload, blogPosts, subscribers, subscriberConfirm, booking, content, unsubscribe, adminLogin } = SITE_ENDPOINTS

export const paths = {
  resources: () => resources.path,
  resourceDownload: (id: string) => endpointPath(resourceDownload.path, { id }),
  blogPosts: () => byHost(blogPosts),
  subscribers: () => byHost(subscribers),
  booking: () => functionPath(booking.function),
  content: () => content.path,
  unsubscribe: () => unsubscribe.path,
  subscriberConfirm: () => subscriberConfirm.path,
  /** Login tries the path the rule picks first, then the other one if that answers 404. */
  adminLogin: (): [first: string, fallback: string] =>
    isHostingDomain() ? [functionPath(adminLogin.function), adminLogin.path] : [adminLogin.path, functionPath(adminLogin.function)],
} as const

type SiteEndpoint = {
  [K in keyof typeof SITE_ENDPOINTS]: (typeof SITE_ENDPOINTS)[K] extends { path: string } ? K : never
}[keyof typeof SITE_ENDPOINTS]

/** A public page's call's site address, by its name in the route map, its `:name` parameters filled in and encoded. */
export function endpointAddress(name: SiteEndpoint, params?: Record<string, string>): string {
  return endpointPath(SITE_ENDPOINTS[name].path, params)
}

/**
 * Any endpoint's site address, given its route-map entry (`ENDPOINTS.adminMedia`): the admin's
 * calls name theirs this way, so the whole table loads with the admin, not with every page.
 */
export function addressOf(endpoint: { path: string }, params?: Record<string, string>): string {
  return endpointPath(endpoint.path, params)
}

/**
 * A call that reached the server and was refused. `serverMessage` is the server's own words, if
 * any; `body` the whole answer, for a refusal that carries more (a time just taken comes with the
 * next free ones).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly body?: unknown,
  ) {
    super(serverMessage ?? `Request failed with status ${status}`)
  }
}

type Options = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  body?: unknown
  /** The admin token, sent as a Bearer header; a 401 then ends the session. */
  token?: string
  signal?: AbortSignal
}

let onSessionEnded: () => void = () => {}

/** The admin shell registers how to end the session when the server says it is over. */
export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler
}

export async function api<T extends object>(path: string, { method = 'GET', body, token, signal }: Options = {}): Promise<T> {
  // While pages are prerendered at build time there is no server to ask: data stays pending, so
  // a page renders its loading state, exactly as the browser's first render of it does.
  if (typeof window === 'undefined') return new Promise<T>(() => {})
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (token !== undefined) headers.Authorization = `Bearer ${token}`
  // A network failure rejects here with a TypeError: callers show their "network" message for it.
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal })
  const data = (await response.json().catch(() => null)) as ({ success?: boolean; message?: unknown } & T) | null
  if (response.status === 401 && token !== undefined) onSessionEnded()
  if (!response.ok || !data || data.success === false) {
    throw new ApiError(response.status, typeof data?.message === 'string' ? data.message : undefined, data ?? undefined)
  }
  return data
}

/** The message to show for a failed call: the server's, else the action's fallback, else the network one. */
export function errorMessage(error: unknown, fallback: string, unexpected: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback
  return unexpected
}
