import type { Config } from '@netlify/functions'
import * as z from 'zod/mini'
import { UnsubscribeSchema } from '#domain/subscriber.ts'
import { unsubscribe as unsubscribeContract } from '#domain/api/site.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { unsubscribes } from '#lib/data/unsubscribes.ts'
import { HttpError } from '#lib/http/route.ts'
import { isValidUnsubscribeToken } from '#lib/subscribers/unsubscribe.ts'

/**
 * POST /api/unsubscribe?email=…&token=…: one POST removes the subscriber (RFC 8058 one-click;
 * mail providers send the body "List-Unsubscribe=One-Click", form-encoded or as multipart form
 * data, which needs no reading here; the page's button sends no body). An
 * address that bounced or complained is kept as it is, so signing up again cannot revive it; the
 * answer is the same, as no mail goes to it either way.
 */
export default endpoint(unsubscribeContract, {
  POST: async ({ req }) => {
    const params = Object.fromEntries(new URL(req.url).searchParams)
    const parsed = z.safeParse(UnsubscribeSchema, params)
    if (!parsed.success) throw new HttpError(400, 'This unsubscribe link is not valid.')
    const { email, token } = parsed.data
    if (!isValidUnsubscribeToken(email, token)) throw new HttpError(400, 'This unsubscribe link is not valid.')
    // A stopped address (bounced, marked as spam) keeps its record, so the stop survives.
    const outcome = await subscribers.unsubscribe(email)
    // Dated, for a newsletter's report ("unsubscribed since it went out"); a repeated click counts once.
    if (outcome === 'removed') await unsubscribes.record()
    return { message: 'You have been unsubscribed.' }
  },
})

export const config: Config = { path: '/api/unsubscribe' }
