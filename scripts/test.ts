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
 * Arguments after `--` go to Playwright (`npm test -- tests/e2e/blog.spec.ts`).
 */
import { spawn } from 'node:child_process'
import { E2E_WORKERS, startTestServers } from './test-servers'

const bin = (name: string) => `node_modules/.bin/${name}`

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
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
    code = await run(bin('playwright'), ['test', ...process.argv.slice(2)], { ...process.env, E2E_SERVERS_STARTED: '1' })
  }
}
await stop()
process.exit(code)
