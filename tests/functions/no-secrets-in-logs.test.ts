import { inspect } from 'node:util'
import { getStore } from '@netlify/blobs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as adminLogin from '#functions/admin-login.ts'
import * as adminUser from '#functions/admin-user.ts'
import * as adminUsers from '#functions/admin-users.ts'
import { users } from '#lib/data/users.ts'
import { callRaw, createAdmin } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { expectConsoleError } from '#tests/support/console-guard.ts'
import { pointBlobsAt, startBlobsProxy, type Fault } from '#tests/support/stress-blobs-proxy.ts'

const blobs = useBlobsServer()

/**
 * Password hashes (and passwords) never appear in a log (docs/decisions.md, Tokens and passwords). Every console
 * method is captured, each argument expanded in full (nested error causes included, as a log
 * service would store them), while the user calls go right, go wrong, and meet a failing or
 * corrupt store.
 */
const BCRYPT_HASH = /\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}/
const PASSWORD = 'a secret nobody logs'

let logged: string[]
beforeEach(() => {
  logged = []
  const capture = (...args: unknown[]) =>
    void logged.push(args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { depth: null }))).join(' '))
  for (const method of ['log', 'info', 'warn', 'debug', 'trace'] as const) vi.spyOn(console, method).mockImplementation(capture)
})
afterEach(() => {
  for (const method of ['log', 'info', 'warn', 'debug', 'trace'] as const) vi.mocked(console[method]).mockRestore()
})

/** All that was logged: the methods above, and console.error as the shared guard recorded it. */
function allLogs(): string {
  const errors = vi.mocked(console.error).mock.calls.map((args) => args.map((arg) => inspect(arg, { depth: null })).join(' '))
  return [...logged, ...errors].join('\n')
}

async function expectNoSecretsLogged() {
  const text = allLogs()
  expect(text).not.toMatch(BCRYPT_HASH)
  expect(text).not.toContain(PASSWORD)
  for (const user of await users.list()) {
    const stored = await users.findById(user.id)
    expect(text).not.toContain(stored!.passwordHash)
  }
}

const login = (password = PASSWORD, username = 'keeper') =>
  callRaw(adminLogin, { method: 'POST', path: '/api/admin/login', body: { username, password } })
const createKeeper = (username = 'keeper') =>
  users.create({ username, email: `${username}@test.example`, password: PASSWORD, role: 'admin' })

describe('password hashes never reach a log', () => {
  it('the capture sees what a log call would write, hashes included (so the checks can fail)', async () => {
    await createKeeper()
    console.info('a careless log:', await users.findByUsername('keeper'))
    expect(allLogs()).toMatch(BCRYPT_HASH)
  })

  it('creating, listing, signing in (right and wrong password) and deleting users', async () => {
    const { authorization } = await createAdmin()
    const created = await callRaw(adminUsers, {
      method: 'POST',
      path: '/api/admin/users',
      body: { username: 'keeper', email: 'keeper@test.example', password: PASSWORD, role: 'editor' },
      headers: { authorization },
    })
    expect(created.status).toBe(201)
    expect((await login()).status).toBe(200)
    expect((await login('a wrong password')).status).toBe(401)
    expect((await callRaw(adminUsers, { path: '/api/admin/users', headers: { authorization } })).status).toBe(200)
    const id = (await users.findByUsername('keeper'))!.id
    const removed = await callRaw(adminUser, {
      method: 'DELETE',
      path: `/api/admin/users/${id}`,
      params: { id },
      headers: { authorization },
    })
    expect(removed.status).toBe(200)
    await expectNoSecretsLogged()
  })

  it('a stored user record that no longer fits the schema: the sign-in answers 503 and the log names the problem, not the hash', async () => {
    await createKeeper()
    const store = getStore('users')
    const index = (await store.get('index', { type: 'json' })) as { users: Record<string, unknown>[] }
    await store.setJSON('index', { users: index.users.map((user) => ({ ...user, role: 'owner' })) })
    expectConsoleError(/storage unavailable/)
    expect((await login()).status).toBe(503)
    await store.setJSON('index', index) // so the final check can read the hash it looks for
    await expectNoSecretsLogged()
  })

  it.each<Fault>(['error', 'reset', 'commit-then-error'])('Blobs failing at each step of a sign-in (%s)', async (fault) => {
    await createKeeper()
    const proxy = await startBlobsProxy(blobs.current.url)
    pointBlobsAt(proxy.url)
    try {
      // Count the requests of one healthy sign-in, then fail from each of them in turn.
      const before = proxy.count
      expect((await login()).status).toBe(200)
      const steps = proxy.count - before
      expect(steps).toBeGreaterThan(2)
      expectConsoleError(/storage unavailable/)
      for (let k = 1; k <= steps; k++) {
        // A user of its own each time: the per-username limit (5 tries) is not what is tested here.
        await createKeeper(`keeper${k}`)
        proxy.failFrom(k, fault)
        const { status } = await login(PASSWORD, `keeper${k}`)
        expect([200, 503]).toContain(status)
        proxy.healthy()
      }
    } finally {
      pointBlobsAt(blobs.current.url)
      await proxy.stop()
    }
    await expectNoSecretsLogged()
  })
})
