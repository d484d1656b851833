import type { Config } from '@netlify/functions'
import { adminContentItem } from '#domain/api/library.ts'
import { CONTENT_MESSAGES } from '#domain/content-item.ts'
import { content } from '#lib/data/content.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/** DELETE /api/admin/content/{id} */
export default endpoint(adminContentItem, {
  DELETE: async ({ session: { user }, params: { id } }) => {
    await content.remove(id, { by: user })
    return { message: CONTENT_MESSAGES.deleted }
  },
})

export const config: Config = { path: '/api/admin/content/:id' }
