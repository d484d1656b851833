import { describe, expect, it, vi } from 'vitest'
import { USER_MESSAGES, type PublicUser, type StoredUser } from '#domain/admin-user.ts'
import * as adminActivity from '#functions/admin-activity.ts'
import * as adminLogin from '#functions/admin-login.ts'
import * as adminStats from '#functions/admin-stats.ts'
import * as adminUser from '#functions/admin-user.ts'
import * as adminUserOwner from '#functions/admin-user-owner.ts'
import * as adminUserPassword from '#functions/admin-user-password.ts'
import * as adminUsers from '#functions/admin-users.ts'
import { openStore } from '#lib/storage/blobs.ts'
import { users } from '#lib/data/users.ts'
import { keys } from '#lib/storage/keys.ts'
import { callRaw, createAdmin, createEditor, TEST_PASSWORD, type SignedInUser } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call } from '#tests/support/call.ts'

const blobs = useBlobsServer()

type ListBody = { success: boolean; message?: string; users: PublicUser[] }
type CreateBody = { success: boolean; message?: string; user: PublicUser }

const list = (authorization: string) => call<ListBody>(adminUsers, { path: '/api/admin/users', headers: { authorization } })
const create = (authorization: string, body: unknown) =>
  call<CreateBody>(adminUsers, { method: 'POST', path: '/api/admin/users', body, headers: { authorization } })
const remove = (authorization: string, id: string) =>
  call(adminUser, { method: 'DELETE', path: `/api/admin/users/${encodeURIComponent(id)}`, params: { id }, headers: { authorization } })

const validUser = (overrides: Record<string, unknown> = {}) => ({
  username: 'newcomer',
  email: 'newcomer@test.example',
  password: 'a long enough password',
  role: 'editor',
  ...overrides,
})

const usernames = async () => (await users.list()).map((user) => user.username).sort()

describe('GET /api/admin/users', () => {
  it('lists every user without passwords or hashes', async () => {
    const { authorization, user } = await createAdmin()
    const editor = await createEditor()

    const { status, text } = await callRaw(adminUsers, { path: '/api/admin/users', headers: { authorization } })

    expect(status).toBe(200)
    expect(text).not.toMatch(/password/i)
    expect(text).not.toContain('$2')
    const body = JSON.parse(text) as ListBody
    expect(body.success).toBe(true)
    expect(body.users.map((u) => u.id).sort()).toEqual([user.id, editor.user.id].sort())
    for (const listed of body.users) {
      expect(Object.keys(listed).sort()).toEqual(expect.arrayContaining(['createdAt', 'email', 'id', 'role', 'username']))
      expect(Object.keys(listed).every((key) => ['createdAt', 'email', 'id', 'role', 'username', 'lastLogin', 'owner'].includes(key))).toBe(true)
    }
  })

  it('shows lastLogin once the user has signed in', async () => {
    const { authorization } = await createAdmin()
    await createEditor({ username: 'Rhoda' })
    await call(adminLogin, { method: 'POST', path: '/api/admin/login', body: { username: 'Rhoda', password: 'correct horse battery' } })

    const { body } = await list(authorization)

    expect(body.users.find((u) => u.username === 'Rhoda')?.lastLogin).toEqual(expect.any(String))
  })
})

describe('POST /api/admin/users', () => {
  it('creates the user, answers it without the password, and the user can sign in', async () => {
    const { authorization } = await createAdmin()

    const { status, text } = await callRaw(adminUsers, {
      method: 'POST',
      path: '/api/admin/users',
      body: validUser({ role: 'admin' }),
      headers: { authorization },
    })

    expect(status).toBe(201)
    expect(text).not.toMatch(/password/i)
    expect(text).not.toContain('$2')
    expect(JSON.parse(text)).toEqual({
      success: true,
      message: 'User created successfully',
      user: { id: expect.any(String), username: 'newcomer', email: 'newcomer@test.example', role: 'admin', createdAt: expect.any(String) },
    })
    const signIn = await call(adminLogin, {
      method: 'POST',
      path: '/api/admin/login',
      body: { username: 'newcomer', password: 'a long enough password' },
    })
    expect(signIn.status).toBe(200)
  })

  it('makes an editor when no role is given', async () => {
    const { authorization } = await createAdmin()
    const { role: _role, ...withoutRole } = validUser()

    const { status, body } = await create(authorization, withoutRole)

    expect(status).toBe(201)
    expect(body.user.role).toBe('editor')
    expect((await users.findByUsername('newcomer'))?.role).toBe('editor')
  })

  it('stores the password as a bcrypt hash of cost 10 or more', async () => {
    const { authorization } = await createAdmin()
    await create(authorization, validUser())
    const hash = (await users.findByUsername('newcomer'))?.passwordHash ?? ''
    expect(hash).toMatch(/^\$2[aby]\$(1\d|[23]\d)\$/)
  })

  it.each([
    ['no username', { username: undefined }, 'Username is required'],
    ['an empty username', { username: '' }, 'Username is required'],
    ['a blank username', { username: '   ' }, 'Username is required'],
    ['a username too short', { username: 'ab' }, 'Username must be at least 3 characters'],
    ['no email', { email: undefined }, 'Email is required'],
    ['an invalid email', { email: 'not-an-email' }, 'Enter a valid email'],
    ['an email with no dot', { email: 'a@b' }, 'Enter a valid email'],
    ['no password', { password: undefined }, 'Password is required'],
    ['a password shorter than 8', { password: 'seven77' }, 'Password must be at least 8 characters'],
    // 40 characters but 80 bytes: bcrypt would silently ignore everything past byte 72.
    ['a password longer than 72 bytes', { password: 'é'.repeat(40) }, 'Password must be at most 72 bytes'],
    ['a role other than editor or admin', { role: 'owner' }, 'Role must be editor or admin'],
    ['a role in capitals', { role: 'ADMIN' }, 'Role must be editor or admin'],
  ])('answers 400 to %s', async (_case, overrides, message) => {
    const { authorization } = await createAdmin({ username: 'boss' })

    const { status, body } = await create(authorization, validUser(overrides))

    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message })
    expect(await usernames()).toEqual(['boss'])
  })

  it.each(['Password1!', 'newcomer2025', 'Newcomer@test.example'])('refuses %s as easy to guess, and stores no user', async (weak) => {
    const { authorization } = await createAdmin({ username: 'boss' })
    const { status, body } = await create(authorization, validUser({ password: weak }))
    expect(status).toBe(400)
    expect(body.message).toContain(USER_MESSAGES.weakPassword)
    expect(await usernames()).toEqual(['boss'])
  })

  it('accepts a password of exactly 72 bytes', async () => {
    const { authorization } = await createAdmin()
    const password = 'Hélène sings over the quiet harbour at dusk, wïth lanterns ablaze!!!!'
    expect(new TextEncoder().encode(password).length).toBe(72)
    expect((await create(authorization, validUser({ password }))).status).toBe(201)
  })

  it.each(['newcomer', 'NewComer', 'NEWCOMER', ' newcomer '])('answers 409 to the taken username %j', async (username) => {
    const { authorization } = await createAdmin({ username: 'boss' })
    expect((await create(authorization, validUser())).status).toBe(201)

    const { status, body } = await create(authorization, validUser({ username, email: 'other@test.example' }))

    expect(status).toBe(409)
    expect(body).toEqual({ success: false, message: 'That username is already taken' })
    expect(await usernames()).toEqual(['boss', 'newcomer'])
  })

  it('keeps one user when the same username is created twice at once', async () => {
    const { authorization } = await createAdmin({ username: 'boss' })

    const answers = await Promise.all([create(authorization, validUser()), create(authorization, validUser({ username: 'NEWCOMER' }))])

    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
    expect((await usernames()).map((name) => name.toLowerCase()).sort()).toEqual(['boss', 'newcomer'])
  })

  it('answers 400 JSON to malformed JSON', async () => {
    const { authorization } = await createAdmin()
    const { status, body } = await call(adminUsers, {
      method: 'POST',
      path: '/api/admin/users',
      body: '{"username":',
      headers: { authorization, 'content-type': 'application/json' },
    })
    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message: 'Request body must be valid JSON' })
  })
})

describe('fields the server owns', () => {
  it('ignores a posted id, passwordHash, createdAt and lastLogin', async () => {
    const { authorization } = await createAdmin()
    // Shaped like a bcrypt hash: were it stored, whoever chose it would know the password.
    const knownHash = '$2b$10$w0mY3.7M1uC7Gq0Yb8bGCOyF2tLk3Kx5pZ9r7yq6Wb2tXxXxXxXxW'
    const { status, body } = await create(authorization, {
      ...validUser(),
      id: 'chosen-id',
      passwordHash: knownHash,
      createdAt: '2000-01-01T00:00:00.000Z',
      lastLogin: '2000-01-01T00:00:00.000Z',
    })
    expect(status).toBe(201)
    const stored = await users.findByUsername('newcomer')
    expect(stored?.id).not.toBe('chosen-id')
    expect(stored?.passwordHash).not.toBe(knownHash)
    expect(stored?.createdAt).not.toBe('2000-01-01T00:00:00.000Z')
    expect(stored?.lastLogin).toBeUndefined()
    expect(body.user.id).toBe(stored?.id)
  })
})

describe('DELETE /api/admin/users/{id}', () => {
  it('deletes an editor, whose token then stops working', async () => {
    const { authorization } = await createAdmin({ username: 'boss' })
    const editor = await createEditor()

    const { status, body } = await remove(authorization, editor.user.id)

    expect(status).toBe(200)
    expect(body).toEqual({ success: true, message: 'User deleted successfully' })
    expect(await usernames()).toEqual(['boss'])
    expect((await call(adminStats, { path: '/api/admin/stats', headers: { authorization: editor.authorization } })).status).toBe(401)
  })

  it.each(['no-such-user', 'x'.repeat(65), '../index'])('answers 404 "User not found" to the id %j', async (id) => {
    const { authorization } = await createAdmin({ username: 'boss' })
    const { status, body } = await remove(authorization, id)
    expect(status).toBe(404)
    expect(body).toEqual({ success: false, message: 'User not found' })
  })

  it('answers 409 to deleting your own account', async () => {
    const { authorization, user } = await createAdmin({ username: 'boss' })
    await createAdmin({ username: 'deputy' })

    const { status, body } = await remove(authorization, user.id)

    expect(status).toBe(409)
    expect(body).toEqual({ success: false, message: 'You cannot delete your own account' })
    expect(await usernames()).toEqual(['boss', 'deputy'])
  })

  it('lets an admin delete another admin, down to one', async () => {
    const a = await createAdmin({ username: 'alpha' })
    const b = await createAdmin({ username: 'bravo' })
    expect((await remove(a.authorization, b.user.id)).status).toBe(200)
    expect(await usernames()).toEqual(['alpha'])

    // A new admin may delete an admin who is not the owner; the owner is then the last admin left.
    const c = await createAdmin({ username: 'charlie' })
    const d = await createAdmin({ username: 'delta' })
    expect((await remove(c.authorization, d.user.id)).status).toBe(200)
    expect((await remove(a.authorization, c.user.id)).status).toBe(200)
    expect(await usernames()).toEqual(['alpha'])
    expect((await remove(a.authorization, a.user.id)).status).toBe(409)
    expect(await usernames()).toEqual(['alpha'])
  })

  it('keeps the owner, and so an admin, when she and another admin delete each other at once', { timeout: 60_000 }, async () => {
    for (let round = 0; round < 5; round++) {
      await blobs.current.reset()
      const owner = await createAdmin()
      const other = await createAdmin()

      const [byOwner, byOther] = await Promise.all([remove(owner.authorization, other.user.id), remove(other.authorization, owner.user.id)])

      expect(byOwner.status, `round ${round}`).toBe(200)
      // Refused as the owner (403), or already gone when its call was checked (401).
      expect([401, 403], `round ${round}`).toContain(byOther.status)
      expect((await users.list()).map((user) => user.id)).toEqual([owner.user.id])
    }
  })

  it('keeps an admin when an editor account is deleted alongside', async () => {
    const a = await createAdmin({ username: 'alpha' })
    const editor = await createEditor({ username: 'echo' })
    const b = await createAdmin({ username: 'bravo' })

    const answers = await Promise.all([remove(a.authorization, editor.user.id), remove(a.authorization, b.user.id)])

    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    expect(await usernames()).toEqual(['alpha'])
  })
})

const handOver = (from: SignedInUser, id: string, password = TEST_PASSWORD) =>
  call(adminUserOwner, { method: 'POST', path: `/api/admin/users/${id}/owner`, params: { id }, body: { password }, headers: { authorization: from.authorization } })
const resetPassword = (by: SignedInUser, id: string) =>
  call(adminUserPassword, {
    method: 'POST',
    path: `/api/admin/users/${id}/password`,
    params: { id },
    body: { password: 'a temporary passphrase' },
    headers: { authorization: by.authorization },
  })
const signIn = (username: string, password = TEST_PASSWORD) =>
  call(adminLogin, { method: 'POST', path: '/api/admin/login', body: { username, password } })
const ownerName = async () => (await users.list()).filter((user) => user.owner).map((user) => user.username)

describe("the site's owner", () => {
  it('is the first admin, marked in the list; nobody else is', async () => {
    const first = await createAdmin({ username: 'grace' })
    await createEditor({ username: 'ed' })
    await createAdmin({ username: 'deputy' })

    const { body } = await list(first.authorization)

    expect(body.users.map((user) => [user.username, user.owner ?? false])).toEqual([
      ['grace', true],
      ['ed', false],
      ['deputy', false],
    ])
  })

  it('is the first admin made from ADMIN_USERNAME and ADMIN_PASSWORD', async () => {
    vi.stubEnv('ADMIN_USERNAME', 'coach')
    vi.stubEnv('ADMIN_PASSWORD', 'a strong first password')
    expect((await signIn('coach', 'a strong first password')).status).toBe(200)
    expect((await users.findByUsername('coach'))?.owner).toBe(true)
  })

  it('is, in a store from before owners, its oldest admin: at once on reading, and stored by the next write', async () => {
    const a = await createAdmin({ username: 'older' })
    const b = await createAdmin({ username: 'newer' })
    await createEditor({ username: 'oldest-editor' })
    // The document as it was stored before owners: no one marked, the newer admin listed first.
    const store = openStore('users')
    const stored = JSON.parse((await store.get(keys.document()))!) as { users: StoredUser[] }
    const legacy = stored.users.map(({ owner: _owner, ...user }) => user)
    const editor = legacy.find((user) => user.username === 'oldest-editor')!
    editor.createdAt = '2020-01-01T00:00:00.000Z'
    await store.set(keys.document(), JSON.stringify({ users: [legacy[1], legacy[2], legacy[0]] }))

    expect(await ownerName()).toEqual(['older'])
    expect((await remove(b.authorization, a.user.id)).body).toEqual({ success: false, message: USER_MESSAGES.ownerDelete })

    expect((await signIn('newer')).status).toBe(200)
    const after = JSON.parse((await store.get(keys.document()))!) as { users: StoredUser[] }
    expect(after.users.filter((user) => user.owner).map((user) => user.username)).toEqual(['older'])
  })

  it('cannot be deleted by another admin (403), and stays', async () => {
    const owner = await createAdmin({ username: 'grace' })
    const other = await createAdmin({ username: 'deputy' })

    const { status, body } = await remove(other.authorization, owner.user.id)

    expect(status).toBe(403)
    expect(body).toEqual({ success: false, message: "The site owner's account cannot be deleted. Only she can hand ownership to another admin." })
    expect(await usernames()).toEqual(['deputy', 'grace'])
    expect((await list(owner.authorization)).status).toBe(200)
  })

  it('cannot delete her own account either (the rule for everyone)', async () => {
    const owner = await createAdmin({ username: 'grace' })
    await createAdmin({ username: 'deputy' })
    expect((await remove(owner.authorization, owner.user.id)).body).toEqual({ success: false, message: USER_MESSAGES.selfDelete })
  })

  it('cannot have her password reset by another admin (403): her password and her sessions stay', async () => {
    const owner = await createAdmin({ username: 'grace' })
    const other = await createAdmin({ username: 'deputy' })

    const { status, body } = await resetPassword(other, owner.user.id)

    expect(status).toBe(403)
    expect(body).toEqual({ success: false, message: 'Only the site owner can change her password: from My account, or with a reset link sent to her.' })
    expect((await list(owner.authorization)).status).toBe(200)
    expect((await signIn('grace')).status).toBe(200)
    expect((await users.findById(owner.user.id))?.mustChangePassword).toBeUndefined()
  })

  it('may reset the password of another admin', async () => {
    const owner = await createAdmin({ username: 'grace' })
    const other = await createAdmin({ username: 'deputy' })
    expect((await resetPassword(owner, other.user.id)).status).toBe(200)
    expect((await users.findById(other.user.id))?.mustChangePassword).toBe(true)
  })
})

describe('POST /api/admin/users/{id}/owner', () => {
  it('hands ownership to another admin, who is then protected while the former owner is not; recorded in the activity', async () => {
    const grace = await createAdmin({ username: 'grace' })
    const deputy = await createAdmin({ username: 'deputy' })

    const { status, body } = await handOver(grace, deputy.user.id)

    expect(status).toBe(200)
    expect(body).toEqual({ success: true, message: 'deputy is now the site owner. You are still an admin.' })
    expect(await ownerName()).toEqual(['deputy'])
    expect((await users.findById(grace.user.id))?.role).toBe('admin')
    // Still signed in, as an admin.
    expect((await list(grace.authorization)).status).toBe(200)
    expect((await remove(grace.authorization, deputy.user.id)).status).toBe(403)
    expect((await handOver(grace, deputy.user.id)).body).toEqual({ success: false, message: USER_MESSAGES.notOwner })
    expect((await resetPassword(deputy, grace.user.id)).status).toBe(200)

    const history = await call<{ success: boolean; entries: { action: string; label: string; changes: string[]; actor: { username: string } }[] }>(adminActivity, {
      path: '/api/admin/activity',
      headers: { authorization: deputy.authorization },
    })
    expect(history.body.entries.find((entry) => entry.action === 'owner-handed-over')).toMatchObject({
      actor: { username: 'grace' },
      label: 'deputy',
      changes: ['Owner: "grace" → "deputy"'],
    })
  })

  it('is the owner\'s alone: another admin gets 403, an editor the usual 403', async () => {
    await createAdmin({ username: 'grace' })
    const deputy = await createAdmin({ username: 'deputy' })
    const ed = await createEditor({ username: 'ed' })

    expect((await handOver(deputy, deputy.user.id)).body).toEqual({ success: false, message: 'Only the site owner can hand ownership over.' })
    expect((await handOver(deputy, deputy.user.id)).status).toBe(403)
    expect((await handOver(ed, deputy.user.id)).body).toEqual({ success: false, message: 'You do not have permission to do that.' })
    expect(await ownerName()).toEqual(['grace'])
  })

  it.each([
    ['an editor', 'editor', 409, 'Ownership can only go to an admin.'],
    ['herself', 'self', 409, 'You are already the site owner.'],
    ['an unknown id', 'no-such-user', 404, 'User not found'],
    ['a crafted id', '..%2Findex', 404, 'User not found'],
  ])('refuses to hand it to %s', async (_case, target, status, message) => {
    const grace = await createAdmin({ username: 'grace' })
    const ed = await createEditor({ username: 'ed' })
    const id = target === 'editor' ? ed.user.id : target === 'self' ? grace.user.id : target

    expect(await handOver(grace, id)).toMatchObject({ status, body: { success: false, message } })
    expect(await ownerName()).toEqual(['grace'])
  })

  it('asks for her own password: a wrong one hands nothing over, and five in 15 minutes answer 429', async () => {
    const grace = await createAdmin({ username: 'grace' })
    const deputy = await createAdmin({ username: 'deputy' })

    expect(await handOver(grace, deputy.user.id, '')).toMatchObject({ status: 400, body: { message: 'Enter your password to confirm' } })
    for (let i = 0; i < 5; i++)
      expect(await handOver(grace, deputy.user.id, 'not my password')).toMatchObject({ status: 400, body: { message: USER_MESSAGES.ownerPasswordWrong } })
    expect((await handOver(grace, deputy.user.id)).status).toBe(429)
    expect(await ownerName()).toEqual(['grace'])
  })

  it('goes to one admin only when she hands it to two at once', async () => {
    const grace = await createAdmin({ username: 'grace' })
    const a = await createAdmin({ username: 'alpha' })
    const b = await createAdmin({ username: 'bravo' })

    const answers = await Promise.all([handOver(grace, a.user.id), handOver(grace, b.user.id)])

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403])
    const owners = await ownerName()
    expect(owners).toHaveLength(1)
    expect(['alpha', 'bravo']).toContain(owners[0])
  })
})
