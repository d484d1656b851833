import type { Config } from '@netlify/functions'
import { adminResource } from '#domain/api/library.ts'
import { RESOURCE_MESSAGES } from '#domain/resource.ts'
import { CHANGE_FIELDS, describeRecord } from '#domain/activity.ts'
import { activity } from '#lib/data/activity.ts'
import { resources } from '#lib/data/resources.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { CACHE_TAGS, purgeCdn } from '#lib/http/cdn.ts'

/** DELETE /api/admin/resources/{id} */
export default endpoint(adminResource, {
  DELETE: async ({ session: { user }, params: { id } }) => {
    const removed = await resources.remove(id)
    const changes = describeRecord(removed, CHANGE_FIELDS.resource)
    await activity.record(user, { action: 'deleted', subject: 'resource', recordId: removed.id, label: removed.title, changes })
    await purgeCdn(CACHE_TAGS.resources)
    return { message: RESOURCE_MESSAGES.deleted }
  },
})

export const config: Config = { path: '/api/admin/resources/:id' }
