import type { Context } from '@netlify/functions'
import type { Access, AnswerOf, BodyOf, EndpointContract, Method, MethodContract, ParamsOf, QueryOf } from '#domain/api/contract.ts'
import { isId } from '#domain/fields.ts'
import { requireAdmin, requireEditor, requireUser, type Session } from '#lib/auth/session.ts'
import { BODY_TYPES, type BodyType } from './cross-site'
import { isFormPost } from '#lib/forms/post.ts'
import { HttpError, json, parseWith, readBody, route } from './route'

/** The caller a handler gets: a checked session for the signed-in kinds, nothing for the others. */
type SessionFor<A extends Access> = A extends 'signed-in' | 'editor' | 'admin' ? Session : undefined

export type Call<C extends EndpointContract, MC extends MethodContract> = {
  req: Request
  context: Context
  session: SessionFor<MC['access']>
  params: ParamsOf<C>
  body: BodyOf<MC>
  query: QueryOf<MC>
}

/** A handler answers its contract's JSON (sent as `{ success: true, ... }`), or a whole Response (pages, files, forms). */
type Handler<C extends EndpointContract, MC extends MethodContract> = (call: Call<C, MC>) => Promise<AnswerOf<MC> | Response>

export type Handlers<C extends EndpointContract> = {
  [M in keyof C['methods'] & Method]: Handler<C, C['methods'][M] & MethodContract>
}

const GUARDS: Record<Access, ((req: Request) => Promise<Session>) | null> = {
  public: null,
  // Also a session that must choose a new password: it may still sign out or change it.
  'signed-in': (req) => requireUser(req, { passwordChange: true }),
  editor: requireEditor,
  admin: requireAdmin,
  // Both are checked by the function itself, with its own secret or SendGrid's signature.
  worker: null,
  sendgrid: null,
}

const ACCEPTS: Record<NonNullable<MethodContract['accepts']>[number], BodyType> = {
  form: BODY_TYPES.form,
  multipart: BODY_TYPES.multipart,
  bytes: BODY_TYPES.bytes,
}

/**
 * A function from its contract (domain/api/): the route wrapper's checks (cross-site rule, wrong
 * methods, errors as JSON), then for each method the contract's guard, its path ids, query and
 * body, so the handler starts from a checked caller and checked input and returns its answer.
 */
export function endpoint<C extends EndpointContract>(contract: C, handlers: Handlers<C>) {
  const declared = Object.keys(contract.methods).sort().join()
  if (Object.keys(handlers).sort().join() !== declared) {
    throw new Error(`${contract.endpoint.function}: handlers for ${Object.keys(handlers).join()} but the contract has ${declared}`)
  }
  const wrapped: Partial<Record<Method, (req: Request, context: Context) => Promise<Response>>> = {}
  const accepts = new Set<BodyType>()
  for (const [method, handler] of Object.entries(handlers) as [Method, Handler<C, MethodContract>][]) {
    const rules = contract.methods[method]!
    for (const type of rules.accepts ?? []) accepts.add(ACCEPTS[type])
    wrapped[method] = async (req, context) => {
      const session = await GUARDS[rules.access]?.(req)
      const params = checkedParams(contract, context)
      const query = rules.query ? parseWith(rules.query, Object.fromEntries(new URL(req.url).searchParams)) : undefined
      const body =
        rules.body && !(rules.accepts?.includes('form') && isFormPost(req))
          ? await readBody(req, rules.body, rules.maxBytes)
          : rules.body
            ? null
            : undefined
      const answer = await handler({ req, context, session, params, body, query } as Call<C, MethodContract>)
      if (answer instanceof Response) return answer
      return json({ success: true, ...answer }, { status: rules.status ?? 200 })
    }
  }
  return Object.assign(route(wrapped, { accepts: [...accepts] }), { contract })
}

/** The path's parameters; those the contract names as record ids must look like one (else 404). */
function checkedParams<C extends EndpointContract>(contract: C, context: Context): ParamsOf<C> {
  const params: Record<string, string> = { ...context.params }
  for (const [name, notFound] of Object.entries(contract.ids ?? {})) {
    if (!isId(params[name])) throw new HttpError(404, notFound)
  }
  return params as ParamsOf<C>
}
