/**
 * A function's warm instance for the browser tests' servers (see preload.ts): imports the
 * function's bundle once and answers every call sent to it, as netlify-cli's one-shot worker
 * (netlify-cli/dist/lib/functions/runtimes/js/worker.js) answers one.
 */
import { createRequire } from 'node:module'
import { createServer, type AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { parentPort, workerData } from 'node:worker_threads'
import type { Readable } from 'node:stream'

type Call = {
  id: number
  workerData: { clientContext: string; entryFilePath: string; environment?: Record<string, string>; event: unknown; timeoutMs: number }
}
type LambdaLocal = { execute(options: Record<string, unknown>): Promise<Record<string, unknown> | null> }

// The CLI's own copies of what its worker uses.
const cliRequire = createRequire((workerData as { cliWorker: string }).cliWorker)
const lambdaLocal = ((await import(pathToFileURL(cliRequire.resolve('lambda-local')).href)) as { default: LambdaLocal }).default
;(lambdaLocal as unknown as { getLogger(): { level: string } }).getLogger().level = 'alert'

let bundle: Promise<unknown> | undefined

const isStream = (value: unknown): value is Readable =>
  value !== null && typeof value === 'object' && typeof (value as Readable).pipe === 'function'

/** A streamed body goes back through a socket of its own, as the CLI expects. */
function streamPort(body: Readable): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => body.pipe(socket).on('end', () => server.close()))
    server.on('error', reject)
    server.listen({ port: 0, host: 'localhost' }, () => resolve((server.address() as AddressInfo).port))
  })
}

async function answer({ id, workerData: call }: Call): Promise<void> {
  try {
    for (const [key, value] of Object.entries(call.environment ?? {})) process.env[key] = value
    bundle ??= import(call.entryFilePath)
    const lambdaFunc = await bundle
    const result = await lambdaLocal.execute({
      clientContext: call.clientContext,
      event: call.event,
      lambdaFunc,
      region: 'dev',
      timeoutMs: call.timeoutMs,
      verboseLevel: 3,
    })
    if (result == null) return parentPort?.postMessage({ id, result })
    if (isStream(result.body)) {
      const { body, ...rest } = result
      return parentPort?.postMessage({ id, result: { ...rest, streamPort: await streamPort(body) } })
    }
    parentPort?.postMessage({ id, result })
  } catch (error) {
    parentPort?.postMessage({
      id,
      error: error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) },
    })
  }
}

parentPort?.on('message', (call: Call) => void answer(call))
