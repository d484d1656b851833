import type { Config } from '@netlify/functions'
import { CONTENT_MESSAGES } from '../../domain/content-item'
import { CHANGE_FIELDS, describeRecord } from '../../domain/activity'
import { requireEditor } from '../lib/auth'
import { activity } from '../lib/data/activity'
import { content } from '../lib/data/content'
import { json, pathParam, route } from '../lib/http'
import { CACHE_TAGS, purgeCdn } from '../lib/cdn'

/** DELETE /api/admin/content/{id} */
export default route({
  DELETE: async (req, context) => {
    const { user } = await requireEditor(req)
    const removed = await content.remove(pathParam(context, 'id', CONTENT_MESSAGES.notFound))
    const changes = describeRecord(removed, CHANGE_FIELDS.content)
    await activity.record(user, {
      action: 'deleted',
      subject: 'content',
      recordId: removed.id,
      label: `${removed.section} / ${removed.key}`,
      changes,
    })
    await purgeCdn(CACHE_TAGS.content)
    return json({ success: true, message: CONTENT_MESSAGES.deleted })
  },
})

export const config: Config = { path: '/api/admin/content/:id' }
