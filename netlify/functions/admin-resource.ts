import type { Config } from '@netlify/functions'
import { adminResource } from '../../domain/api/library'
import { RESOURCE_MESSAGES } from '../../domain/resource'
import { CHANGE_FIELDS, describeRecord } from '../../domain/activity'
import { activity } from '../lib/data/activity'
import { resources } from '../lib/data/resources'
import { endpoint } from '../lib/endpoint'
import { CACHE_TAGS, purgeCdn } from '../lib/cdn'

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
