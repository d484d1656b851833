import type { Config } from '@netlify/functions'
import { outbox } from '#lib/data/outbox.ts'
import { devOnly } from '#lib/demo/guard.ts'
import { json, route } from '#lib/http/route.ts'

/**
 * GET /api/dev/outbox, local development only (see lib/demo/guard.ts): the emails "sent" while no
 * SendGrid key is set, oldest first, for developers and browser tests.
 */
export default devOnly(
  route({
    GET: async () => json({ success: true, emails: await outbox.list() }),
  }),
)

export const config: Config = { path: '/api/dev/outbox' }
