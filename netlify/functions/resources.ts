import type { Config } from '@netlify/functions'
import { toPublicResource } from '../../domain/resource'
import { resources } from '../lib/data/resources'
import { json, route } from '../lib/http'

/** GET /api/resources: the active resources, for the public Resources page. */
export default route({
  GET: async () => {
    const active = (await resources.list()).filter((resource) => resource.isActive).map(toPublicResource)
    return json({ success: true, resources: active }, { headers: { 'Cache-Control': 'public, max-age=0, must-revalidate' } })
  },
})

export const config: Config = { path: '/api/resources' }
