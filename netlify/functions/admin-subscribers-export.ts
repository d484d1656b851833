import type { Config } from '@netlify/functions'
import { toCsv } from '../../domain/csv'
import { requireEditor } from '../lib/auth'
import { activity } from '../lib/data/activity'
import { subscribers } from '../lib/data/subscribers'
import { route, SECURITY_HEADERS } from '../lib/http'

/** GET /api/admin/subscribers/export: the whole list as CSV (docs/decisions.md, Subscribers). */
export default route({
  GET: async (req) => {
    const { user } = await requireEditor(req)
    const rows = (await subscribers.all()).map((s) => [s.email, s.created_at, s.state, s.confirmed_at ?? ''])
    // Not a write, but the whole list leaving the site is worth a line in the history.
    const changes = [`${rows.length} addresses, as subscribers.csv`]
    await activity.record(user, { action: 'exported', subject: 'subscriber', recordId: 'all', label: 'Subscriber list', changes })
    const csv = toCsv([['email', 'created_at', 'state', 'confirmed_at'], ...rows])
    return new Response(csv, {
      headers: {
        ...SECURITY_HEADERS,
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="subscribers.csv"',
        'Cache-Control': 'no-store',
      },
    })
  },
})

export const config: Config = { path: '/api/admin/subscribers/export' }
