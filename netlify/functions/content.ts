import type { Config } from '@netlify/functions'
import { content as contract } from '#domain/api/site.ts'
import { toSiteTexts } from '#domain/content-item.ts'
import { content } from '#lib/data/content.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { publicJson } from '#lib/http/route.ts'
import { CACHE_TAGS } from '#lib/http/cdn.ts'

/** GET /api/content: the site's editable texts by section and key (docs/decisions.md, Editable page texts). */
export default endpoint(contract, {
  GET: async ({ req }) => {
    const texts = toSiteTexts(await content.list())
    return publicJson(req, { success: true, content: texts }, { tags: [CACHE_TAGS.content], query: [] })
  },
})

export const config: Config = { path: '/api/content' }
