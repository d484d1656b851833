import { format } from 'node:util'
import { vi } from 'vitest'

/**
 * A test fails on a console.error it did not announce (Epic Stack's setup-test-env.ts): React's
 * warnings, uncaught render errors and jsdom's "not implemented" all arrive there.
 */
let expected: { pattern: RegExp; seen: boolean }[] = []
let unexpected: string[] = []

/** Announces one console.error the current test causes on purpose; the test fails if it never comes. */
export function expectConsoleError(pattern: RegExp): void {
  expected.push({ pattern, seen: false })
}

export function watchConsoleError(): void {
  expected = []
  unexpected = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = format(...args)
    const match = expected.find(({ pattern }) => pattern.test(text))
    if (match) match.seen = true
    else unexpected.push(text)
  })
}

/** What went wrong with console.error in the test that just ended, as report lines. */
export function consoleErrorProblems(): string[] {
  const problems: string[] = []
  if (unexpected.length > 0) problems.push(`Unexpected console.error:\n${unexpected.join('\n')}`)
  const missing = expected.filter(({ seen }) => !seen).map(({ pattern }) => String(pattern))
  if (missing.length > 0) problems.push(`Expected console.error never came: ${missing.join(', ')}`)
  return problems
}
