import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/**
 * The stress suites (races, fuzz, faults), run on their own: `npm run stress` (full sizes) or
 * `npx vitest run --config tests/stress/vitest.config.ts` (small sizes). Same setup as the
 * functions project of the root config: one process per file, each with its own Blobs server.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
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
})
