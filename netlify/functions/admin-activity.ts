import type { Config } from '@netlify/functions'
import { ActivityQuerySchema } from '#domain/activity.ts'
import { adminActivity } from '#domain/api/posts.ts'
import { activity } from '#lib/data/activity.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { parseWith } from '#lib/http/route.ts'

/**
 * GET /api/admin/activity?subject=&actor=&after=&limit=: the history of admin writes, newest first, a
 * page at a time (`next` asks for the following page). Admins only: it names bookings and users.
 */
export default endpoint(adminActivity, {
  GET: async ({ req }) => {
    // An empty filter (the screen's "all") is no filter.
    const params = new URL(req.url).searchParams
    const query = parseWith(ActivityQuerySchema, {
      subject: params.get('subject') || undefined,
      actor: params.get('actor') || undefined,
      after: params.get('after') || undefined,
      limit: params.get('limit') || undefined,
    })
    const { entries, next } = await activity.list(query, query.limit)
    return { entries, next }
  },
})

export const config: Config = { path: '/api/admin/activity' }
