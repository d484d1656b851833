/**
 * The attack suite's call runner: a worker thread (started by attack-runner.ts with tsx) that
 * imports the function modules and calls their handlers, one request at a time. It runs apart
 * from the test so that a call stuck in a super-linear pattern can be stopped: the runner
 * terminates the worker at its deadline (V8 interrupts a running regular expression) and starts
 * a fresh one. Nothing here decides what is right or wrong; it only calls and reports.
 */
import { readdirSync } from 'node:fs'
import { register } from 'node:module'
import path from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import { format } from 'node:util'
import { setEnvironmentContext } from '@netlify/blobs'
import type { Context } from '@netlify/functions'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { startTiming } from './attack-scale'
import { useDefaultBuiltPages } from './built-pages'
import { runExportWorkerInProcess } from './export-worker'

type FunctionModule = { default: (req: Request, context: Context) => Response | Promise<Response> }

export type WorkerRequest = {
  seq: number
  fn: string
  method: string
  url: string
  headers: Record<string, string>
  body?: string
  params: Record<string, string> | null
  ip: string
  /** Local (netlify dev) rather than deployed: see AttackCall.local. */
  local?: boolean
}

export type WorkerAnswer = {
  seq: number
  status: number
  headers: [string, string][]
  text: string
  ms: number
  /** The CPU this worker's thread used for the answer (startTiming). */
  cpuMs: number
  logs: string[]
  threw?: string
  /** Built-ins the call changed (Object.keys, Object.prototype.x, ...): the process is poisoned for every later call. */
  polluted?: string[]
  /** What the call sent to SendGrid's API (the JSON of each request), while a SendGrid key is set. */
  mail?: unknown[]
}

/** Sets (a string) or removes (null) environment variables of the worker, e.g. a SendGrid key for the email checks. */
export type WorkerEnv = { env: Record<string, string | null> }

export type WorkerData = { root: string; blobs: { siteID: string; token: string; url: string }; env: Record<string, string | undefined> }

const { root, blobs, env } = workerData as WorkerData

// The post page renders with the app's own server renderer, which Vite resolves in the tests
// (vitest.config.ts alias) and the build bundles: here it is the source, and CSS modules are
// stand-ins whose class names are their keys. The routes find the page modules with Vite's
// import.meta.glob, which only Vite compiles: here it becomes the same map, from the folder (the
// source is still TypeScript at this point, type argument and all).
const pageModules = readdirSync(path.join(root, 'src', 'pages')).filter((name) => name.endsWith('.tsx') && !name.endsWith('.test.tsx'))
const pageModulesMap = `({${pageModules.map((name) => `${JSON.stringify(`../pages/${name}`)}: () => import(${JSON.stringify(`../pages/${name}`)})`).join(',')}})`
register(
  `data:text/javascript,${encodeURIComponent(`
    const renderer = ${JSON.stringify(new URL('src/entry-server.tsx', `file://${root}/`).href)};
    export async function resolve(specifier, context, next) {
      if (specifier === '#app-renderer') return next(renderer, context);
      return next(specifier, context);
    }
    export async function load(url, context, next) {
      if (/\\.css(\\?.*)?$/.test(url))
        return { format: 'module', shortCircuit: true, source: 'export default new Proxy({}, { get: (_, key) => String(key) });' };
      const result = await next(url, context);
      if (url.endsWith('/src/app/app-routes.tsx')) {
        const text = typeof result.source === 'string' ? result.source : new TextDecoder().decode(result.source);
        const source = text.replace(/import\\.meta\\.glob(?:<[^(]*>)?\\([^)]*\\)/, () => ${JSON.stringify(pageModulesMap)});
        if (source === text) throw new Error('app-routes.tsx: import.meta.glob not found');
        return { ...result, source };
      }
      return result;
    }
  `)}`,
)

for (const [name, value] of Object.entries(env)) {
  if (value === undefined) delete process.env[name]
  else process.env[name] = value
}
setEnvironmentContext({ siteID: blobs.siteID, token: blobs.token, edgeURL: blobs.url, uncachedEdgeURL: blobs.url })
// The exports endpoint's call to the background function runs it here, as the platform would.
runExportWorkerInProcess()
// No build here either: the functions render into the function tests' stand-in pages.
useDefaultBuiltPages()

/**
 * SendGrid's API as the functions see it while a key is set: every request is kept for the call's
 * answer (the email checks read exactly what SendGrid would have been sent) and accepted. Nothing
 * else is touched; without a key the mock is off, and a deployed site without one sends nothing.
 */
const SENDGRID_SEND_URL = 'https://api.sendgrid.com/v3/mail/send'
let mail: unknown[] = []
const sendgrid = setupServer(
  http.post(SENDGRID_SEND_URL, async ({ request }) => {
    mail.push(await request.json())
    return new HttpResponse(null, { status: 202 })
  }),
)
let sendgridOn = false
function followSendgridKey() {
  const wanted = Boolean(process.env.SENDGRID_API_KEY)
  if (wanted && !sendgridOn) sendgrid.listen({ onUnhandledFrame: 'bypass' })
  if (!wanted && sendgridOn) sendgrid.close()
  sendgridOn = wanted
}
followSendgridKey()

// What a function logs is part of its answer (an "unexpected error" line explains a 500).
let logs: string[] = []
for (const level of ['error', 'warn', 'log'] as const) {
  console[level] = (...args: unknown[]) => {
    logs.push(`${level}: ${format(...args)}`.slice(0, 2000))
  }
}

/**
 * The built-ins every function relies on, as they were at start: a call that changes one (a stored
 * name used as a property, `texts.constructor.keys = ...`) poisons the whole function instance.
 */
const BUILTINS: [string, object][] = [
  ['Object', Object],
  ['Object.prototype', Object.prototype],
  ['Array', Array],
  ['Array.prototype', Array.prototype],
  ['String', String],
  ['String.prototype', String.prototype],
  ['Function.prototype', Function.prototype],
  ['Number.prototype', Number.prototype],
  ['RegExp.prototype', RegExp.prototype],
  ['Promise.prototype', Promise.prototype],
  ['JSON', JSON],
  ['Math', Math],
]
const snapshot = () =>
  new Map(
    BUILTINS.flatMap(([name, target]) =>
      Reflect.ownKeys(target).map((key) => {
        const descriptor = Reflect.getOwnPropertyDescriptor(target, key)
        return [`${name}.${String(key)}`, descriptor?.value ?? descriptor?.get] as const
      }),
    ),
  )
const pristine = snapshot()
function pollution(): string[] {
  const now = snapshot()
  const changed: string[] = []
  for (const [name, value] of now) if (!pristine.has(name) || pristine.get(name) !== value) changed.push(name)
  for (const name of pristine.keys()) if (!now.has(name)) changed.push(`${name} (deleted)`)
  return changed
}

const modules = new Map<string, FunctionModule>()
async function load(fn: string): Promise<FunctionModule> {
  let module = modules.get(fn)
  if (!module) {
    module = (await import(new URL(`netlify/functions/${fn}.ts`, `file://${root}/`).href)) as FunctionModule
    modules.set(fn, module)
  }
  return module
}

/**
 * The parts of Netlify's Context the functions read (as tests/support/call.ts fakeContext). Work a
 * function leaves to waitUntil is collected in `background` and waited for within the call, so
 * what it stores or sends is counted against the call that started it.
 */
function fakeContext(params: Record<string, string> | undefined, ip: string, background: Promise<unknown>[], local = false): Context {
  return {
    params,
    ip,
    requestId: 'attack-request',
    geo: {},
    site: { id: undefined, name: 'test', url: 'http://localhost:8888' },
    account: { id: 'test-account' },
    // What netlify/lib/config/env.ts runtimeOf reads: the CLI leaves the deploy id empty and calls its region "dev".
    deploy: { context: 'dev', id: local ? '' : 'test-deploy', published: false },
    server: { region: local ? 'dev' : 'test' },
    cookies: { get: () => undefined, set: () => {}, delete: () => {} },
    waitUntil: (promise: Promise<unknown>) => {
      background.push(promise)
    },
  } as unknown as Context
}

async function handle(request: WorkerRequest): Promise<WorkerAnswer> {
  logs = []
  mail = []
  const module = await load(request.fn)
  const timing = startTiming()
  try {
    const req = new Request(request.url, { method: request.method, headers: request.headers, body: request.body })
    const background: Promise<unknown>[] = []
    const context = fakeContext(request.params ?? undefined, request.ip, background, request.local)
    const response = await module.default(req, context)
    const text = await response.text()
    // The time is the answer's; what runs after it (an email) still counts as the call's doing.
    const { ms, cpuMs } = timing()
    while (background.length > 0) await Promise.allSettled(background.splice(0))
    return {
      seq: request.seq,
      status: response.status,
      headers: [...response.headers],
      text,
      ms,
      cpuMs,
      logs,
      ...(sendgridOn ? { mail } : {}),
    }
  } catch (error) {
    const threw = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    return { seq: request.seq, status: 599, headers: [], text: '', ...timing(), logs, threw }
  }
}

parentPort!.on('message', (message: { preload: string[] } | WorkerEnv | WorkerRequest) => {
  if ('env' in message) {
    for (const [name, value] of Object.entries(message.env)) {
      if (value === null) delete process.env[name]
      else process.env[name] = value
    }
    followSendgridKey()
    parentPort!.postMessage({ envSet: true })
    return
  }
  if ('preload' in message) {
    void Promise.all(message.preload.map(load)).then(
      () => parentPort!.postMessage({ ready: true }),
      (error: unknown) => parentPort!.postMessage({ ready: false, error: String(error) }),
    )
    return
  }
  void handle(message).then(
    (answer) => {
      const polluted = pollution()
      parentPort!.postMessage(polluted.length > 0 ? { ...answer, polluted } : answer)
    },
    (error: unknown) =>
      parentPort!.postMessage({
        seq: message.seq,
        status: 599,
        headers: [],
        text: '',
        ms: 0,
        cpuMs: 0,
        logs,
        threw: `worker: ${String(error)}`,
      } satisfies WorkerAnswer),
  )
})
