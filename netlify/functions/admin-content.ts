import type { Config } from '@netlify/functions'
import { adminContent } from '#domain/api/library.ts'
import { CONTENT_MESSAGES } from '#domain/content-item.ts'
import { CHANGE_FIELDS, describeChanges, describeRecord } from '#domain/activity.ts'
import { activity } from '#lib/data/activity.ts'
import { content } from '#lib/data/content.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { CACHE_TAGS, purgeCdn } from '#lib/http/cdn.ts'

/** /api/admin/content: POST creates an item or replaces the one with the same section and key. */
export default endpoint(adminContent, {
  GET: async () => ({ content: await content.list() }),

  POST: async ({ session: { user }, body: input }) => {
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
    return { item, message: CONTENT_MESSAGES.saved }
  },
})

export const config: Config = { path: '/api/admin/content' }
