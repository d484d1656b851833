/**
 * The browser tests' servers: one `netlify serve` per Playwright worker, each with its own local
 * Blobs sandbox, so workers can reset and shape their data without seeing each other's.
 *
 * netlify serve keeps its Blobs sandbox in .netlify/ of the folder it runs in, and two in one folder
 * would also rebuild each other's function bundles. So the site is built once, here, and each
 * worker's server runs in a folder of its own under .tmp/test-servers/ that links to the build, the
 * functions and node_modules, with a copy of netlify.toml whose build command does nothing.
 * Everything else (functions, redirects, headers, the dev context) is the project's own.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildSync } from 'esbuild'
import { linkDevFunctions } from './dev-functions'
import { localServerEnv } from './local-server'

const root = path.resolve(import.meta.dirname, '..')
const serversDir = path.join(root, '.tmp', 'test-servers')
const bin = path.join(root, 'node_modules', '.bin')
const START_TIMEOUT_MS = 180_000
/** The first server also bundles every function first: beside vitest, that alone took 2 m 22 s. */
const BUNDLING_TIMEOUT_MS = 240_000

export const FIRST_TEST_PORT = Number(process.env.E2E_PORT ?? 8899)
/** Playwright's workers, each with a server of its own: E2E_WORKERS, else the two cores this project is tested on. */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2)
export const testServerUrl = (index: number, firstPort = FIRST_TEST_PORT) => `http://localhost:${firstPort + index}`

/** A started server: its address, its process, its log and the folder it runs in. */
type TestServer = { url: string; child: ChildProcess; log: string; folder: string }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Whether the server answers its calls and a page rendered from a built template (a function
 * bundled without its templates answers 503 for good: a broken server, not a slow one).
 */
async function answers(url: string): Promise<boolean> {
  try {
    const ok = async (path: string) => (await fetch(`${url}${path}`, { signal: AbortSignal.timeout(5_000) })).ok
    return (await ok('/api/content')) && (await ok('/about'))
  } catch {
    return false
  }
}

/**
 * A folder that looks like the project to netlify serve, with nothing to build. With `bundlesFrom`
 * (another server's folder, whose functions are bundled), it bundles no functions either: it serves
 * that server's bundles.
 */
function prepareFolder(port: number, bundlesFrom?: string): string {
  const folder = path.join(serversDir, String(port))
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(path.join(folder, '.tmp'), { recursive: true })
  const config = readFileSync(path.join(root, 'netlify.toml'), 'utf8')
  // netlify takes the repository's root as the base folder and bundles functions into its
  // .netlify/: a base of its own keeps each server's bundles apart.
  const base = path.relative(root, folder)
  const prebuilt = config.replace('\n  command = "npm run build"\n', `\n  base = "${base}"\n  command = "true"\n`)
  if (prebuilt === config) throw new Error('netlify.toml: the build command line was not found')
  // [dev] publish points netlify dev at Vite's public/ folder; netlify serve would look there for
  // the built pages too (and find no shell.html): the served folder is dist/.
  const served = prebuilt.replace('\n  publish = "public"\n', '\n')
  if (served === prebuilt) throw new Error('netlify.toml: the [dev] publish line was not found')
  writeFileSync(path.join(folder, 'netlify.toml'), bundlesFrom ? withoutFunctions(served) : served)
  if (bundlesFrom) {
    // netlify serve loads the functions from the bundles in .netlify/functions (zips and their
    // manifest), each server unpacking them into a folder of its own.
    mkdirSync(path.join(folder, '.netlify'))
    symlinkSync(path.join(bundlesFrom, '.netlify', 'functions'), path.join(folder, '.netlify', 'functions'))
  }
  // Relative links: bundles keep them as links, and refuse any that point out of the repository.
  const link = (name: string) => {
    const at = path.join(folder, name)
    symlinkSync(path.relative(path.dirname(at), path.join(root, name)), at)
  }
  for (const name of ['dist', 'netlify', 'node_modules', 'package.json']) link(name)
  // The dev context's functions folder is a folder of its own with a link per function (as
  // scripts/dev-functions.ts makes it), not a link to that folder: Node runs a function's bundle at
  // its real path, and the built pages shipped with it sit two folders up from there
  // (netlify/lib/built-pages.ts), beside this folder's dist/.
  const devFunctions = path.join(folder, '.tmp', 'functions-dev')
  mkdirSync(devFunctions, { recursive: true })
  for (const file of readdirSync(path.join(root, '.tmp', 'functions-dev'))) {
    const source = realpathSync(path.join(root, '.tmp', 'functions-dev', file))
    symlinkSync(path.relative(devFunctions, source), path.join(devFunctions, file))
  }
  return folder
}

/**
 * The config of a server that bundles nothing: the dev context's functions folder does not exist,
 * so the build skips its functions step (about 35 s of CPU for the 64 functions, zipped with their
 * packages), which would make the same bundles again.
 */
function withoutFunctions(config: string): string {
  const line = '\n  functions = ".tmp/functions-dev"\n'
  const changed = config.replace(line, '\n  functions = ".tmp/no-functions"\n')
  if (changed === config) throw new Error("netlify.toml: the dev context's functions line was not found")
  return changed
}

/**
 * A server's log, beside its folder rather than in it: netlify serve watches its folder for a
 * `_redirects` file, and every line written there (one per request) made it list and stat the
 * folder again.
 */
const serverLog = (port: number) => path.join(serversDir, `${port}.log`)

function failedToStart(server: TestServer): never {
  const tail = readFileSync(server.log, 'utf8').split('\n').slice(-40).join('\n')
  throw new Error(`The test server at ${server.url} did not start. The end of ${server.log}:\n${tail}`)
}

/** The warm-instance preload and worker (scripts/warm-functions/), compiled for node --import. */
function buildWarmFunctions(): string {
  const outdir = path.join(root, '.tmp', 'warm-functions')
  const source = path.join(root, 'scripts', 'warm-functions')
  buildSync({
    entryPoints: [path.join(source, 'preload.ts'), path.join(source, 'worker.ts')],
    outdir,
    outExtension: { '.js': '.mjs' },
    format: 'esm',
    platform: 'node',
    target: 'node22',
    logLevel: 'warning',
  })
  return path.join(outdir, 'preload.mjs')
}

function startServer(port: number, env: Record<string, string>, bundlesFrom?: string): ChildProcess {
  const folder = prepareFolder(port, bundlesFrom)
  // The built pages are served, never Vite's (a shell that exported npm run dev's variable).
  const { VITE_DEV_ORIGIN: _dev, ...inherited } = process.env
  const log = openSync(serverLog(port), 'w')
  // Servers starting side by side would all pick the same free ports for their inner servers.
  const ports = ['--port', port, '--staticServerPort', port + 100, '--functions-port', port + 200].map(String)
  const args = ['serve', '--offline', '--internal-disable-edge-functions', '--context', 'dev', ...ports]
  const child = spawn(path.join(bin, 'netlify'), args, {
    cwd: folder,
    env: { ...inherited, ...env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` },
    stdio: ['ignore', log, log],
    // Its own process group, so stopping it also stops what it started.
    detached: true,
  })
  closeSync(log)
  return child
}

async function waitForAll(servers: TestServer[], timeoutMs = START_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (const server of servers) {
    while (!(await answers(server.url))) {
      if (server.child.exitCode !== null || Date.now() > deadline) failedToStart(server)
      await sleep(500)
    }
  }
}

function stop(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM')
  } catch {
    // already gone
  }
}

/**
 * Starts the servers the workers need, or reuses ones already answering on their ports (outside CI,
 * e.g. a server started by hand while working on a test). Answers the function that stops them.
 */
export async function startTestServers(
  count: number,
  {
    firstPort = FIRST_TEST_PORT,
    reuse = !process.env.CI,
    quiet = false,
  }: {
    firstPort?: number
    reuse?: boolean
    /** The build's output only if it fails (it runs beside vitest in `npm test`). */
    quiet?: boolean
  } = {},
): Promise<() => Promise<void>> {
  const wanted = Array.from({ length: count }, (_, index) => index)
  const missing: number[] = []
  for (const index of wanted) {
    if (reuse && (await answers(testServerUrl(index, firstPort)))) continue
    missing.push(index)
  }
  if (missing.length === 0) return async () => {}

  linkDevFunctions()
  // E2E_SKIP_BUILD=1 serves the build already in dist/ (quicker, when only tests changed).
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: quiet ? 'pipe' : 'inherit', encoding: 'utf8' })
    if (build.status !== 0) throw new Error(`npm run build failed${quiet ? `:\n${build.stdout}${build.stderr}` : ''}`)
  }

  const env = {
    ...localServerEnv(),
    BOOKING_TO_EMAIL: 'coach@example.com',
    // The demo users the tests sign in as are hashed at bcrypt's lowest cost.
    TEST_BCRYPT_COST: '4',
    // The function bundles, made to be unpacked at once on this machine, are stored, not compressed (patches/README.md).
    NETLIFY_LOCAL_ZIP_STORE: 'true',
    // One warm instance per function instead of a fresh worker thread per call (warm-functions/).
    NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${pathToFileURL(buildWarmFunctions()).href}`].filter(Boolean).join(' '),
  }
  // The first server bundles the functions; the others start once it has, and serve its bundles.
  const servers: TestServer[] = []
  const start = (index: number, bundlesFrom?: string) => {
    const folder = path.join(serversDir, String(firstPort + index))
    const server = {
      url: testServerUrl(index, firstPort),
      child: startServer(firstPort + index, env, bundlesFrom),
      log: serverLog(firstPort + index),
      folder,
    }
    servers.push(server)
    return server
  }
  try {
    const [first, ...others] = missing
    const bundler = start(first!)
    // Once it answers, it has also extracted every bundle (patches/README.md), which the others
    // then find in place instead of extracting again.
    if (others.length > 0) await waitForAll([bundler], BUNDLING_TIMEOUT_MS + START_TIMEOUT_MS)
    for (const index of others) start(index, bundler.folder)
    await waitForAll(servers)
  } catch (error) {
    servers.forEach((server) => stop(server.child))
    throw error
  }
  return async () => servers.forEach((server) => stop(server.child))
}
