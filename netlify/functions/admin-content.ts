import type { Config } from '@netlify/functions'
import { adminContent } from '#domain/api/library.ts'
import { CONTENT_MESSAGES } from '#domain/content-item.ts'
import { content } from '#lib/data/content.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/** /api/admin/content: POST creates an item or replaces the one with the same section and key. */
export default endpoint(adminContent, {
  GET: async () => ({ content: await content.list() }),

  POST: async ({ session: { user }, body: input }) => {
    const item = await content.save(input, user.username, { by: user })
    return { item, message: CONTENT_MESSAGES.saved }
  },
})

export const config: Config = { path: '/api/admin/content' }
