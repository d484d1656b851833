import { describe, expect, it } from 'vitest'
import { USER_MESSAGES } from '#domain/admin-user.ts'
import * as adminActivity from '#functions/admin-activity.ts'
import * as signOut from '#functions/admin-account-sign-out.ts'
import * as adminLogin from '#functions/admin-login.ts'
import * as adminStats from '#functions/admin-stats.ts'
import * as adminUserPassword from '#functions/admin-user-password.ts'
import { users } from '#lib/data/users.ts'
import { bearer, createAdmin, createEditor, newSession, TEST_PASSWORD } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call } from '#tests/support/call.ts'

useBlobsServer()

const signOutEverywhere = (authorization?: string) =>
  call(signOut, { method: 'POST', path: '/api/admin/account/sign-out-everywhere', headers: authorization ? { authorization } : {} })
const stats = (authorization: string) => call(adminStats, { path: '/api/admin/stats', headers: { authorization } })
const login = (username: string, password: string) =>
  call<{ success: boolean; token: string }>(adminLogin, { method: 'POST', path: '/api/admin/login', body: { username, password } })

describe('POST /api/admin/account/sign-out-everywhere', () => {
  it('ends every session of hers, this one included, and no one else’s; her password stays', async () => {
    const { user, authorization } = await createAdmin()
    const phone = await newSession(user)
    const laptop = await newSession(user)
    const colleague = await createEditor()

    const { status, body } = await signOutEverywhere(authorization)

    expect(status).toBe(200)
    expect(body).toEqual({ success: true, message: USER_MESSAGES.signedOutEverywhere })
    for (const session of [authorization, phone, laptop]) expect((await stats(session)).status).toBe(401)
    expect((await stats(colleague.authorization)).status).toBe(200)
    const again = await login(user.username, TEST_PASSWORD)
    expect(again.status).toBe(200)
    expect((await stats(bearer(again.body.token))).status).toBe(200)
  })

  it('is recorded in the history', async () => {
    const { user, authorization } = await createAdmin()
    await signOutEverywhere(authorization)
    const fresh = bearer((await login(user.username, TEST_PASSWORD)).body.token)
    const { body } = await call<{ success: boolean; entries: { action: string; label: string }[] }>(adminActivity, {
      path: '/api/admin/activity',
      headers: { authorization: fresh },
    })
    expect(body.entries).toContainEqual(expect.objectContaining({ action: 'signed-out', label: user.username }))
  })

  it('works while a new password is due after an admin’s reset', async () => {
    const { authorization: admin } = await createAdmin()
    const editor = await createEditor()
    await call(adminUserPassword, {
      method: 'POST',
      path: `/api/admin/users/${editor.user.id}/password`,
      params: { id: editor.user.id },
      body: { password: 'a temporary passphrase' },
      headers: { authorization: admin },
    })
    const temporary = bearer((await login(editor.user.username, 'a temporary passphrase')).body.token)

    expect((await signOutEverywhere(temporary)).status).toBe(200)
    expect((await stats(temporary)).status).toBe(401)
    expect((await users.findById(editor.user.id))?.mustChangePassword).toBe(true)
  })

  it('answers 401 without a token, or with one whose sessions have already ended', async () => {
    const { authorization } = await createEditor()
    expect((await signOutEverywhere()).status).toBe(401)
    expect((await signOutEverywhere(authorization)).status).toBe(200)
    expect((await signOutEverywhere(authorization)).status).toBe(401)
  })

  it.each(['GET', 'PUT', 'DELETE'])('refuses %s with a JSON 405 and ends nothing', async (method) => {
    const { authorization } = await createAdmin()
    const { status } = await call(signOut, { method, path: '/api/admin/account/sign-out-everywhere', headers: { authorization } })
    expect(status).toBe(405)
    expect((await stats(authorization)).status).toBe(200)
  })
})
