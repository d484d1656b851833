import { beforeEach } from 'vitest'
import { useDefaultBuiltPages } from './built-pages'
import { guardConsoleError } from './console-guard'
import { runExportWorkerInProcess } from './export-worker'
import { runNewsletterWorkerInProcess } from './newsletter-worker'
import { TEST_ENV } from './test-env'

// Each test file runs in its own process (vitest.config.ts), so this environment is the file's own.
for (const [name, value] of Object.entries(TEST_ENV)) {
  if (value === undefined) delete process.env[name]
  else process.env[name] = value
}

guardConsoleError()
runExportWorkerInProcess()
runNewsletterWorkerInProcess()
// No build in a test: every test starts with the same stand-in pages (tests/support/built-pages.ts).
useDefaultBuiltPages()
beforeEach(useDefaultBuiltPages)
