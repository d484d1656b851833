import type { Config } from '@netlify/functions'
import { adminResources } from '#domain/api/library.ts'
import { RESOURCE_MESSAGES } from '#domain/resource.ts'
import { CHANGE_FIELDS, describeChanges, describeRecord } from '#domain/activity.ts'
import { activity } from '#lib/data/activity.ts'
import { resources } from '#lib/data/resources.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { CACHE_TAGS, purgeCdn } from '#lib/http/cdn.ts'

/** /api/admin/resources: every resource with exact download counts; create and update (docs/decisions.md, Resource editing). */
export default endpoint(adminResources, {
  GET: async () => ({ resources: await resources.listWithExactCounts() }),

  POST: async ({ session: { user }, body: input }) => {
    const resource = await resources.create(input, user.username)
    const changes = describeRecord(resource, CHANGE_FIELDS.resource)
    await activity.record(user, { action: 'created', subject: 'resource', recordId: resource.id, label: resource.title, changes })
    await purgeCdn(CACHE_TAGS.resources)
    return { resource, message: RESOURCE_MESSAGES.created }
  },

  PUT: async ({ session: { user }, body: { id, ...input } }) => {
    const before = await resources.get(id)
    const resource = await resources.update(id, input)
    const changes = before ? describeChanges(before, resource, CHANGE_FIELDS.resource) : []
    await activity.record(user, { action: 'updated', subject: 'resource', recordId: id, label: resource.title, changes })
    await purgeCdn(CACHE_TAGS.resources)
    return { resource, message: RESOURCE_MESSAGES.updated }
  },
})

export const config: Config = { path: '/api/admin/resources' }
