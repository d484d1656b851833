import type { AnswerOf, EndpointContract, Method, ParamsOf, SendOf } from '#domain/api/contract.ts'
import { endpointPath, functionPath } from '#domain/route-map.ts'
import { api, byHost } from './api-client'

/*
 * Calls by contract, for the admin: a module of its own, so the public pages (which make a few
 * fixed calls through api-client.ts) do not carry it.
 */

type MethodRules<C extends EndpointContract, M extends keyof C['methods']> = NonNullable<C['methods'][M]>

/** What a call to an endpoint sends, typed from its contract: its path's ids, its body, a query string. */
export type EndpointCall<C extends EndpointContract, M extends keyof C['methods']> = {
  params?: ParamsOf<C>
  body?: SendOf<MethodRules<C, M>>
  query?: Record<string, string | number | undefined>
  token?: string
  signal?: AbortSignal
}

/**
 * A call to an endpoint by its contract (domain/api/): the address from the route map, and the
 * answer typed as the contract declares it (plus the server's `message`).
 */
export function callEndpoint<C extends EndpointContract, M extends keyof C['methods'] & Method>(
  contract: C,
  method: M,
  { params, body, query, token, signal }: EndpointCall<C, M> = {},
): Promise<AnswerOf<MethodRules<C, M>> & { message?: string }> {
  const { endpoint } = contract
  const path =
    endpoint.served === 'function-only'
      ? functionPath(endpoint.function)
      : endpoint.served === 'rewrite'
        ? byHost(endpoint)
        : endpointPath(endpoint.path, params as Record<string, string>)
  const search = new URLSearchParams(
    Object.entries(query ?? {}).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
  ).toString()
  return api<AnswerOf<MethodRules<C, M>> & { message?: string }>(search ? `${path}?${search}` : path, { method, body, token, signal })
}
