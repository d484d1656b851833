import { describe, expect, it } from 'vitest'
import { USER_MESSAGES } from '../../domain/admin-user'
import * as adminAccountPassword from '../../netlify/functions/admin-account-password'
import * as adminLogin from '../../netlify/functions/admin-login'
import * as adminStats from '../../netlify/functions/admin-stats'
import * as adminUserPassword from '../../netlify/functions/admin-user-password'
import * as adminUsers from '../../netlify/functions/admin-users'
import { users } from '../../netlify/lib/data/users'
import { bearer, createAdmin, createEditor, newSession, TEST_PASSWORD } from '../support/auth'
import { useBlobsServer } from '../support/blobs-server'
import { call } from '../support/call'

useBlobsServer()

type LoginBody = {
  success: boolean
  message?: string
  token?: string
  user?: { username: string; role: string; mustChangePassword?: boolean }
}
type ChangeBody = LoginBody

const NEW_PASSWORD = 'a brand new passphrase'

const change = (authorization: string, body: Record<string, unknown>) =>
  call<ChangeBody>(adminAccountPassword, { method: 'POST', path: '/api/admin/account/password', body, headers: { authorization } })
const changeTo = (authorization: string, newPassword: string, currentPassword = TEST_PASSWORD) =>
  change(authorization, { currentPassword, newPassword, confirmPassword: newPassword })
const reset = (authorization: string, id: string, password: string) =>
  call(adminUserPassword, {
    method: 'POST',
    path: `/api/admin/users/${id}/password`,
    params: { id },
    body: { password },
    headers: { authorization },
  })
const login = (username: string, password: string) =>
  call<LoginBody>(adminLogin, { method: 'POST', path: '/api/admin/login', body: { username, password } })
const stats = (authorization: string) => call(adminStats, { path: '/api/admin/stats', headers: { authorization } })

describe('POST /api/admin/account/password', () => {
  it('changes the password, keeps this session with a new token, and ends every other session', async () => {
    const { user, authorization } = await createAdmin()
    const otherDevice = await newSession(user)

    const { status, body } = await changeTo(authorization, NEW_PASSWORD)

    expect(status).toBe(200)
    expect(body).toMatchObject({ success: true, message: USER_MESSAGES.passwordChanged, user: { username: user.username, role: 'admin' } })
    expect((await stats(bearer(body.token!))).status).toBe(200)
    for (const old of [authorization, otherDevice]) {
      const refused = await stats(old)
      expect(refused.status).toBe(401)
      expect(refused.body.message).toMatch(/sign in again/i)
    }
    expect((await login(user.username, TEST_PASSWORD)).status).toBe(401)
    expect((await login(user.username, NEW_PASSWORD)).status).toBe(200)
  })

  it('refuses a wrong current password and leaves the password as it was', async () => {
    const { user, authorization } = await createEditor()

    const { status, body } = await changeTo(authorization, NEW_PASSWORD, 'not my password')

    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message: USER_MESSAGES.currentWrong })
    expect((await stats(authorization)).status).toBe(200)
    expect((await login(user.username, TEST_PASSWORD)).status).toBe(200)
  })

  it('slows down guessing the current password: a sixth wrong try in 15 minutes answers 429', async () => {
    const { authorization } = await createEditor()
    for (let i = 0; i < 5; i++) expect((await changeTo(authorization, NEW_PASSWORD, `wrong guess ${i}`)).status).toBe(400)

    const { status, body, headers } = await changeTo(authorization, NEW_PASSWORD)

    expect(status).toBe(429)
    expect(body.message).toBe(USER_MESSAGES.tooManyTries)
    expect(Number(headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it.each(['password1', 'Qwertyuiop', 'iloveyou'])('refuses %s, one of the most common passwords, whatever its case', async (common) => {
    const { authorization } = await createEditor()
    const { status, body } = await changeTo(authorization, common)
    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message: USER_MESSAGES.commonPassword })
    expect((await stats(authorization)).status).toBe(200)
  })

  it.each([
    ['a confirmation that differs', { newPassword: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}!` }, USER_MESSAGES.mismatch],
    ['the current password again', { newPassword: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }, USER_MESSAGES.samePassword],
    ['a short one', { newPassword: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    ['one past 72 bytes', { newPassword: 'é'.repeat(37), confirmPassword: 'é'.repeat(37) }, 'Password must be at most 72 bytes'],
  ])('refuses %s with its message', async (_name, fields, message) => {
    const { authorization } = await createEditor()
    const { status, body } = await change(authorization, { currentPassword: TEST_PASSWORD, ...fields })
    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message })
  })
})

describe('POST /api/admin/users/{id}/password', () => {
  it('gives a temporary password, ends the user’s sessions, and makes them choose their own before anything else', async () => {
    const { authorization: admin } = await createAdmin()
    const editor = await createEditor()

    const { status, body } = await reset(admin, editor.user.id, 'a temporary passphrase')
    expect(status).toBe(200)
    expect(body).toEqual({ success: true, message: USER_MESSAGES.passwordReset })
    expect((await stats(editor.authorization)).status).toBe(401)

    const signedIn = await login(editor.user.username, 'a temporary passphrase')
    expect(signedIn.body.user).toEqual({ username: editor.user.username, role: 'editor', mustChangePassword: true })
    const temporary = bearer(signedIn.body.token!)
    const blocked = await stats(temporary)
    expect(blocked.status).toBe(403)
    expect(blocked.body.message).toBe(USER_MESSAGES.mustChange)
    const listed = await call<{ success: boolean; users: { username: string; mustChangePassword?: boolean }[] }>(adminUsers, {
      path: '/api/admin/users',
      headers: { authorization: admin },
    })
    expect(listed.body.users.find((u) => u.username === editor.user.username)?.mustChangePassword).toBe(true)

    const chosen = await changeTo(temporary, NEW_PASSWORD, 'a temporary passphrase')
    expect(chosen.status).toBe(200)
    expect((await stats(bearer(chosen.body.token!))).status).toBe(200)
    expect((await login(editor.user.username, NEW_PASSWORD)).body.user).toEqual({ username: editor.user.username, role: 'editor' })
    expect((await users.findById(editor.user.id))?.mustChangePassword).toBeUndefined()
  })

  it('is not for her own password (that takes the current one), an unknown user, or a common password', async () => {
    const { user, authorization } = await createAdmin()
    const editor = await createEditor()

    expect(await reset(authorization, user.id, 'a temporary passphrase')).toMatchObject({
      status: 409,
      body: { message: USER_MESSAGES.selfReset },
    })
    expect(await reset(authorization, 'no-such-user', 'a temporary passphrase')).toMatchObject({
      status: 404,
      body: { message: USER_MESSAGES.notFound },
    })
    expect(await reset(authorization, editor.user.id, 'password123')).toMatchObject({
      status: 400,
      body: { message: USER_MESSAGES.commonPassword },
    })
    expect((await stats(editor.authorization)).status).toBe(200)
  })
})
