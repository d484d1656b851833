import type { FullConfig } from '@playwright/test'
import { startTestServers } from '#scripts/test-servers.ts'

/**
 * One server per worker (scripts/test-servers.ts); the function returned stops them after the run.
 * Under `npm test` they were started beside vitest (scripts/test.ts), which stops them.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  if (process.env.E2E_SERVERS_STARTED === '1') return async () => {}
  return startTestServers(config.workers)
}
