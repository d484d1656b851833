import { describe, expect, it } from 'vitest'
import * as adminLogout from '#functions/admin-logout.ts'
import * as adminStats from '#functions/admin-stats.ts'
import * as adminUserPassword from '#functions/admin-user-password.ts'
import * as adminAccountPassword from '#functions/admin-account-password.ts'
import * as adminLogin from '#functions/admin-login.ts'
import * as adminUsers from '#functions/admin-users.ts'
import { USER_MESSAGES } from '#domain/admin-user.ts'
import { users } from '#lib/data/users.ts'
import { bearer, createAdmin, createEditor, newSession } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call } from '#tests/support/call.ts'

useBlobsServer()

const logout = (authorization?: string) =>
  call(adminLogout, { method: 'POST', path: '/api/admin/logout', headers: authorization ? { authorization } : {} })

const stats = (authorization: string) => call(adminStats, { path: '/api/admin/stats', headers: { authorization } })

describe('POST /api/admin/logout', () => {
  it.each(['admin', 'editor'] as const)('revokes the token of an %s: it is refused afterwards on another endpoint', async (role) => {
    const { authorization } = role === 'admin' ? await createAdmin() : await createEditor()
    expect((await stats(authorization)).status).toBe(200)

    const { status, body } = await logout(authorization)

    expect(status).toBe(200)
    expect(body).toEqual({ success: true, message: 'Logged out' })
    const after = await stats(authorization)
    expect(after.status).toBe(401)
    expect(after.body).toEqual({ success: false, message: expect.any(String) })
  })

  it('revokes for admin-only endpoints too', async () => {
    const { authorization } = await createAdmin()
    await logout(authorization)
    expect((await call(adminUsers, { path: '/api/admin/users', headers: { authorization } })).status).toBe(401)
  })

  it('refuses the same token a second time', async () => {
    const { authorization } = await createAdmin()
    expect((await logout(authorization)).status).toBe(200)
    expect((await logout(authorization)).status).toBe(401)
  })

  it('ends only that session: another token of the same user still works', async () => {
    const { user, authorization } = await createAdmin()
    const other = await newSession(user)

    await logout(authorization)

    expect((await stats(authorization)).status).toBe(401)
    expect((await stats(other)).status).toBe(200)
  })

  it('revokes the token of a user who must choose a new password after a reset: it no longer works even for that', async () => {
    const { authorization: admin } = await createAdmin()
    const editor = await createEditor()
    const TEMPORARY = 'a temporary passphrase'
    const reset = await call(adminUserPassword, {
      method: 'POST',
      path: `/api/admin/users/${editor.user.id}/password`,
      params: { id: editor.user.id },
      body: { password: TEMPORARY },
      headers: { authorization: admin },
    })
    expect(reset.status).toBe(200)
    const signedIn = await call<{ success: boolean; token: string }>(adminLogin, {
      method: 'POST',
      path: '/api/admin/login',
      body: { username: editor.user.username, password: TEMPORARY },
    })
    const temporary = bearer(signedIn.body.token)
    expect((await stats(temporary)).body.message).toBe(USER_MESSAGES.mustChange)

    const { status, body } = await logout(temporary)

    expect(status).toBe(200)
    expect(body).toEqual({ success: true, message: 'Logged out' })
    const change = await call(adminAccountPassword, {
      method: 'POST',
      path: '/api/admin/account/password',
      body: {
        currentPassword: TEMPORARY,
        newPassword: 'lanterns over the quiet harbour',
        confirmPassword: 'lanterns over the quiet harbour',
      },
      headers: { authorization: temporary },
    })
    expect(change.status).toBe(401)
    expect((await users.findById(editor.user.id))?.mustChangePassword).toBe(true)
  })

  it('answers 401 JSON without a token', async () => {
    const { status, body, headers } = await logout()
    expect(status).toBe(401)
    expect(body).toEqual({ success: false, message: 'Authentication required' })
    expect(headers.get('www-authenticate')).toBe('Bearer')
  })

  it('answers 401 to a token it did not sign, and revokes nothing', async () => {
    const { authorization } = await createAdmin()
    expect((await logout('Bearer abc.def.ghi')).status).toBe(401)
    expect((await stats(authorization)).status).toBe(200)
  })

  it.each(['GET', 'PUT', 'DELETE'])('refuses %s with a JSON 405', async (method) => {
    const { authorization } = await createAdmin()
    const { status, body } = await call(adminLogout, { method, path: '/api/admin/logout', headers: { authorization } })
    expect(status).toBe(405)
    expect(body).toEqual({ success: false, message: 'Method not allowed' })
    expect((await stats(authorization)).status).toBe(200)
  })
})
