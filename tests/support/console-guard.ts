import { format } from 'node:util'
import { afterEach, beforeEach, vi } from 'vitest'

/**
 * A test fails on a console.error it did not announce (as in the Epic Stack's test setup): the
 * functions log only when something went wrong, so an unexpected log is an unexpected fault.
 */
let expected: { pattern: RegExp; seen: boolean }[] = []
let unexpected: string[] = []

/** Announces one console.error the current test causes on purpose; the test fails if it never comes. */
export function expectConsoleError(pattern: RegExp): void {
  expected.push({ pattern, seen: false })
}

export function guardConsoleError(): void {
  beforeEach(() => {
    expected = []
    unexpected = []
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      const text = format(...args)
      const match = expected.find(({ pattern }) => pattern.test(text))
      if (match) match.seen = true
      else unexpected.push(text)
    })
  })

  afterEach(() => {
    vi.mocked(console.error).mockRestore()
    if (unexpected.length > 0) throw new Error(`Unexpected console.error:\n${unexpected.join('\n')}`)
    const missing = expected.filter(({ seen }) => !seen).map(({ pattern }) => String(pattern))
    if (missing.length > 0) throw new Error(`Expected console.error never came: ${missing.join(', ')}`)
  })
}
