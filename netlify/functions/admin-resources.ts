import type { Config } from '@netlify/functions'
import { RESOURCE_MESSAGES, ResourceInputSchema, ResourceUpdateSchema } from '../../domain/resource'
import { CHANGE_FIELDS, describeChanges, describeRecord } from '../../domain/activity'
import { requireEditor } from '../lib/auth'
import { activity } from '../lib/data/activity'
import { resources } from '../lib/data/resources'
import { json, readBody, route } from '../lib/http'
import { CACHE_TAGS, purgeCdn } from '../lib/cdn'

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
    const changes = describeRecord(resource, CHANGE_FIELDS.resource)
    await activity.record(user, { action: 'created', subject: 'resource', recordId: resource.id, label: resource.title, changes })
    await purgeCdn(CACHE_TAGS.resources)
    return json({ success: true, resource, message: RESOURCE_MESSAGES.created }, { status: 201 })
  },

  PUT: async (req) => {
    const { user } = await requireEditor(req)
    const { id, ...input } = await readBody(req, ResourceUpdateSchema)
    const before = await resources.get(id)
    const resource = await resources.update(id, input)
    const changes = before ? describeChanges(before, resource, CHANGE_FIELDS.resource) : []
    await activity.record(user, { action: 'updated', subject: 'resource', recordId: id, label: resource.title, changes })
    await purgeCdn(CACHE_TAGS.resources)
    return json({ success: true, resource, message: RESOURCE_MESSAGES.updated })
  },
})

export const config: Config = { path: '/api/admin/resources' }
