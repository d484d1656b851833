import type { Config } from '@netlify/functions'
import { CONTENT_MESSAGES, ContentInputSchema } from '../../domain/content-item'
import { CHANGE_FIELDS, describeChanges, describeRecord } from '../../domain/activity'
import { requireEditor } from '../lib/auth'
import { activity } from '../lib/data/activity'
import { content } from '../lib/data/content'
import { json, readBody, route } from '../lib/http'
import { CACHE_TAGS, purgeCdn } from '../lib/cdn'

/** /api/admin/content: POST creates an item or replaces the one with the same section and key. */
export default route({
  GET: async (req) => {
    await requireEditor(req)
    return json({ success: true, content: await content.list() })
  },

  POST: async (req) => {
    const { user } = await requireEditor(req)
    const input = await readBody(req, ContentInputSchema)
    const before = (await content.list()).find((existing) => existing.section === input.section && existing.key === input.key)
    const item = await content.save(input, user.username)
    await activity.record(user, {
      action: before ? 'updated' : 'created',
      subject: 'content',
      recordId: item.id,
      label: `${item.section} / ${item.key}`,
      changes: before ? describeChanges(before, item, CHANGE_FIELDS.content) : describeRecord(item, CHANGE_FIELDS.content),
    })
    await purgeCdn(CACHE_TAGS.content)
    return json({ success: true, item, message: CONTENT_MESSAGES.saved })
  },
})

export const config: Config = { path: '/api/admin/content' }
