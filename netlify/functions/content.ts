import type { Config } from '@netlify/functions'
import { toSiteTexts } from '../../domain/content-item'
import { content } from '../lib/data/content'
import { json, route } from '../lib/http'

/** GET /api/content: the site's editable texts by section and key (DECISIONS.md 2). */
export default route({
  GET: async () => {
    const texts = toSiteTexts(await content.list())
    return json({ success: true, content: texts }, { headers: { 'Cache-Control': 'public, max-age=0, must-revalidate' } })
  },
})

export const config: Config = { path: '/api/content' }
