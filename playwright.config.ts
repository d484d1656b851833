import { defineConfig, devices } from '@playwright/test'
import { localServerEnv } from './scripts/local-server'

/**
 * Browser tests run in Debian's chromium against the production build served by `netlify serve`:
 * real functions, real local Blobs, the real security headers. A server already running on
 * E2E_PORT is reused outside CI.
 */
const PORT = Number(process.env.E2E_PORT ?? 8899)
export const BASE_URL = `http://localhost:${PORT}`

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // One server and one shared Blobs sandbox: tests reset the data, so they run one at a time.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } }],
  webServer: {
    // netlify serve reads dist/_headers before it builds and lets that copy win: start from none,
    // or a rebuilt page (its inline style hashes) would be served with the previous policy.
    // The development helpers (seed, outbox) are linked in first: deploys never have them.
    command: `tsx scripts/dev-functions.ts && rm -f dist/_headers && netlify serve --offline --internal-disable-edge-functions --context dev --port ${PORT}`,
    url: `${BASE_URL}/api/content`,
    env: { ...localServerEnv(), BOOKING_TO_EMAIL: 'coach@example.com' },
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
