import type { Config } from '@netlify/functions'
import { requireAdmin } from '../lib/auth'
import { bookings } from '../lib/data/bookings'
import { json, route } from '../lib/http'

/** GET /api/admin/bookings: every stored booking request, newest first (admins only; docs/decisions.md, Bookings are kept). */
export default route({
  GET: async (req) => {
    await requireAdmin(req)
    return json({ success: true, bookings: await bookings.list() })
  },
})

export const config: Config = { path: '/api/admin/bookings' }
