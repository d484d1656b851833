import type { Config } from '@netlify/functions'
import { adminResources } from '#domain/api/library.ts'
import { RESOURCE_MESSAGES } from '#domain/resource.ts'
import { resources } from '#lib/data/resources.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/** /api/admin/resources: every resource with exact download counts; create and update (docs/decisions.md, Resource editing). */
export default endpoint(adminResources, {
  GET: async () => ({ resources: await resources.listWithExactCounts() }),

  POST: async ({ session: { user }, body: input }) => {
    const resource = await resources.create(input, user.username, { by: user })
    return { resource, message: RESOURCE_MESSAGES.created }
  },

  PUT: async ({ session: { user }, body: { id, ...input } }) => {
    const resource = await resources.update(id, input, { by: user })
    return { resource, message: RESOURCE_MESSAGES.updated }
  },
})

export const config: Config = { path: '/api/admin/resources' }
