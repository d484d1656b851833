import type { Config } from '@netlify/functions'
import { resources as contract } from '../../domain/api/site'
import { toPublicResource } from '../../domain/resource'
import { resources } from '../lib/data/resources'
import { endpoint } from '../lib/endpoint'
import { publicJson } from '../lib/http'
import { CACHE_TAGS } from '../lib/cdn'

/** GET /api/resources: the active resources, for the public Resources page. */
export default endpoint(contract, {
  GET: async ({ req }) => {
    const active = (await resources.list()).filter((resource) => resource.isActive).map(toPublicResource)
    return publicJson(req, { success: true, resources: active }, { tags: [CACHE_TAGS.resources], query: [] })
  },
})

export const config: Config = { path: '/api/resources' }
