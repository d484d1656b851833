/**
 * `npm test`: the unit, function and component tests (vitest), then the browser tests (Playwright).
 *
 * The browser tests' servers are built and started while vitest runs, not after it: bundling the
 * functions and starting `netlify serve` leaves a third of this machine's two cores idle for about
 * a minute, and vitest fills them. The browser tests then find their servers answering
 * (E2E_SERVERS_STARTED tells the global setup to use them) and this script stops them at the end.
 * A vitest failure still stops the run before the browser tests, as `vitest run && playwright test`
 * would.
 *
 * The spec that starts `npm run dev` runs in a Playwright run of its own, beside the others: most
 * of its minute and a half is a start that uses one core and a wait for the next minute's scheduled
 * run, which held one of the two workers while the other worked alone. Its output follows the
 * others'. With arguments after `--` (`npm test -- tests/e2e/blog.spec.ts`), which go to
 * Playwright, there is one run, of what they name.
 */
import { spawn } from 'node:child_process'
import { DEV_SERVER_SPEC, E2E_WORKERS, startTestServers } from './test-servers'

const bin = (name: string) => `node_modules/.bin/${name}`

/** Runs a command to its end; with `output`, collects what it prints there instead of printing it. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, output?: Buffer[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: output ? ['ignore', 'pipe', 'pipe'] : 'inherit', env })
    child.stdout?.on('data', (chunk: Buffer) => output?.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => output?.push(chunk))
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

/** The browser tests: the dev server's spec beside the rest, unless arguments name what to run. */
async function browserTests(args: string[]): Promise<number> {
  const env = { ...process.env, E2E_SERVERS_STARTED: '1' }
  if (args.length > 0) return run(bin('playwright'), ['test', ...args], env)
  const devOutput: Buffer[] = []
  const dev = run(
    bin('playwright'),
    ['test', DEV_SERVER_SPEC, '--reporter=list', '--output=.tmp/test-results-dev'],
    { ...env, E2E_WORKERS: '1' },
    devOutput,
  )
  const others = await run(bin('playwright'), ['test'], { ...env, E2E_WITHOUT_DEV_SERVER: '1' })
  const devCode = await dev
  console.log(`\n${DEV_SERVER_SPEC}, run beside the others:`)
  process.stdout.write(Buffer.concat(devOutput))
  return others || devCode
}

const vitest = run(bin('vitest'), ['run'])
// Started meanwhile; its failure is reported once vitest has finished, so its output stays whole.
const servers = startTestServers(E2E_WORKERS, { reuse: false, quiet: true }).then(
  (stop) => ({ stop }),
  (error: unknown) => ({ error }),
)

// Ctrl-C reaches vitest and Playwright (this process group), not the servers (groups of their own).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void servers.then((started) => ('stop' in started ? started.stop() : undefined)).then(() => process.exit(130)))
}

const unitCode = await vitest
const started = await servers
const stop = 'stop' in started ? started.stop : async () => {}
let code = unitCode
if (unitCode === 0) {
  if ('error' in started) {
    console.error(started.error)
    code = 1
  } else {
    code = await browserTests(process.argv.slice(2))
  }
}
await stop()
process.exit(code)
