import { describe, expect, it } from 'vitest'
import * as adminLogin from '../../netlify/functions/admin-login'
import * as adminUsers from '../../netlify/functions/admin-users'
import { users } from '../../netlify/lib/data/users'
import { ADMIN_ENDPOINTS, callRaw, createAdmin, createFixtures, TEST_PASSWORD } from '../support/auth'
import { useBlobsServer } from '../support/blobs-server'

useBlobsServer()

/** Passwords are never returned by any call, nor their hashes (docs/decisions.md, Tokens and passwords). */
const BCRYPT_HASH = /\$2[aby]\$\d\d\$/

function expectNoSecrets(text: string) {
  expect(text).not.toContain('passwordHash')
  expect(text).not.toMatch(BCRYPT_HASH)
  expect(text).not.toContain(TEST_PASSWORD)
}

describe('no admin response carries a password hash', () => {
  it('the stored users really have bcrypt hashes (so the checks below can fail)', async () => {
    await createAdmin()
    const stored = await users.findByUsername((await users.list())[0]!.username)
    expect(stored?.passwordHash).toMatch(BCRYPT_HASH)
  })

  it.each(ADMIN_ENDPOINTS.map((endpoint) => [endpoint.name, endpoint] as const))('%s, answered to an admin', async (_name, endpoint) => {
    const { authorization, user } = await createAdmin()
    // The fixtures include an editor: two stored hashes that could leak.
    const fixtures = await createFixtures({ exportOwner: user.id })

    const { status, text } = await callRaw(endpoint.fn, { ...endpoint.options(fixtures), headers: { authorization } })

    expect(status).toBeGreaterThanOrEqual(200)
    expect(status).toBeLessThan(300)
    expectNoSecrets(text)
  })

  it('POST /api/admin/login, success and failure', async () => {
    await createAdmin({ username: 'Lydia' })
    const ok = await callRaw(adminLogin, { method: 'POST', path: '/api/admin/login', body: { username: 'Lydia', password: TEST_PASSWORD } })
    expect(ok.status).toBe(200)
    expectNoSecrets(ok.text)
    const refused = await callRaw(adminLogin, {
      method: 'POST',
      path: '/api/admin/login',
      body: { username: 'Lydia', password: 'wrong password' },
    })
    expect(refused.status).toBe(401)
    expectNoSecrets(refused.text)
  })

  it('POST /api/admin/users answers the new user without the password it was sent', async () => {
    const { authorization } = await createAdmin()
    const password = 'the-new-users-password'
    const { status, text } = await callRaw(adminUsers, {
      method: 'POST',
      path: '/api/admin/users',
      body: { username: 'newcomer', email: 'newcomer@test.example', password, role: 'admin' },
      headers: { authorization },
    })
    expect(status).toBe(201)
    expectNoSecrets(text)
    expect(text).not.toContain(password)
    expect(text).not.toMatch(/password/i)
  })

  it('GET /api/admin/users after logins (lastLogin set) still has no hash', async () => {
    const { authorization, user } = await createAdmin()
    await callRaw(adminLogin, { method: 'POST', path: '/api/admin/login', body: { username: user.username, password: TEST_PASSWORD } })
    const { text } = await callRaw(adminUsers, { path: '/api/admin/users', headers: { authorization } })
    expect(text).toContain('lastLogin')
    expectNoSecrets(text)
    expect(text).not.toMatch(/password/i)
  })
})
