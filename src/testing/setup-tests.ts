import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { consoleErrorProblems, watchConsoleError } from './console-guard'
import { listen, server, takeUnhandled } from './server'

/**
 * The site project's setup (bulletproof-react's setup-tests.ts, Epic Stack's console guard):
 * msw answers every call with the default handlers (handlers.ts), a request no handler answers
 * fails the test, and so does a console.error the test did not announce.
 */
// A page's chunk compiles on its first import; on a busy machine that alone can take over a second.
configure({ asyncUtilTimeout: 5_000 })

let stop = () => {}
beforeAll(() => {
  stop = listen()
})
afterAll(() => stop())

beforeEach(() => {
  takeUnhandled()
  watchConsoleError()
})

afterEach(() => {
  // Unmount first: an unmount can log too, and the guard must still be listening.
  cleanup()
  server.resetHandlers()
  localStorage.clear()
  sessionStorage.clear()
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
  const problems = consoleErrorProblems()
  vi.restoreAllMocks()
  const unhandled = takeUnhandled()
  if (unhandled.length > 0) problems.unshift(`Requests without an msw handler:\n${unhandled.join('\n')}`)
  if (problems.length > 0) throw new Error(problems.join('\n\n'))
})

// jsdom has <dialog> but not its methods; the site uses them for the drawer and confirmations.
// Enough of them to open, close and fire `close`; no focus trapping, no top layer.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.hasAttribute('open')) return
    if (returnValue !== undefined) this.returnValue = returnValue
    this.removeAttribute('open')
    this.dispatchEvent(new Event('close'))
  }
}

// ScrollRestoration scrolls on every navigation; jsdom only reports "not implemented".
window.scrollTo = () => {}
