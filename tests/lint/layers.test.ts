import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The layer rules (eslint.config.js, docs/architecture.md) fail lint. Each fixture in
 * tests/lint-fixtures (left out of the normal lint run) is linted with the project's own config as
 * if it sat at the path its first line names, so its imports resolve to the real files there.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const eslint = new ESLint({ cwd: ROOT })

async function layerErrors(fixture: string, lintedAs: string): Promise<string[]> {
  const code = readFileSync(new URL(`../lint-fixtures/${fixture}`, import.meta.url), 'utf8')
  expect(code.split('\n')[0]).toContain(lintedAs)
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${lintedAs}` })
  const messages = result?.messages ?? []
  // Anything else (a parse error, another rule) would make the fixture prove nothing.
  expect(messages.filter((message) => message.ruleId !== 'boundaries/dependencies')).toEqual([])
  return messages.map((message) => message.message)
}

describe('the layer rules', () => {
  it.each([
    ['shared-imports-feature.ts', 'src/lib/lint-fixture.ts', /never imports a feature/],
    ['feature-imports-page.ts', 'src/features/blog/lint-fixture.ts', /feature never imports a page/],
    ['site-imports-server.ts', 'src/pages/lint-fixture.ts', /site never imports server code/],
    ['server-imports-site.ts', 'netlify/lib/lint-fixture.ts', /only through #app-renderer/],
    // Aliases resolve to the same files, so the same rules hold (build/eslint-import-aliases.cjs).
    ['site-imports-server-alias.ts', 'src/pages/lint-fixture.ts', /site never imports server code/],
    ['server-imports-site-alias.ts', 'netlify/lib/lint-fixture.ts', /only through #app-renderer/],
    ['domain-imports-site.ts', 'domain/lint-fixture.ts', /imports only domain/],
  ])('refuse %s (as %s)', async (fixture, lintedAs, message) => {
    const errors = await layerErrors(fixture, lintedAs)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(message)
  })

  it.each([
    ['page-imports-feature.ts', 'src/pages/lint-fixture.ts'],
    ['server-imports-renderer.ts', 'netlify/lib/lint-fixture.ts'],
  ])('allow %s (as %s)', async (fixture, lintedAs) => {
    expect(await layerErrors(fixture, lintedAs)).toEqual([])
  })
})
