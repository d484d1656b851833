import * as z from 'zod/mini'
import { EMAIL_MAX } from '../../domain/fields'
import { SUBSCRIBE_MESSAGES, SubscribeSchema } from '../../domain/subscriber'
import { requireEditor } from '../lib/auth'
import { subscribers } from '../lib/data/subscribers'
import { runtimeOf } from '../lib/env'
import { json, parseWith, readBody, route } from '../lib/http'
import { sendWelcome } from '../lib/newsletter'
import { limitPublicForm } from '../lib/public-forms'

const ListQuerySchema = z.object({
  // The start of an address: no longer than an address can be (254 bytes, whatever the letters).
  search: z._default(z.string().check(z.refine((text) => Buffer.byteLength(text) <= EMAIL_MAX, { error: 'Search is too long' })), ''),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
})

/**
 * /api/subscribers (also /.netlify/functions/subscribers, see netlify.toml).
 * POST subscribes anyone; GET lists them for signed-in admins and editors.
 */
export default route({
  POST: async (req, context) => {
    const { email, website } = await readBody(req, SubscribeSchema)
    // A filled honeypot is a bot: answer as if it worked, keep nothing.
    if (website) return json({ success: true, message: SUBSCRIBE_MESSAGES.success })
    await limitPublicForm('subscribe', req, context)
    const { created } = await subscribers.add(email)
    if (created) await sendWelcome(email, runtimeOf(context), req).catch((error) => console.error('welcome email failed:', error))
    return json({ success: true, message: SUBSCRIBE_MESSAGES.success })
  },

  GET: async (req) => {
    await requireEditor(req)
    const params = Object.fromEntries(new URL(req.url).searchParams)
    const { search, page } = parseWith(ListQuerySchema, params)
    return json({ success: true, ...(await subscribers.page({ search, page })) })
  },
})
