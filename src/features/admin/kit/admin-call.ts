import type { EndpointContract, Method } from '#domain/api/contract.ts'
import { callEndpoint, type EndpointCall } from '#src/lib/endpoint-call.ts'
import { readSession } from '#src/lib/session.ts'

/**
 * One admin call, by its endpoint's contract (domain/api/), so what it sends and what it answers
 * are the contract's types; it carries the Bearer token (docs/product.md, Admin calls). Each room
 * lists its own calls with it (posts/posts-api.ts, …).
 */
export const adminCall = <C extends EndpointContract, M extends keyof C['methods'] & Method>(
  contract: C,
  method: M,
  options: EndpointCall<C, M> = {},
) => callEndpoint(contract, method, { ...options, token: readSession()?.token ?? '' })
