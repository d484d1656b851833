import type { Config } from '@netlify/functions'
import { ActivityQuerySchema } from '../../domain/activity'
import { requireAdmin } from '../lib/auth'
import { activity } from '../lib/data/activity'
import { json, parseWith, route } from '../lib/http'

/**
 * GET /api/admin/activity?subject=&actor=&after=&limit=: the history of admin writes, newest first, a
 * page at a time (`next` asks for the following page). Admins only: it names bookings and users.
 */
export default route({
  GET: async (req) => {
    await requireAdmin(req)
    const params = new URL(req.url).searchParams
    const query = parseWith(ActivityQuerySchema, {
      subject: params.get('subject') || undefined,
      actor: params.get('actor') || undefined,
      after: params.get('after') || undefined,
      limit: params.get('limit') || undefined,
    })
    const { entries, next } = await activity.list(query, query.limit)
    return json({ success: true, entries, next })
  },
})

export const config: Config = { path: '/api/admin/activity' }
