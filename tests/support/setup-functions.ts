import { beforeEach } from 'vitest'
import { useDefaultBuiltPages } from './built-pages'
import { guardConsoleError } from './console-guard'
import { runExportWorkerInProcess } from './export-worker'
import { runNewsletterWorkerInProcess } from './newsletter-worker'
import { TEST_ENV } from './test-env'

// Test files share a process (vitest.config.ts), and this file runs before each of them: each
// starts from the environment the process started with, whatever the file before it set.
const STARTING_ENV = Symbol.for('faithful-finances.tests.starting-env')
const scope = globalThis as typeof globalThis & { [STARTING_ENV]?: Record<string, string | undefined> }
const starting = (scope[STARTING_ENV] ??= { ...process.env })
for (const name of Object.keys(process.env)) if (!(name in starting)) delete process.env[name]
for (const [name, value] of Object.entries({ ...starting, ...TEST_ENV })) {
  if (value === undefined) delete process.env[name]
  else process.env[name] = value
}

guardConsoleError()
runExportWorkerInProcess()
runNewsletterWorkerInProcess()
// No build in a test: every test starts with the same stand-in pages (tests/support/built-pages.ts).
useDefaultBuiltPages()
beforeEach(useDefaultBuiltPages)
