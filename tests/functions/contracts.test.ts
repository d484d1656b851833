import { readdir, readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { CONTRACTS } from '#domain/api/index.ts'
import type { EndpointContract } from '#domain/api/contract.ts'
import { SCHEDULED_FUNCTIONS } from '#domain/route-map.ts'
import { ENDPOINTS } from '#domain/endpoints.ts'
import { API_DOC, renderApiDoc } from '#scripts/api-docs.ts'

/**
 * One contract per endpoint (domain/api/): each function is built from its own, and each contract
 * has its function, so neither can be added without the other; docs/api.md is written from them.
 */
const FUNCTIONS = new URL('../../netlify/functions/', import.meta.url)
// Not endpoints: the scheduled jobs have no address, and the /api fallback promises nothing but 404.
const NOT_ENDPOINTS = new Set<string>([...SCHEDULED_FUNCTIONS, ENDPOINTS.apiNotFound.function])

type Built = { default: ((req: Request, context: never) => Promise<Response>) & { contract?: EndpointContract } }

const functionNames = async () =>
  (await readdir(FUNCTIONS)).filter((file) => file.endsWith('.ts')).map((file) => file.slice(0, -'.ts'.length))

describe('contracts', () => {
  it('every function is built from its own contract', async () => {
    const byFunction = new Map<string, EndpointContract>(Object.values(CONTRACTS).map((contract) => [contract.endpoint.function, contract]))
    for (const name of await functionNames()) {
      if (NOT_ENDPOINTS.has(name)) continue
      const built = (await import(`../../netlify/functions/${name}.ts`)) as Built
      expect(built.default.contract, `${name} has no contract (domain/api/)`).toBeDefined()
      expect(built.default.contract, name).toBe(byFunction.get(name))
    }
  })

  it('every contract has its function', async () => {
    const names = new Set(await functionNames())
    for (const [key, contract] of Object.entries(CONTRACTS)) {
      expect(names.has(contract.endpoint.function), `${key}: netlify/functions/${contract.endpoint.function}.ts`).toBe(true)
      expect(contract.endpoint, key).toBe(ENDPOINTS[key as keyof typeof ENDPOINTS])
    }
  })

  it('docs/api.md is written from them (npm run docs:api)', async () => {
    expect(await readFile(API_DOC, 'utf8')).toBe(renderApiDoc())
  })
})
