/**
 * `npm run dev`: netlify dev (offline, and without edge functions, which would need a download
 * offline) with the demo content seeded into the local Blobs sandbox on first run.
 *
 * - The server renderer is built first: the post page function bundles it.
 * - netlify dev runs in its own process group with DEMO_SEED=true and the development helpers
 *   linked in (scripts/local-server.ts), which enables /api/dev/*, and a signing key of its own.
 * - It waits for the site as long as netlify dev is making progress (it prints, or its processes
 *   use the CPU), with a progress line, and gives up only when netlify dev exits, a port is taken,
 *   or nothing at all has happened for NO_PROGRESS_MS.
 * - Once the site answers, POST /api/dev/seed fills an empty sandbox (a second start changes nothing).
 * - Then the scheduled functions run on their own schedules, as on Netlify (scripts/scheduled-jobs.ts):
 *   netlify dev serves them but never calls them.
 * - Ctrl-C, SIGTERM or SIGHUP stop the whole group: netlify's Vite child can outlive netlify itself.
 *
 * DEV_PORT (default 8888) and VITE_PORT (default 5173) move it, for a second checkout of the project
 * only: two netlify dev in one directory rebuild and delete each other's .netlify/functions-serve/
 * bundles (their functions then answer 500), so the script refuses to start beside another one.
 * Extra arguments are passed on to netlify dev. `npm run dev:raw` is plain netlify dev, no seeding.
 */
import { spawn, spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEMO_CREDENTIALS } from '#lib/demo/content.ts'
import { linkDevFunctions } from './dev-functions'
import { localServerEnv } from './local-server'
import { describeSchedule, runScheduledJobs, scheduledFunctions } from './scheduled-jobs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = path.join(root, 'node_modules', '.bin')
const port = Number(process.env.DEV_PORT ?? 8888)
const vitePort = Number(process.env.VITE_PORT ?? 5173)
const site = `http://localhost:${port}`
/**
 * netlify dev bundles and loads every function before it answers, which on a busy machine takes
 * minutes. It is still starting while it prints ("Loaded function …") or its processes use the
 * CPU; only this long with neither means it is stuck.
 */
const NO_PROGRESS_MS = 5 * 60_000
/** How often a start that is taking a while says where it is. */
const PROGRESS_EVERY_MS = 20_000

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

/** Whether nothing listens on `port` (a listener that is not a web server, too). */
function portFree(portNumber: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(portNumber, () => probe.close(() => resolve(true)))
  })
}

for (const [what, taken, variable] of [
  ['the site', port, 'DEV_PORT'],
  ["Vite's dev server", vitePort, 'VITE_PORT'],
] as const) {
  if (!(await portFree(taken))) {
    console.error(`[dev] Port ${taken}, for ${what}, is taken by another program. Stop it, or set ${variable} to a free port.`)
    process.exit(1)
  }
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

// Read before the start, so a schedule this script cannot follow stops it with its reason at once.
const jobs = await scheduledFunctions(path.join(root, 'netlify', 'functions'))

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
let lastLine = ''
/** A line of netlify dev or Vite that means a port was taken after all (another program got there first). */
const PORT_TAKEN = /EADDRINUSE|already in use|Could not acquire required 'port'/i
let portTaken: string | undefined
function heard(chunk: Buffer): void {
  lastOutput = Date.now()
  const lines = chunk
    .toString()
    // eslint-disable-next-line no-control-regex -- colour codes of the CLI's output
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  // The last line that says something (not a box's border or a spinner frame).
  const said = lines.filter((line) => /[\p{L}\p{N}]{2}/u.test(line))
  if (said.length > 0)
    lastLine = said
      .at(-1)!
      .replace(/[│╭╮╰╯─]/g, '')
      .trim()
  portTaken ??= lines.find((line) => PORT_TAKEN.test(line))
}
child.stdout!.on('data', (chunk: Buffer) => {
  heard(chunk)
  process.stdout.write(chunk)
})
child.stderr!.on('data', (chunk: Buffer) => {
  heard(chunk)
  process.stderr.write(chunk)
})

/**
 * CPU time (in clock ticks) used so far by the processes of netlify dev's group, from Linux's
 * /proc; undefined elsewhere, where only its output counts as progress.
 */
function groupCpuTicks(): number | undefined {
  let pids: string[]
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return undefined
  }
  let ticks = 0
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      // After the command's name: state, ppid, pgrp, …, utime (12th), stime (13th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(fields[2]) === group) ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // gone meanwhile
    }
  }
  return ticks
}

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

/**
 * Waits for the site while netlify dev is making progress, saying every PROGRESS_EVERY_MS how it
 * goes. The answer is why it stopped waiting: the site answers, or the reason it never will.
 */
async function waitForSite(): Promise<{ ready: true } | { ready: false; reason: string }> {
  const started = Date.now()
  let lastProgress = Date.now()
  let lastTicks = groupCpuTicks()
  let lastReport = Date.now()
  let ticksAtReport = lastTicks
  while (!exited) {
    if (await answers(site)) return { ready: true }
    if (portTaken)
      return { ready: false, reason: `a port is taken: "${portTaken}". Stop the program using it, or set DEV_PORT / VITE_PORT.` }
    const ticks = groupCpuTicks()
    if (ticks !== undefined && lastTicks !== undefined && ticks > lastTicks) lastProgress = Date.now()
    lastTicks = ticks
    lastProgress = Math.max(lastProgress, lastOutput)
    const now = Date.now()
    if (now - lastProgress > NO_PROGRESS_MS)
      return {
        ready: false,
        reason: `netlify dev has neither printed anything nor used the CPU for ${NO_PROGRESS_MS / 60_000} minutes, and ${site} does not answer. It looks stuck.`,
      }
    if (now - lastReport >= PROGRESS_EVERY_MS) {
      const cpu =
        ticks !== undefined && ticksAtReport !== undefined
          ? `, ${((ticks - ticksAtReport) / 100).toFixed(1)} s of CPU in the last ${Math.round((now - lastReport) / 1000)} s`
          : ''
      const said = lastLine ? `; last said: ${JSON.stringify(lastLine.slice(0, 120))}` : ''
      log(`still starting (${Math.round((now - started) / 1000)} s${cpu})${said}`)
      lastReport = now
      ticksAtReport = ticks
    }
    await sleep(500)
  }
  return { ready: false, reason: 'netlify dev exited' }
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

const waited = await waitForSite()
if (!waited.ready) {
  if (!exited) {
    console.error(`[dev] Giving up: ${waited.reason}`)
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
      `  Scheduled jobs run here as they do on Netlify: ${jobs.map((job) => `${job.name} ${describeSchedule(job.schedule)}`).join(', ')}.`,
      '  Stop with Ctrl-C.',
      '',
    ].join('\n'),
  )
  if (!exited && !stopping) runScheduledJobs(site, jobs, (line) => log(`scheduled job ${line}`))
}
