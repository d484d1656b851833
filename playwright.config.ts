import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'
import { E2E_WORKERS } from './scripts/test-servers'

/**
 * Browser tests run in Debian's chromium against the production build served by `netlify serve`:
 * real functions, real local Blobs, the real security headers. Each worker has a server and a Blobs
 * sandbox of its own (scripts/test-servers.ts, started by the global setup), on E2E_PORT + its index;
 * tests reset that data freely. Servers already running on those ports are reused outside CI.
 */

/**
 * The browser: Debian's chromium-headless-shell when installed, Chromium's own engine without the
 * browser around it (the window, its tab strip drawn as a web page of its own, the profile's
 * services), which drew a quarter of the suite's time; the full chromium otherwise.
 * E2E_CHROME_PATH picks another.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'
const BROWSER =
  process.env.E2E_CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : (process.env.CHROME_PATH ?? '/usr/bin/chromium'))

export default defineConfig({
  testDir: 'tests/e2e',
  // A file's tests share one worker, in order: files that seed once in beforeAll rely on it.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // Workers share the machine's cores with their servers: a test's steps take up to twice as long
  // as they do alone, so the limits allow for that (a stuck step still fails well within a minute).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  globalSetup: './tests/e2e/support/global-setup.ts',
  use: {
    // baseURL is each worker's own server (tests/e2e/support/fixtures.ts).
    // A trace records every step of every test; kept for the retry of a failure, where it is read.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: BROWSER,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } }],
})
