import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, expect, it } from 'vitest'

/**
 * The server renderer (src/entry-server.tsx, built by `npm run build` into .tmp/ssr) is carried
 * whole by every function that answers with a page, and parsed each time one starts. It draws the
 * public pages only: the admin is drawn in the browser, so its screens and text editor stay out
 * (vite.config.ts puts a stand-in for admin-routes.tsx in the server build). With them it was 3 MB.
 */
const BUDGET_BYTES = 1_600_000

let outDir: string

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'server-budget-'))
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ mode: 'production', logLevel: 'error', build: { ssr: 'src/entry-server.tsx', outDir, emptyOutDir: true } })
  } finally {
    process.env.NODE_ENV = nodeEnv
  }
}, 120_000)

afterAll(() => rmSync(outDir, { recursive: true, force: true }))

const files = (folder: string): string[] =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => join(folder, file))

it(`the server renderer stays within ${BUDGET_BYTES / 1e6} MB, with no admin screen in it`, () => {
  const built = files(outDir)
  const size = built.reduce((sum, file) => sum + statSync(file).size, 0)
  expect(size).toBeLessThanOrEqual(BUDGET_BYTES)
  const code = built.map((file) => readFileSync(file, 'utf8')).join('\n')
  // The admin's frame and first screen (the build keeps function names), and the post editor's engine.
  expect(code).not.toMatch(/function (?:AdminLayout|DashboardPage)\b/)
  expect(code).not.toContain('ProseMirror')
})
