import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// The site's setup file is written alongside the pages; until it exists the site project runs bare.
const SITE_SETUP = 'src/testing/setup-tests.ts'
const hasSiteSetup = existsSync(SITE_SETUP)
/** Site tests that replace a module (vi.mock) and so need a module registry of their own. */
const ISOLATED_SITE_TESTS = 'src/**/*.isolated.test.{ts,tsx}'

// The post page function renders with the app's built server bundle (package.json "imports");
// tests render with its source, so they need no build.
const resolve = { alias: { '#app-renderer': fileURLToPath(new URL('src/entry-server.tsx', import.meta.url)) } }

export default defineConfig({
  test: {
    // A root-only option in vitest: lets `--project site` pass before the first page test exists.
    passWithNoTests: !hasSiteSetup,
    // One test file more than there are cores: most files wait on their local Blobs server between
    // steps, and vitest's default (one less than the cores) left one of two cores idle.
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        // The race, fuzz and fault suites at their small sizes (npm run stress runs them at full size).
        resolve,
        test: {
          name: 'stress',
          environment: 'node',
          include: ['tests/stress/**/*.test.ts'],
          setupFiles: ['tests/support/setup-functions.ts'],
          pool: 'forks',
          isolate: true,
          unstubEnvs: true,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The attack suite at its small size (npm run attack runs it at full size).
        resolve,
        test: {
          name: 'attack',
          environment: 'node',
          include: ['tests/attack/**/*.test.ts'],
          setupFiles: ['tests/support/setup-functions.ts'],
          pool: 'forks',
          isolate: true,
          unstubEnvs: true,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve,
        test: {
          name: 'functions',
          environment: 'node',
          include: ['tests/functions/**/*.test.ts', 'tests/budget/**/*.test.ts', 'domain/**/*.test.ts'],
          setupFiles: ['tests/support/setup-functions.ts'],
          // Files run one after another in a few processes that keep their modules loaded (a
          // process and its imports per file cost a quarter of the project's time). Each file still
          // starts its own Blobs server, and the setup file gives it the starting environment.
          pool: 'forks',
          isolate: false,
          unstubEnvs: true,
          // Real HTTP to a real Blobs server: generous limits so a loaded machine slows tests, not fails them.
          testTimeout: 15_000,
          hookTimeout: 15_000,
        },
      },
      {
        // The layer rules of eslint.config.js, run on deliberate violations (tests/lint-fixtures).
        test: {
          name: 'lint',
          environment: 'node',
          include: ['tests/lint/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'site',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [ISOLATED_SITE_TESTS],
          setupFiles: hasSiteSetup ? [SITE_SETUP] : [],
          // One module registry and jsdom per worker, not per file: the files share no state the
          // setup file does not reset after each test, and a fresh one per file cost half the
          // project's time. A file that mocks a module (vi.mock) needs its own: ISOLATED_SITE_TESTS.
          isolate: false,
          // Pages compile on first import and user-event types key by key: a loaded machine slows
          // these tests, it should not fail them.
          testTimeout: 15_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'site-isolated',
          environment: 'jsdom',
          include: [ISOLATED_SITE_TESTS],
          setupFiles: hasSiteSetup ? [SITE_SETUP] : [],
          testTimeout: 15_000,
        },
      },
    ],
  },
})
