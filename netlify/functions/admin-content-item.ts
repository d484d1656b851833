import type { Config } from '@netlify/functions'
import { adminContentItem } from '#domain/api/library.ts'
import { CONTENT_MESSAGES } from '#domain/content-item.ts'
import { CHANGE_FIELDS, describeRecord } from '#domain/activity.ts'
import { activity } from '#lib/data/activity.ts'
import { content } from '#lib/data/content.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { CACHE_TAGS, purgeCdn } from '#lib/http/cdn.ts'

/** DELETE /api/admin/content/{id} */
export default endpoint(adminContentItem, {
  DELETE: async ({ session: { user }, params: { id } }) => {
    const removed = await content.remove(id)
    const changes = describeRecord(removed, CHANGE_FIELDS.content)
    await activity.record(user, {
      action: 'deleted',
      subject: 'content',
      recordId: removed.id,
      label: `${removed.section} / ${removed.key}`,
      changes,
    })
    await purgeCdn(CACHE_TAGS.content)
    return { message: CONTENT_MESSAGES.deleted }
  },
})

export const config: Config = { path: '/api/admin/content/:id' }
