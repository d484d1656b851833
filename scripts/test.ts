/**
 * `npm test`: the unit, function and component tests (vitest), then the browser tests
 * (Playwright), as `npm run test:unit && npm run test:e2e` would run them, but quicker.
 *
 * The browser tests need servers that take a minute or two to start: the production build served
 * by one `netlify serve` per worker (scripts/test-servers.ts) and `npm run dev` for its own spec.
 * Most of that start is bundling the functions, and vitest leaves a core idle much of the time
 * (its tests wait on their Blobs servers), so the servers start here, beside vitest, at a lower
 * priority: they take the idle time, vitest keeps its pace, and Playwright finds them ready.
 *
 * Exits with the first failing status. Extra arguments go to Playwright
 * (`npm test -- tests/e2e/blog.spec.ts`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { localServerEnv } from './local-server'
import { FIRST_TEST_PORT, startTestServers } from './test-servers'

const root = path.resolve(import.meta.dirname, '..')
const bin = path.join(root, 'node_modules', '.bin')
const workers = Number(process.env.E2E_WORKERS ?? 2)
const devPort = Number(process.env.E2E_DEV_PORT ?? 8877)
/** Niceness of what starts beside vitest: it gets the CPU vitest leaves idle, little more. */
const BACKGROUND_NICENESS = 10
/** npm run dev's own limit on a start that keeps making progress (scripts/dev.ts). */
const DEV_START_CAP_MS = 15 * 60_000

const log = (message: string) => console.log(`[test] ${message}`)

/** Runs a command to its end, in the foreground, and answers its exit status. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env })
  return result.status ?? 1
}

/**
 * Back to the usual priority: the processes started from `pids`, their children and theirs (npm
 * run dev puts netlify dev in a process group of its own). Only root may lower a niceness;
 * elsewhere they keep the lower priority, which costs only when the machine is busy.
 */
function reniceTree(pids: number[]): void {
  const listed = spawnSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' }).stdout ?? ''
  const children = new Map<number, number[]>()
  for (const line of listed.split('\n')) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number)
    if (pid && ppid) children.set(ppid, [...(children.get(ppid) ?? []), pid])
  }
  const tree = new Set<number>()
  const visit = (pid: number) => {
    if (tree.has(pid)) return
    tree.add(pid)
    for (const child of children.get(pid) ?? []) visit(child)
  }
  pids.forEach(visit)
  if (tree.size > 0) spawnSync('renice', ['-n', '0', '-p', ...[...tree].map(String)], { stdio: 'ignore' })
}

// The signing key every local server shares is made now, once, before two servers race to make it.
localServerEnv()

// The workers' servers. Their start builds the site first, before it answers (seconds), then
// bundles the functions in the background, under nice.
log(`building the site and starting ${workers} test servers from port ${FIRST_TEST_PORT}, beside the tests`)
const servers = startTestServers(workers, { reuse: false, niceness: BACKGROUND_NICENESS })
// A failure to start is reported when Playwright needs them, not as an unhandled rejection now.
servers.catch(() => {})

// npm run dev, for tests/e2e/dev-server.spec.ts: in a process group of its own, likewise. The
// build above made its server renderer; building it again would change it under the test servers.
log(`starting npm run dev on port ${devPort}, beside the tests`)
const dev: ChildProcess = spawn('nice', ['-n', String(BACKGROUND_NICENESS), 'npm', 'run', 'dev', '--silent'], {
  cwd: root,
  env: { ...process.env, DEV_PORT: String(devPort), VITE_PORT: String(devPort + 1), DEV_SSR_BUILT: '1' },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
})
let devOutput = ''
dev.stdout!.on('data', (chunk: Buffer) => (devOutput += chunk.toString()))
dev.stderr!.on('data', (chunk: Buffer) => (devOutput += chunk.toString()))

function stopAll(): void {
  try {
    if (dev.pid) process.kill(-dev.pid, 'SIGTERM')
  } catch {
    // already stopped
  }
  void servers.then((stop) => stop()).catch(() => {})
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    stopAll()
    process.exit(1)
  })
}

/** Waits until npm run dev has seeded its demo content and said so; false if it stopped first. */
async function devReady(): Promise<boolean> {
  const deadline = Date.now() + DEV_START_CAP_MS
  while (!devOutput.includes('Faithful Finances is running')) {
    if (dev.exitCode !== null || Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return true
}

let status = run(path.join(bin, 'vitest'), ['run'])

if (status === 0) {
  let groups: number[] = []
  try {
    ;({ groups } = await servers)
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    status = 1
  }
  if (status === 0 && !(await devReady())) {
    console.error(`[test] npm run dev did not start:\n${devOutput.slice(-3_000)}`)
    status = 1
  }
  if (status === 0) {
    // Their start is over: they now answer the browsers at the same priority as everything else.
    reniceTree([...(dev.pid ? [dev.pid] : []), ...groups])
    status = run(path.join(bin, 'playwright'), ['test', ...process.argv.slice(2)], {
      ...process.env,
      E2E_SERVERS_STARTED: '1',
      E2E_DEV_STARTED: '1',
    })
  }
}

stopAll()
process.exit(status)
