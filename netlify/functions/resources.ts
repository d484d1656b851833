import type { Config } from '@netlify/functions'
import { resources as contract } from '#domain/api/site.ts'
import { toPublicResource } from '#domain/resource.ts'
import { resources } from '#lib/data/resources.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { publicJson } from '#lib/http/route.ts'
import { CACHE_TAGS } from '#lib/http/cdn.ts'

/** GET /api/resources: the active resources, for the public Resources page. */
export default endpoint(contract, {
  GET: async ({ req }) => {
    const active = (await resources.list()).filter((resource) => resource.isActive).map(toPublicResource)
    return publicJson(req, { success: true, resources: active }, { tags: [CACHE_TAGS.resources], query: [] })
  },
})

export const config: Config = { path: '/api/resources' }
