import type { Config } from '@netlify/functions'
import * as z from 'zod/mini'
import { SendGridBatchSchema, SendGridEventSchema, stopsOf } from '#domain/sendgrid-event.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { devOnly } from '#lib/demo/guard.ts'
import { json, readBody, route } from '#lib/http/route.ts'

const BodySchema = z.object({ events: SendGridBatchSchema })

/**
 * POST /api/dev/mail-events { events: [SendGrid events] }, local development only (see lib/demo/guard.ts):
 * what SendGrid's Event Webhook would tell a deployed site (a bounce, a spam report), applied by
 * the same rules (domain/sendgrid-event.ts stopsOf) without its signature. Locally no mail leaves
 * the outbox, so nothing else can make an address Bounced or Marked as spam, to see and try the
 * admin's Clear stop, or for a browser test to.
 */
export default devOnly(
  route({
    POST: async (req) => {
      const { events: items } = await readBody(req, BodySchema)
      const events = items.flatMap((item) => {
        const parsed = z.safeParse(SendGridEventSchema, item)
        return parsed.success ? [parsed.data] : []
      })
      const outcomes = await Promise.all(stopsOf(events).map((stop) => subscribers.stop(stop)))
      return json({ success: true, stopped: outcomes.filter((outcome) => outcome === 'stopped').length })
    },
  }),
)

export const config: Config = { path: '/api/dev/mail-events' }
