import type { Context } from '@netlify/functions'
import { functionPath } from '#domain/route-map.ts'
import { ENDPOINTS } from '#domain/endpoints.ts'
import { answerInProcess } from './in-process-fetch'

/**
 * Function tests call handlers in-process, so nothing answers the address the exports endpoint
 * asks to run the background export at. Here a call to that address on any host runs the
 * background function's own handler, as the platform would, and answers 202 once it has
 * finished: a test reads a finished job, and no job keeps writing into the next test.
 */
const WORKER_PATH = functionPath(ENDPOINTS.subscribersExportWorker.function)

export function runExportWorkerInProcess() {
  answerInProcess(WORKER_PATH, async (request) => {
    const worker = (await import('#functions/subscribers-export-background.ts')).default
    // The platform gives a background function a context like any other; it reads nothing from it.
    const answer = await worker(request, {} as Context)
    return new Response(null, { status: answer.status === 401 ? 401 : 202 })
  })
}
