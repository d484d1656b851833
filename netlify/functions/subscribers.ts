import type { Context } from '@netlify/functions'
import * as z from 'zod/mini'
import { subscribers as contract } from '#domain/api/site.ts'
import { NEWSLETTER_PAGE_FIELD } from '#domain/form-answer.ts'
import { SUBSCRIBE_MESSAGES, SubscribeSchema, type SubscribeInput } from '#domain/subscriber.ts'
import { afterAnswer } from '#lib/http/after-answer.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { runtimeOf } from '#lib/config/env.ts'
import { answerFormPost } from '#lib/forms/answer.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { newsletterPage } from '#lib/newsletter/page.ts'
import { limitPublicForm } from '#lib/forms/public-forms.ts'
import { sendConfirmation } from '#lib/subscribers/confirm.ts'

/**
 * /api/subscribers (also /.netlify/functions/subscribers, see netlify.toml).
 * POST signs anyone up (unconfirmed until they confirm from the emailed link), as JSON from the
 * page's code or form-encoded from the browser itself (answered with the page the form is on);
 * GET lists them, optionally by state, for signed-in admins and editors.
 */
export default endpoint(contract, {
  POST: async ({ req, context, body }) => {
    // No JSON body: the browser's own form post, answered with the page the form is on.
    if (body === null) return answerNewsletterForm(req, context)
    await subscribe(body, req, context)
    return { message: SUBSCRIBE_MESSAGES.success }
  },

  GET: async ({ query }) => subscribers.page(query),
})

async function subscribe({ email, website }: z.output<typeof SubscribeSchema>, req: Request, context: Context): Promise<void> {
  // A filled honeypot is a bot: answer as if it worked, keep nothing.
  if (website) return
  await limitPublicForm('subscribe', req, context)
  // Subscribing twice is one subscriber. Until she confirms, a repeat sends the confirmation again,
  // at most once a day (sendConfirmation); a confirmed subscriber gets nothing, nor does an address
  // that bounced or marked our mail as spam. Nothing before the answer depends on who is on the
  // list: only the signup's marker is written (the same write for everyone, and the signup's
  // record of it: a storage outage answers 503), and the record is looked up or made, and mailed,
  // after the answer. So neither the answer, its timing nor the storage calls a platform may list
  // in its headers tell anyone who is on the list. Should that later work fail, the scheduled
  // maintenance makes the record from the marker (subscribers.repairSignups): none is lost.
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
