import type { Config } from '@netlify/functions'
import * as z from 'zod/mini'
import {
  SENDGRID_EVENTS_MAX_BYTES,
  SendGridBatchSchema,
  SendGridEventSchema,
  stopsOf,
  type SendGridEvent,
} from '#domain/sendgrid-event.ts'
import { sendgridEvents } from '#domain/api/site.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { HttpError, parseWith, readLimitedBytes } from '#lib/http/route.ts'
import { signedHeaders, verifySignature, webhookKey } from '#lib/email/sendgrid-webhook.ts'

/** Addresses updated at once: a large batch of bounces should not open hundreds of requests together. */
const PARALLEL = 8

/**
 * POST /api/sendgrid/events: SendGrid's Signed Event Webhook. A permanent bounce, a drop for a bad
 * address and a spam report stop all mail to that subscriber, with SendGrid's reason for the admin;
 * every other event, and any address not on the list, is acknowledged and ignored. SendGrid
 * retries anything but a 2xx, so a batch is answered as soon as it is applied.
 */
export default endpoint(sendgridEvents, {
  POST: async ({ req }) => {
    const key = webhookKey()
    const signed = signedHeaders(req)
    const body = await readLimitedBytes(req, SENDGRID_EVENTS_MAX_BYTES)
    verifySignature(key, signed, body)
    const stops = stopsOf(parseEvents(body))
    for (let i = 0; i < stops.length; i += PARALLEL) {
      await Promise.all(stops.slice(i, i + PARALLEL).map((stop) => subscribers.stop(stop)))
    }
    return {}
  },
})

/** The batch's events in order; an event that is not one (no address, a number for a name) is skipped. */
function parseEvents(body: Uint8Array): SendGridEvent[] {
  let data: unknown
  try {
    data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body))
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON')
  }
  const items = parseWith(SendGridBatchSchema, data)
  return items.flatMap((item) => {
    const parsed = z.safeParse(SendGridEventSchema, item)
    return parsed.success ? [parsed.data] : []
  })
}

export const config: Config = { path: '/api/sendgrid/events' }
