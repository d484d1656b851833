import type { Config } from '@netlify/functions'
import { adminResource } from '#domain/api/library.ts'
import { RESOURCE_MESSAGES } from '#domain/resource.ts'
import { resources } from '#lib/data/resources.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/** DELETE /api/admin/resources/{id} */
export default endpoint(adminResource, {
  DELETE: async ({ session: { user }, params: { id } }) => {
    await resources.remove(id, { by: user })
    return { message: RESOURCE_MESSAGES.deleted }
  },
})

export const config: Config = { path: '/api/admin/resources/:id' }
