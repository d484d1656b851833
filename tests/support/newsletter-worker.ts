import type { Context } from '@netlify/functions'
import { functionPath } from '#domain/route-map.ts'
import { ENDPOINTS } from '#domain/endpoints.ts'
import { answerInProcess } from './in-process-fetch'

const WORKER_PATH = functionPath(ENDPOINTS.newsletterSendWorker.function)

/** What netlify dev gives a function (netlify/lib/config/env.ts runtimeOf: no deploy id, region "dev"). */
const LOCAL_CONTEXT = { deploy: { context: '', id: '', published: false }, server: { region: 'dev' } } as unknown as Context

/**
 * Function tests call handlers in-process, so nothing answers the address a send asks its
 * background worker at (netlify/lib/newsletter/sender.ts httpTrigger). Here a call to that
 * address on any host runs the worker's own handler, secret check and all, as netlify dev would
 * (locally: what it sends goes to the outbox, never to SendGrid), and answers 202 once it has
 * finished, so no send keeps writing into the next test. Tests that replace the trigger
 * (setTrigger) never get here.
 */
export function runNewsletterWorkerInProcess() {
  answerInProcess(WORKER_PATH, async (request) => {
    const worker = (await import('#functions/newsletter-send-background.ts')).default
    const answer = await worker(request, LOCAL_CONTEXT)
    return answer.ok ? new Response(null, { status: 202 }) : answer
  })
}
