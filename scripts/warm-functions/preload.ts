/**
 * Loaded into the browser tests' `netlify serve` (node --import, set by scripts/test-servers.ts):
 * keeps one warm instance per function instead of the CLI's fresh worker thread per call.
 *
 * netlify-cli runs every call of a v2 function in a new worker thread that loads its runtime, the
 * function's bundle and its packages anew: 200 to 600 ms of CPU per call, most of the browser
 * tests' time on two cores. Netlify itself keeps a function's instance warm between calls, so a
 * warm instance per function is also nearer to production than a cold start per call. Only the
 * CLI's function worker is replaced; every other worker thread is left alone, and nothing of this
 * runs under `npm run dev` or in a deploy.
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
  const warm = new Map<string, { worker: WorkerType; calls: Map<number, EventEmitter> }>()
  let nextId = 0

  const instanceFor = (entry: string, cliWorker: string, options: WorkerOptions) => {
    let instance = warm.get(entry)
    if (!instance) {
      const worker = new Original(WARM_WORKER, { env: options.env, workerData: { cliWorker } })
      const calls = new Map<number, EventEmitter>()
      worker.on('message', ({ id, result, error }: Answer) => {
        const call = calls.get(id)
        calls.delete(id)
        if (error) console.error(`warm function ${entry} failed:`, error.stack ?? error.message)
        if (error) call?.emit('error', Object.assign(new Error(error.message), { stack: error.stack }))
        else call?.emit('message', result)
      })
      // A crashed instance fails its calls in flight; the next call starts a fresh one.
      worker.on('error', (error) => {
        console.error(`warm function ${entry} crashed:`, error)
        warm.delete(entry)
        for (const call of calls.values()) call.emit('error', error)
      })
      instance = { worker, calls }
      warm.set(entry, instance)
    }
    return instance
  }

  // Called with `new`: an object returned from a constructor function is what `new` gives.
  function Worker(this: unknown, url: string | URL, options: WorkerOptions = {}) {
    const cliWorker = url instanceof URL ? url.pathname : String(url)
    if (!CLI_WORKER.test(cliWorker)) return new Original(url, options)
    const call = new EventEmitter()
    const id = nextId++
    const data = options.workerData as { entryFilePath: string }
    const instance = instanceFor(data.entryFilePath, cliWorker, options)
    instance.calls.set(id, call)
    instance.worker.postMessage({ id, workerData: options.workerData })
    return call
  }
  threads.Worker = Worker as unknown as typeof WorkerType
  syncBuiltinESMExports()
}
