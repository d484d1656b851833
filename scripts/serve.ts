/**
 * `npm run serve`: the production build served as the browser tests serve it (scripts/test-servers.ts),
 * with the demo content, on E2E_PORT (default 8899) until Ctrl-C. Browser tests run outside CI reuse
 * it (`E2E_WORKERS=1`), and scripts/screenshots.ts can be pointed at it.
 */
import { FIRST_TEST_PORT, startTestServers, testServerUrl } from './test-servers'

const stop = await startTestServers(1, { reuse: false })
const url = testServerUrl(0, FIRST_TEST_PORT)
await fetch(`${url}/api/dev/seed`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ reset: true }),
})
console.log(`[serve] the production build with the demo content: ${url} (Ctrl-C stops it)`)
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => void stop().then(() => process.exit(0)))
}
setInterval(() => {}, 1 << 30)
