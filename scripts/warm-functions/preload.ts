/**
 * Loaded into the browser tests' `netlify serve` (node --import, set by scripts/test-servers.ts):
 * keeps every function warm in one worker thread instead of the CLI's fresh worker thread per call.
 *
 * netlify-cli runs every call of a v2 function in a new worker thread that loads its runtime, the
 * function's bundle and its packages anew: 200 to 600 ms of CPU per call, most of the browser
 * tests' time on two cores. Netlify itself keeps a function's instance warm between calls, so a
 * warm instance per function is also nearer to production than a cold start per call. The
 * functions share one thread: each function's bundle is still imported once and apart (its own
 * modules, its own state), but Node's own modules, fetch and the CLI's runtime load once per
 * server instead of once per function (a thread of its own cost each function about 0.4 s of
 * CPU more to start). Only the CLI's function worker is replaced; every other worker thread is
 * left alone, and nothing of this runs under `npm run dev` or in a deploy.
 */
import { EventEmitter } from 'node:events'
import { createRequire, syncBuiltinESMExports } from 'node:module'
import { isMainThread } from 'node:worker_threads'
import type { Worker as WorkerType, WorkerOptions } from 'node:worker_threads'

const CLI_WORKER = /\/netlify-cli\/dist\/lib\/functions\/runtimes\/js\/worker\.js$/
const WARM_WORKER = new URL('./worker.mjs', import.meta.url)

type Answer = { id: number; result?: unknown; error?: { message: string; stack?: string } }

if (isMainThread) {
  const threads = createRequire(import.meta.url)('node:worker_threads') as { Worker: typeof WorkerType }
  const Original = threads.Worker
  let warm: { worker: WorkerType; calls: Map<number, EventEmitter> } | undefined
  let nextId = 0

  const instanceFor = (cliWorker: string, options: WorkerOptions) => {
    let instance = warm
    if (!instance) {
      const worker = new Original(WARM_WORKER, { env: options.env, workerData: { cliWorker } })
      const calls = new Map<number, EventEmitter>()
      worker.on('message', ({ id, result, error }: Answer) => {
        const call = calls.get(id)
        calls.delete(id)
        if (error) console.error('warm function failed:', error.stack ?? error.message)
        if (error) call?.emit('error', Object.assign(new Error(error.message), { stack: error.stack }))
        else call?.emit('message', result)
      })
      // A crashed instance fails its calls in flight; the next call starts a fresh one.
      worker.on('error', (error) => {
        console.error('warm functions crashed:', error)
        warm = undefined
        for (const call of calls.values()) call.emit('error', error)
      })
      instance = { worker, calls }
      warm = instance
    }
    return instance
  }

  // Called with `new`: an object returned from a constructor function is what `new` gives.
  function Worker(this: unknown, url: string | URL, options: WorkerOptions = {}) {
    const cliWorker = url instanceof URL ? url.pathname : String(url)
    if (!CLI_WORKER.test(cliWorker)) return new Original(url, options)
    const call = new EventEmitter()
    const id = nextId++
    const instance = instanceFor(cliWorker, options)
    instance.calls.set(id, call)
    instance.worker.postMessage({ id, workerData: options.workerData })
    return call
  }
  threads.Worker = Worker as unknown as typeof WorkerType
  syncBuiltinESMExports()
}
