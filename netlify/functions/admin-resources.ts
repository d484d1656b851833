import type { Config } from '@netlify/functions'
import { RESOURCE_MESSAGES, ResourceInputSchema, ResourceUpdateSchema } from '../../domain/resource'
import { requireEditor } from '../lib/auth'
import { resources } from '../lib/data/resources'
import { json, readBody, route } from '../lib/http'

/** /api/admin/resources: every resource with exact download counts; create and update (docs/decisions.md, Resource editing). */
export default route({
  GET: async (req) => {
    await requireEditor(req)
    return json({ success: true, resources: await resources.listWithExactCounts() })
  },

  POST: async (req) => {
    const { user } = await requireEditor(req)
    const input = await readBody(req, ResourceInputSchema)
    const resource = await resources.create(input, user.username)
    return json({ success: true, resource, message: RESOURCE_MESSAGES.created }, { status: 201 })
  },

  PUT: async (req) => {
    await requireEditor(req)
    const { id, ...input } = await readBody(req, ResourceUpdateSchema)
    const resource = await resources.update(id, input)
    return json({ success: true, resource, message: RESOURCE_MESSAGES.updated })
  },
})

export const config: Config = { path: '/api/admin/resources' }
