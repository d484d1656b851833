import type { ENDPOINTS } from '#domain/endpoints.ts'
import * as account from './account'
import * as booking from './booking'
import type { EndpointContract } from './contract'
import * as library from './library'
import * as mail from './mail'
import * as pages from './pages'
import * as posts from './posts'
import * as site from './site'

/**
 * Every endpoint's contract, by its name in the route map. The one endpoint left out answers any
 * other /api address with a JSON 404: it has no methods of its own to promise.
 */
export const CONTRACTS = { ...site, ...account, ...posts, ...library, ...mail, ...pages, ...booking } as const satisfies Record<
  Exclude<keyof typeof ENDPOINTS, 'apiNotFound'>,
  EndpointContract
>

export type ContractName = keyof typeof CONTRACTS
