import { describe, expect, it } from 'vitest'
import { USER_MESSAGES, type PublicUser } from '../../domain/admin-user'
import * as adminLogin from '../../netlify/functions/admin-login'
import * as adminStats from '../../netlify/functions/admin-stats'
import * as adminUser from '../../netlify/functions/admin-user'
import * as adminUsers from '../../netlify/functions/admin-users'
import { users } from '../../netlify/lib/data/users'
import { callRaw, createAdmin, createEditor } from '../support/auth'
import { useBlobsServer } from '../support/blobs-server'
import { call } from '../support/call'

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
      expect(Object.keys(listed).every((key) => ['createdAt', 'email', 'id', 'role', 'username', 'lastLogin'].includes(key))).toBe(true)
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

    // A new admin may then delete the first one; the new one is the last admin left.
    const c = await createAdmin({ username: 'charlie' })
    expect((await remove(c.authorization, a.user.id)).status).toBe(200)
    expect(await usernames()).toEqual(['charlie'])
    expect((await remove(c.authorization, c.user.id)).status).toBe(409)
    expect(await usernames()).toEqual(['charlie'])
  })

  it('never deletes the last admin when two admins delete each other at once', { timeout: 60_000 }, async () => {
    for (let round = 0; round < 5; round++) {
      await blobs.current.reset()
      const a = await createAdmin()
      const b = await createAdmin()

      const answers = await Promise.all([remove(a.authorization, b.user.id), remove(b.authorization, a.user.id)])

      const statuses = answers.map((answer) => answer.status)
      expect(
        statuses.filter((status) => status === 200),
        `round ${round}: ${statuses}`,
      ).toHaveLength(1)
      // The loser either lost the race for the last admin (409) or was already gone when its call was checked (401).
      expect([401, 409]).toContain(statuses.find((status) => status !== 200))
      const admins = (await users.list()).filter((user) => user.role === 'admin')
      expect(admins).toHaveLength(1)
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
