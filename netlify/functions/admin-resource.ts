import type { Config } from '@netlify/functions'
import { RESOURCE_MESSAGES } from '../../domain/resource'
import { CHANGE_FIELDS, describeRecord } from '../../domain/activity'
import { requireEditor } from '../lib/auth'
import { activity } from '../lib/data/activity'
import { resources } from '../lib/data/resources'
import { json, pathParam, route } from '../lib/http'
import { CACHE_TAGS, purgeCdn } from '../lib/cdn'

/** DELETE /api/admin/resources/{id} */
export default route({
  DELETE: async (req, context) => {
    const { user } = await requireEditor(req)
    const removed = await resources.remove(pathParam(context, 'id', RESOURCE_MESSAGES.notFound))
    const changes = describeRecord(removed, CHANGE_FIELDS.resource)
    await activity.record(user, { action: 'deleted', subject: 'resource', recordId: removed.id, label: removed.title, changes })
    await purgeCdn(CACHE_TAGS.resources)
    return json({ success: true, message: RESOURCE_MESSAGES.deleted })
  },
})

export const config: Config = { path: '/api/admin/resources/:id' }
