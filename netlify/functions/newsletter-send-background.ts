import * as z from 'zod/mini'
import { IdSchema } from '#domain/fields.ts'
import { newsletterSendWorker } from '#domain/api/mail.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { runtimeOf } from '#lib/config/env.ts'
import { HttpError, readBody } from '#lib/http/route.ts'
import { isWorkerSecret, runSend, WORKER_SECRET_HEADER } from '#lib/newsletter/sender.ts'

/**
 * POST /.netlify/functions/newsletter-send-background: the send worker, a background function
 * (the `-background` name: Netlify answers 202 at once and lets it run up to 15 minutes). Only
 * the site itself calls it, with a secret derived from JWT_SECRET (newsletter-sender.ts); it acts
 * only on a newsletter in `sending`, and a run already working keeps it to itself (the lease).
 */
export default endpoint(newsletterSendWorker, {
  POST: async ({ req, context }) => {
    if (!isWorkerSecret(req.headers.get(WORKER_SECRET_HEADER))) throw new HttpError(404, 'Not found')
    const { id } = await readBody(req, z.object({ id: IdSchema }))
    const outcome = await runSend(id, { runtime: runtimeOf(context) })
    console.log('newsletter send run:', id, outcome)
    return { outcome }
  },
})
