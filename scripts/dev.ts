/**
 * `npm run dev`: netlify dev (offline, and without edge functions, which would need a download
 * offline) with the demo content seeded into the local Blobs sandbox on first run.
 *
 * - The server renderer is built first: the post page function bundles it.
 * - netlify dev runs in its own process group with DEMO_SEED=true and the development helpers
 *   linked in (scripts/local-server.ts), which enables /api/dev/*, and a signing key of its own.
 * - Once the site answers, POST /api/dev/seed fills an empty sandbox (a second start changes nothing).
 * - Ctrl-C, SIGTERM or SIGHUP stop the whole group: netlify's Vite child can outlive netlify itself.
 *
 * DEV_PORT (default 8888) and VITE_PORT (default 5173) move it, for a second checkout of the project
 * only: two netlify dev in one directory rebuild and delete each other's .netlify/functions-serve/
 * bundles (their functions then answer 500), so the script refuses to start beside another one.
 * Extra arguments are passed on to netlify dev. `npm run dev:raw` is plain netlify dev, no seeding.
 */
import { spawn, spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEMO_CREDENTIALS } from '#lib/demo/content.ts'
import { linkDevFunctions } from './dev-functions'
import { localServerEnv } from './local-server'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = path.join(root, 'node_modules', '.bin')
const port = Number(process.env.DEV_PORT ?? 8888)
const vitePort = Number(process.env.VITE_PORT ?? 5173)
const site = `http://localhost:${port}`
/**
 * How long netlify dev may go without a word while it starts: it bundles and loads every function
 * first, which on a busy machine takes minutes, but says so as it goes ("Loaded function …").
 * Only silence this long, or the hard cap, means it is stuck.
 */
const QUIET_TIMEOUT_MS = 120_000
const START_CAP_MS = 15 * 60_000

const log = (message: string) => console.log(`[dev] ${message}`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2_000) })
    return true
  } catch {
    return false
  }
}

if (Number(process.versions.node.split('.')[0]) < 22) {
  console.warn(
    `[dev] Node ${process.version} is running this script; the project expects Node 22 (npm run dev uses node_modules/.bin/node).`,
  )
}

if (await answers(site)) {
  console.error(`[dev] Something already answers at ${site}. Is another netlify dev running? Stop it first.`)
  process.exit(1)
}

/** Process groups of netlify dev already running in this directory (Linux /proc; elsewhere none). */
function netlifyDevGroupsHere(): number[] {
  const groups = new Set<number>()
  let pids: string[]
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return []
  }
  for (const pid of pids) {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
      const isNetlifyDev = argv.some((arg) => /(?:^|\/)netlify$/.test(arg)) && argv.includes('dev')
      if (!isNetlifyDev || readlinkSync(`/proc/${pid}/cwd`) !== root) continue
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      groups.add(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]))
    } catch {
      // gone, or not ours to read
    }
  }
  return [...groups]
}

const running = netlifyDevGroupsHere()
if (running.length > 0) {
  console.error(`[dev] netlify dev is already running in ${root} (process group ${running.join(', ')}).`)
  console.error(`[dev] Two in one directory break each other's functions. Stop it first: kill -TERM -- -${running[0]}`)
  process.exit(1)
}

// The post page function bundles the app's server renderer (package.json "imports"), so it must
// exist before netlify dev bundles the functions. Under Vite's dev server posts are drawn in the
// browser, but the function still has to build.
log('building the server renderer (.tmp/ssr) for the post page function')
const ssr = spawnSync(
  path.join(bin, 'vite'),
  ['build', '--ssr', 'src/entry-server.tsx', '--outDir', '.tmp/ssr', '--emptyOutDir', '--logLevel', 'warn'],
  {
    cwd: root,
    stdio: 'inherit',
  },
)
if (ssr.status !== 0) process.exit(ssr.status ?? 1)

const args = ['dev', '--offline', '--internal-disable-edge-functions']
if (port !== 8888 || vitePort !== 5173) {
  args.push('--port', String(port), '--target-port', String(vitePort), '--command', `vite --port ${vitePort} --strictPort`)
}
args.push(...process.argv.slice(2))

linkDevFunctions()
log(`starting netlify ${args.join(' ')}`)
const child = spawn(path.join(bin, 'netlify'), args, {
  cwd: root,
  // Passed through as it comes; each line is also a sign of progress (waitForSite).
  stdio: ['inherit', 'pipe', 'pipe'],
  detached: true, // its own process group, so the whole group can be stopped at once
  // node_modules/.bin first: netlify, Vite and the functions all run on the project's Node 22.
  // There is no build: the functions that answer with a page take Vite's, from its own address
  // (netlify/lib/pages/render.ts builtPage, on the local runtime only).
  env: {
    ...process.env,
    ...localServerEnv(),
    VITE_DEV_ORIGIN: `http://localhost:${vitePort}`,
    PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
  },
})
const group = child.pid!
let lastOutput = Date.now()
child.stdout!.on('data', (chunk: Buffer) => {
  lastOutput = Date.now()
  process.stdout.write(chunk)
})
child.stderr!.on('data', (chunk: Buffer) => {
  lastOutput = Date.now()
  process.stderr.write(chunk)
})

function signalGroup(signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-group, signal)
    return true
  } catch {
    return false // the group is gone
  }
}

/** TERM the group, give it a few seconds, then KILL whatever is left (a Vite child, typically). */
async function stopGroup(): Promise<void> {
  if (!signalGroup('SIGTERM')) return
  for (let waited = 0; waited < 5_000; waited += 100) {
    if (!signalGroup(0)) return
    await sleep(100)
  }
  signalGroup('SIGKILL')
}

let stopping = false
async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true
    await stopGroup()
  }
  process.exit(code)
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (!stopping) log(`${signal}: stopping netlify dev`)
    void shutdown(0)
  })
}

let exited = false
child.on('exit', (code, signal) => {
  exited = true
  if (stopping) return
  log(`netlify dev exited (${signal ?? `code ${code}`})`)
  void shutdown(code ?? 1)
})

/** Waits for the site while netlify dev is making progress: it gives up after a long silence only. */
async function waitForSite(): Promise<boolean> {
  const cap = Date.now() + START_CAP_MS
  while (!exited && Date.now() < cap && Date.now() - lastOutput < QUIET_TIMEOUT_MS) {
    if (await answers(site)) return true
    await sleep(500)
  }
  return false
}

/** The first call may wait for the function to be bundled: retry for a while. */
async function seed(): Promise<{ seeded: boolean } | string> {
  let last = ''
  for (let attempt = 0; attempt < 20 && !exited; attempt++) {
    try {
      const response = await fetch(`${site}/api/dev/seed`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(30_000),
      })
      const body = (await response.json().catch(() => ({}))) as { success?: boolean; seeded?: boolean; message?: string }
      if (response.ok && body.success) return { seeded: Boolean(body.seeded) }
      last = `${response.status} ${body.message ?? ''}`.trim()
    } catch (error) {
      last = error instanceof Error ? error.message : String(error)
    }
    await sleep(1_000)
  }
  return last || 'netlify dev stopped'
}

if (!(await waitForSite())) {
  if (!exited) {
    console.error(`[dev] ${site} did not answer, and netlify dev has said nothing for ${QUIET_TIMEOUT_MS / 1000} s`)
    await shutdown(1)
  }
} else {
  const result = await seed()
  const seedLine =
    typeof result === 'string'
      ? `Demo content could not be seeded (${result}). The site runs without it.`
      : result.seeded
        ? 'Demo content seeded into the local Blobs sandbox (.netlify/blobs-serve/).'
        : 'Demo content already present: nothing seeded.'
  const { admin, editor } = DEMO_CREDENTIALS
  console.log(
    [
      '',
      '  Faithful Finances is running',
      '',
      `  Site      ${site}`,
      `  Admin     ${site}/admin/login`,
      `            ${admin.username} / ${admin.password}   (admin)`,
      `            ${editor.username} / ${editor.password}  (editor)`,
      `  Outbox    ${site}/api/dev/outbox/view   (emails sent while no SendGrid key is set, drawn; JSON at /api/dev/outbox)`,
      `  Reset     curl -X POST ${site}/api/dev/seed -H 'Content-Type: application/json' -d '{"reset":true}'`,
      '',
      `  ${seedLine}`,
      '  Stop with Ctrl-C.',
      '',
    ].join('\n'),
  )
}
