/**
 * `npm run validate`: typecheck, lint and every test (`npm test`), the checks beside the tests.
 *
 * The checks need no server and no browser, only CPU. Run before the tests, they held both of this
 * machine's cores for a minute before the first test started; beside them, they take their share
 * while tests wait on their servers, pages and the Blobs server. Their output is kept whole and printed once they finish; a
 * failing check stops the tests at once, so a type error is still reported as soon as it is found.
 *
 * Arguments go to `npm test` (and so to Playwright after `--`).
 */
import { spawn, type ChildProcess } from 'node:child_process'

function exited(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))))
}

const checks = spawn('npm', ['run', '--silent', 'checks'], { stdio: ['ignore', 'pipe', 'pipe'] })
let checksOutput = ''
checks.stdout.on('data', (chunk: Buffer) => (checksOutput += chunk.toString()))
checks.stderr.on('data', (chunk: Buffer) => (checksOutput += chunk.toString()))

// Its own process group, so that a failing check can stop it with everything it started.
const tests = spawn('npm', ['test', '--', ...process.argv.slice(2)], { stdio: 'inherit', detached: true })

function stopTests(): void {
  try {
    if (tests.pid) process.kill(-tests.pid, 'SIGTERM')
  } catch {
    // already stopped
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopTests()
    checks.kill(signal)
  })
}

const checksDone = exited(checks).then((code) => {
  process.stdout.write(`\n--- typecheck and lint ---\n${checksOutput}`)
  if (code !== 0) {
    console.error('\nTypecheck or lint failed: the tests were stopped.')
    stopTests()
  } else {
    console.log('Typecheck and lint passed.\n')
  }
  return code
})

const [checksCode, testsCode] = await Promise.all([checksDone, exited(tests)])
process.exit(checksCode !== 0 ? checksCode : testsCode)
