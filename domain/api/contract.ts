import type * as z from 'zod/mini'
import type { Endpoint } from '#domain/route-map.ts'

/**
 * What an endpoint promises, written once: for each method, who may call it, what it reads and
 * what it answers. From a contract come the function's guard and parsing (netlify/lib/http/endpoint.ts),
 * the admin's typed calls (src/lib/api-client.ts), the test mocks (src/testing/handlers.ts), the
 * access tests and the API table in docs/api.md (scripts/api-docs.ts).
 *
 * Plain data and types only: the site, the functions and the scripts all import these modules.
 */

/**
 * Who may call:
 * - `public`: anyone (the limits per network still apply);
 * - `signed-in`: any session, also one whose password an admin reset and which must choose a new
 *   one first (it may still sign out or change it);
 * - `editor`: an editor or an admin; `admin`: an admin only;
 * - `worker`: only the site itself, with a secret derived from its signing key (background jobs);
 * - `sendgrid`: only SendGrid, whose signature the function checks.
 */
export type Access = 'public' | 'signed-in' | 'editor' | 'admin' | 'worker' | 'sendgrid'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

declare const ANSWER: unique symbol

/** The answer's JSON (besides `success`), carried as a type only: nothing of it exists at run time. */
export type Answer<T> = { readonly [ANSWER]?: T }

/** Declares what a method answers: `answers<{ blogPosts: PostSummary[] }>()`. */
export const answers = <T extends object = Record<never, never>>(): Answer<T> => ({})

/** What the answer is when it is not JSON (a page, a feed, a file); the client never calls these. */
export type Served = 'json' | 'html' | 'xml' | 'text' | 'file' | 'redirect'

export type MethodContract = {
  access: Access
  /** More on who, when the access alone does not say it all (e.g. "the export's owner"). */
  who?: string
  /** What is sent, for the API table, when the body's fields do not say it all. */
  sends?: string
  /** What it answers, its failures and their messages, for the API table (docs/api.md). */
  answers: string
  /** The JSON body, checked with the entity's shared schema before the handler runs. */
  body?: z.ZodMiniType
  /** The most the body may hold, when it is not the usual 64 KB. */
  maxBytes?: number
  /** The query string, checked likewise. */
  query?: z.ZodMiniType
  /**
   * Bodies read besides JSON, which the handler then reads itself: `form` for the page's own no-JS
   * form (the handler then gets no `body`), `multipart` for a mail provider's one-click
   * unsubscribe, `bytes` for a media part. Any other type is refused (415) before the handler runs.
   */
  accepts?: readonly ('form' | 'multipart' | 'bytes')[]
  answer?: Answer<object>
  /** The success status when it is not 200. */
  status?: 201 | 202
  served?: Served
}

export type EndpointContract = {
  endpoint: Endpoint
  /** Path parameters that name a record, each with its message: one that cannot be an id is answered 404. */
  ids?: Readonly<Record<string, string>>
  methods: Partial<Record<Method, MethodContract>>
}

/** Declares a contract; `const` keeps each literal (paths, methods, access) for the types below. */
export const contract = <const C extends EndpointContract>(c: C): C => c

/** The names of a path's `:name` parameters, as a type: `'/a/:id/b/:n'` → `'id' | 'n'`. */
export type ParamNames<P> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

export type ParamsOf<C extends EndpointContract> = C['endpoint'] extends { path: infer P }
  ? Record<ParamNames<P>, string>
  : Record<never, string>

export type MethodOf<C extends EndpointContract, M extends keyof C['methods']> = C['methods'][M] & MethodContract

/** The checked body a handler receives (nothing when the method reads none). */
export type BodyOf<MC> = MC extends { body: infer S extends z.ZodMiniType }
  ? z.output<S> | (MC extends { accepts: readonly (infer T)[] } ? ('form' extends T ? null : never) : never)
  : undefined
export type QueryOf<MC> = MC extends { query: infer S extends z.ZodMiniType } ? z.output<S> : undefined
/** What the client sends: the schema's input (defaults may be left out). */
export type SendOf<MC> = MC extends { body: infer S extends z.ZodMiniType } ? z.input<S> : undefined
export type SendQueryOf<MC> = MC extends { query: infer S extends z.ZodMiniType } ? z.input<S> : undefined
export type AnswerOf<MC> = MC extends { answer: Answer<infer T> } ? T : Record<never, never>
