import type { Context } from '@netlify/functions'
import { ENDPOINTS, functionPath } from '#domain/route-map.ts'

/**
 * Function tests call handlers in-process, so nothing answers the address the exports endpoint
 * asks to run the background export at. Here a call to that address on any host runs the
 * background function's own handler, as the platform would, and answers 202 once it has
 * finished: a test reads a finished job, and no job keeps writing into the next test.
 */
const WORKER_PATH = functionPath(ENDPOINTS.subscribersExportWorker.function)

const urlOf = (input: RequestInfo | URL) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)

export function runExportWorkerInProcess() {
  const realFetch = globalThis.fetch
  globalThis.fetch = async (input, init) => {
    // Read the address without making a Request of it: that would use up a Request's body, which
    // every other call (Blobs writes through msw) must pass on untouched.
    if (new URL(urlOf(input)).pathname !== WORKER_PATH) return realFetch(input, init)
    const request = new Request(input, init)
    const worker = (await import('#functions/subscribers-export-background.ts')).default
    // The platform gives a background function a context like any other; it reads nothing from it.
    const answer = await worker(request, {} as Context)
    return new Response(null, { status: answer.status === 401 ? 401 : 202 })
  }
}
