import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The JavaScript a public page loads first is at most 100 KB gzip (docs/decisions.md, Performance
 * budgets). React, react-dom and the router alone are about 81 KB, so this fails as soon as our own
 * first-load code grows past what the budget leaves. First load = the entry chunk, the page's
 * chunk, and everything either imports statically (what the browser must fetch before the page is
 * interactive).
 */
const BUDGET_BYTES = 100 * 1024
// src/main.tsx imports React DOM at start, dynamically (so it evaluates in a task of its own):
// it is first-load code all the same.
const RENDERER = 'node_modules/react-dom/client.js'
const PUBLIC_PAGES = ['home', 'about', 'services', 'resources', 'blog', 'blog-post', 'book-now', 'not-found']

type Chunk = { file: string; imports?: string[]; isEntry?: boolean }
let outDir: string
let manifest: Record<string, Chunk>

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'budget-'))
  // vitest runs with NODE_ENV=test, which would build React's development bundles.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ mode: 'production', logLevel: 'error', build: { outDir, emptyOutDir: true } })
  } finally {
    process.env.NODE_ENV = nodeEnv
  }
  manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'))
}, 120_000)

afterAll(() => rmSync(outDir, { recursive: true, force: true }))

function firstLoad(keys: string[]): Set<string> {
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    chunk.imports?.forEach(visit)
  }
  keys.forEach(visit)
  return files
}

const gzipSize = (files: Set<string>) => [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(outDir, file))).length, 0)

describe('first-load JavaScript per public page', () => {
  it.each(PUBLIC_PAGES)('%s stays within 100 KB gzip', (page) => {
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!
    expect(manifest[RENDERER], 'React DOM has a chunk of its own').toBeDefined()
    const files = firstLoad([entry, RENDERER, `src/pages/${page}.tsx`])
    const size = gzipSize(files)
    expect(files.size).toBeGreaterThan(2) // the page's own chunk was found
    if (process.env.BUDGET_REPORT) console.log(`${page}: ${(size / 1024).toFixed(1)} KB gzip`)
    expect(size, `${page}: ${(size / 1024).toFixed(1)} KB gzip in ${[...files].join(', ')}`).toBeLessThanOrEqual(BUDGET_BYTES)
  })

  it('keeps the admin panel out of every public page', () => {
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!
    const publicFiles = firstLoad([entry, RENDERER, ...PUBLIC_PAGES.map((page) => `src/pages/${page}.tsx`)])
    const adminOnly = firstLoad(['src/pages/admin/dashboard.tsx', 'src/features/admin/shell/admin-layout.tsx'])
    const adminChunks = [...adminOnly].filter((file) => /admin|dashboard/.test(file))
    expect(adminChunks.length).toBeGreaterThan(0)
    for (const file of adminChunks) expect(publicFiles.has(file), file).toBe(false)
  })

  // Free booking slots are computed by the functions (domain/booking-slots.ts) with the Temporal
  // polyfill, about 47 KB gzip: half the budget. A page may load it only later, with import().
  it('keeps the Temporal polyfill out of every public page’s first load', () => {
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!
    for (const page of PUBLIC_PAGES) {
      for (const file of firstLoad([entry, RENDERER, `src/pages/${page}.tsx`])) {
        expect(readFileSync(join(outDir, file), 'utf8'), `${page}: ${file}`).not.toContain('Temporal.ZonedDateTime')
      }
    }
  })

  // The post editor (Tiptap on ProseMirror, about 150 KB gzip) is a chunk of the admin's own,
  // loaded when a post is opened: no public page may reach it.
  it('keeps the post editor out of every public page', () => {
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!
    const publicFiles = firstLoad([entry, RENDERER, ...PUBLIC_PAGES.map((page) => `src/pages/${page}.tsx`)])
    for (const file of publicFiles) expect(readFileSync(join(outDir, file), 'utf8').includes('ProseMirror'), file).toBe(false)
  })

  // New passwords are judged on the server (netlify/lib/auth/session/password-strength.ts): its dictionaries,
  // about 2 MB, must never reach a browser, not even in an admin chunk.
  it('keeps the password-strength dictionaries out of every chunk', () => {
    const files = readdirSync(join(outDir, 'assets'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'))
    expect(files.length).toBeGreaterThan(5)
    for (const file of files) {
      const code = readFileSync(join(outDir, 'assets', file), 'utf8')
      expect(code, file).not.toMatch(/zxcvbn|A123456ApasswordA12345678/)
    }
  })
})
