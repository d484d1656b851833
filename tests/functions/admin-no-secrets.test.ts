import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as adminLogin from '#functions/admin-login.ts'
import * as adminNewsletterTest from '#functions/admin-newsletter-test.ts'
import * as adminUsers from '#functions/admin-users.ts'
import { newsletters } from '#lib/data/newsletters.ts'
import { users } from '#lib/data/users.ts'
import {
  ADMIN_ENDPOINTS,
  callRaw,
  createAdmin,
  createEditor,
  createFixtures,
  TEST_PASSWORD,
  type AdminEndpoint,
  type Fixtures,
  type SignedInUser,
} from '#tests/support/auth.ts'
import { startBlobsServer, type RunningBlobsServer } from '#tests/support/blobs-server.ts'

/**
 * One Blobs server for the file, not emptied between tests: the checks read the answers only, and
 * records other tests left make the lists longer, never cleaner. A read shares the records made
 * once per caller; a write gets a caller and records of its own (it may delete them, end the
 * caller's sessions or hand the site over).
 */
let server: RunningBlobsServer
const OWNER_EMAIL = 'owner.private@test.example'
const OTHER_EMAIL = 'other-editor.private@test.example'
let owner: SignedInUser
let editor: SignedInUser
const sharedFor = new Map<string, Fixtures>()

const isRead = (endpoint: AdminEndpoint) => endpoint.name.startsWith('GET ')

/** The caller and records a call of `endpoint` runs with: shared for a read, its own for a write. */
async function setUp(endpoint: AdminEndpoint, shared: SignedInUser): Promise<{ caller: SignedInUser; fixtures: Fixtures }> {
  if (isRead(endpoint)) return { caller: shared, fixtures: sharedFor.get(shared.user.id)! }
  const caller = shared.user.role === 'admin' ? await createAdmin() : await createEditor()
  const ownerId = caller.user.role === 'admin' ? caller.user.id : undefined
  return { caller, fixtures: await createFixtures({ exportOwner: caller.user.id, ownerId }) }
}

const testSend = async (user: SignedInUser, id: string) => {
  const { status } = await callRaw(adminNewsletterTest, {
    method: 'POST',
    path: `/api/admin/newsletters/${id}/test`,
    params: { id },
    headers: { authorization: user.authorization },
  })
  expect(status).toBe(200)
}

beforeAll(async () => {
  server = await startBlobsServer()
  owner = await createAdmin({ email: OWNER_EMAIL })
  editor = await createEditor()
  const other = await createEditor({ email: OTHER_EMAIL })
  for (const caller of [owner, editor]) sharedFor.set(caller.user.id, await createFixtures({ exportOwner: caller.user.id }))
  // Where an address gets written down: a test send of a newsletter, by the owner and by another editor.
  await testSend(owner, sharedFor.get(owner.user.id)!.newsletterId)
  await testSend(other, (await newsletters.create({ subject: 'Another', body: 'Hello.' }, other.user.username)).id)
}, 60_000)

afterAll(async () => {
  await server?.stop()
})

/** Passwords are never returned by any call, nor their hashes (docs/decisions.md, Tokens and passwords). */
const BCRYPT_HASH = /\$2[aby]\$\d\d\$/

function expectNoSecrets(text: string) {
  expect(text).not.toContain('passwordHash')
  expect(text).not.toMatch(BCRYPT_HASH)
  expect(text).not.toContain(TEST_PASSWORD)
}

describe('no admin response carries a password hash', () => {
  it('the stored users really have bcrypt hashes (so the checks below can fail)', async () => {
    const stored = await users.findByUsername((await users.list())[0]!.username)
    expect(stored?.passwordHash).toMatch(BCRYPT_HASH)
  })

  // Before the calls below, one of which leaves a user who must choose a new password.
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

  it.each(ADMIN_ENDPOINTS.map((endpoint) => [endpoint.name, endpoint] as const))('%s, answered to an admin', async (_name, endpoint) => {
    // The fixtures include an editor and another admin: stored hashes that could leak.
    const { caller, fixtures } = await setUp(endpoint, owner)

    const { status, text } = await callRaw(endpoint.fn, { ...endpoint.options(fixtures), headers: { authorization: caller.authorization } })

    expect(status).toBeGreaterThanOrEqual(200)
    expect(status).toBeLessThan(300)
    expectNoSecrets(text)
  })
})

describe("no answer to an editor names another user's email (docs/decisions.md, Roles checked on the server)", () => {
  it.each(ADMIN_ENDPOINTS.filter((endpoint) => endpoint.access !== 'admin').map((endpoint) => [endpoint.name, endpoint] as const))(
    '%s',
    async (_name, endpoint) => {
      const { caller, fixtures } = await setUp(endpoint, editor)

      const { status, text } = await callRaw(endpoint.fn, {
        ...endpoint.options(fixtures),
        headers: { authorization: caller.authorization },
      })

      expect(status).toBeGreaterThanOrEqual(200)
      expect(status).toBeLessThan(300)
      expect(text).not.toContain(OWNER_EMAIL)
      expect(text).not.toContain(OTHER_EMAIL)
    },
  )
})
