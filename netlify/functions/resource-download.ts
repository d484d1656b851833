import type { Config } from '@netlify/functions'
import { resourceDownload } from '#domain/api/site.ts'
import { resources } from '#lib/data/resources.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { limitPublicForm } from '#lib/forms/public-forms.ts'

/**
 * POST /api/resources/{id}/download: records one download. The page opens the file itself, so a
 * refusal here (the per-network limit) costs a visitor nothing; it keeps a script from filling
 * storage with download events.
 */
export default endpoint(resourceDownload, {
  POST: async ({ req, context, params: { id } }) => {
    await limitPublicForm('download', req, context)
    await resources.recordDownload(id)
    return {}
  },
})

export const config: Config = { path: '/api/resources/:id/download' }
