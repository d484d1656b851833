import type { Config } from '@netlify/functions'
import { content as contract } from '../../domain/api/site'
import { toSiteTexts } from '../../domain/content-item'
import { content } from '../lib/data/content'
import { endpoint } from '../lib/endpoint'
import { publicJson } from '../lib/http'
import { CACHE_TAGS } from '../lib/cdn'

/** GET /api/content: the site's editable texts by section and key (docs/decisions.md, Editable page texts). */
export default endpoint(contract, {
  GET: async ({ req }) => {
    const texts = toSiteTexts(await content.list())
    return publicJson(req, { success: true, content: texts }, { tags: [CACHE_TAGS.content], query: [] })
  },
})

export const config: Config = { path: '/api/content' }
