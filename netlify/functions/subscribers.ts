import type { Context } from '@netlify/functions'
import * as z from 'zod/mini'
import { EMAIL_MAX } from '../../domain/fields'
import { NEWSLETTER_PAGE_FIELD } from '../../domain/form-answer'
import { SUBSCRIBE_MESSAGES, SUBSCRIBER_STATES, SubscribeSchema, type SubscribeInput } from '../../domain/subscriber'
import { afterAnswer } from '../lib/after-answer'
import { requireEditor } from '../lib/auth'
import { subscribers } from '../lib/data/subscribers'
import { BODY_TYPES } from '../lib/cross-site'
import { runtimeOf } from '../lib/env'
import { answerFormPost } from '../lib/form-answer'
import { isFormPost } from '../lib/form-post'
import { json, parseWith, readBody, route } from '../lib/http'
import { newsletterPage } from '../lib/newsletter-page'
import { limitPublicForm } from '../lib/public-forms'
import { sendConfirmation } from '../lib/subscription-confirm'

const ListQuerySchema = z.object({
  // The start of an address: no longer than an address can be (254 bytes, whatever the letters).
  search: z._default(z.string().check(z.refine((text) => Buffer.byteLength(text) <= EMAIL_MAX, { error: 'Search is too long' })), ''),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  state: z.optional(z.enum(SUBSCRIBER_STATES, { error: 'Unknown subscriber state' })),
})

/**
 * /api/subscribers (also /.netlify/functions/subscribers, see netlify.toml).
 * POST signs anyone up (unconfirmed until they confirm from the emailed link), as JSON from the
 * page's code or form-encoded from the browser itself (answered with the page the form is on);
 * GET lists them, optionally by state, for signed-in admins and editors.
 */
export default route(
  {
    POST: async (req, context) => {
      if (isFormPost(req)) return answerNewsletterForm(req, context)
      await subscribe(await readBody(req, SubscribeSchema), req, context)
      return json({ success: true, message: SUBSCRIBE_MESSAGES.success })
    },

    GET: async (req) => {
      await requireEditor(req)
      const params = Object.fromEntries(new URL(req.url).searchParams)
      const { search, page, state } = parseWith(ListQuerySchema, params)
      return json({ success: true, ...(await subscribers.page({ search, page, state })) })
    },
  },
  { accepts: [BODY_TYPES.form] },
)

async function subscribe({ email, website }: z.output<typeof SubscribeSchema>, req: Request, context: Context): Promise<void> {
  // A filled honeypot is a bot: answer as if it worked, keep nothing.
  if (website) return
  await limitPublicForm('subscribe', req, context)
  // Subscribing twice is one subscriber. Until she confirms, a repeat sends the confirmation again,
  // at most once a day (sendConfirmation); a confirmed subscriber gets nothing, nor does an address
  // that bounced or marked our mail as spam. Nothing before the answer depends on who is on the
  // list: only the signup's marker is written first (the same write for everyone, which also makes
  // an outage answer 503), and the record is looked up, made and mailed after the answer has gone.
  // So neither the answer, its timing nor the storage calls a platform may report in its headers
  // tell anyone who is on the list or what became of them.
  await subscribers.markSignup(email)
  afterAnswer(context, 'signup', async () => {
    const { state } = await subscribers.createPending(email)
    if (state === 'pending') await sendConfirmation(email, runtimeOf(context))
  })
}

function answerNewsletterForm(req: Request, context: Context): Promise<Response> {
  return answerFormPost(req, context, {
    fields: ['email', 'website', NEWSLETTER_PAGE_FIELD],
    async act(fields) {
      const input: SubscribeInput = { email: fields.email ?? '', website: fields.website }
      const parsed = z.safeParse(SubscribeSchema, input)
      if (!parsed.success) return { ok: false, message: SUBSCRIBE_MESSAGES.invalidEmail }
      await subscribe(parsed.data, req, context)
      return { ok: true, message: SUBSCRIBE_MESSAGES.success }
    },
    page: (outcome, fields) =>
      newsletterPage(fields[NEWSLETTER_PAGE_FIELD], {
        form: 'newsletter',
        ok: outcome.ok,
        message: outcome.message,
        email: outcome.ok ? '' : (fields.email ?? ''),
      }),
  })
}
