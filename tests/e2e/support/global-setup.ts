import type { FullConfig } from '@playwright/test'
import { startTestServers } from '#scripts/test-servers.ts'

/** One server per worker (scripts/test-servers.ts); the function returned stops them after the run. */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  return startTestServers(config.workers)
}
