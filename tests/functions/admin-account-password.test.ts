import { describe, expect, it } from 'vitest'
import { PASSWORD_ADVICE, USER_MESSAGES } from '#domain/admin-user.ts'
import * as adminAccountPassword from '#functions/admin-account-password.ts'
import * as adminLogin from '#functions/admin-login.ts'
import * as adminStats from '#functions/admin-stats.ts'
import * as adminUserPassword from '#functions/admin-user-password.ts'
import * as adminUsers from '#functions/admin-users.ts'
import { content } from '#lib/data/content.ts'
import { users } from '#lib/data/users.ts'
import { bearer, createAdmin, createEditor, newSession, TEST_PASSWORD } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call } from '#tests/support/call.ts'

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

  it('slows down guessing the current password: a sixth wrong try in 15 minutes from one session answers 429', async () => {
    const { authorization } = await createEditor()
    for (let i = 0; i < 5; i++) expect((await changeTo(authorization, NEW_PASSWORD, `wrong guess ${i}`)).status).toBe(400)

    const { status, body, headers } = await changeTo(authorization, NEW_PASSWORD)

    expect(status).toBe(429)
    expect(body.message).toBe(USER_MESSAGES.tooManyTries)
    expect(Number(headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('counts the tries per session: a stolen session that guesses wrong cannot block the owner’s own change', async () => {
    const { user, authorization: stolen } = await createAdmin()
    const owner = await newSession(user)
    for (let i = 0; i < 6; i++) await changeTo(stolen, NEW_PASSWORD, `thief guess ${i}`)
    expect((await changeTo(stolen, NEW_PASSWORD)).status).toBe(429)

    const { status, body } = await changeTo(owner, NEW_PASSWORD)

    expect(status).toBe(200)
    expect((await stats(bearer(body.token!))).status).toBe(200)
    // Her change ended the stolen session.
    expect((await stats(stolen)).status).toBe(401)
  })

  it.each(['password1', 'Password1!', 'Qwertyuiop', 'iloveyou', 'Summer2025!', 'qwerty123456'])(
    'refuses %s as easy to guess, saying why and what to choose instead',
    async (weak) => {
      const { authorization } = await createEditor()
      const { status, body } = await changeTo(authorization, weak)
      expect(status).toBe(400)
      expect(body.success).toBe(false)
      expect(body.message).toMatch(new RegExp(`^${USER_MESSAGES.weakPassword} .+ ${PASSWORD_ADVICE}$`))
      expect((await stats(authorization)).status).toBe(200)
    },
  )

  it.each([
    ['her username with a year', 'Martha.Jones2025'],
    ['her username backwards and forwards', 'marthajones!!'],
    ['her email address', 'martha@bethany.example'],
    ['the name of her email’s domain', 'Bethany-2025!'],
    ['the site’s name', 'FaithfulFinances2025!'],
    ['the site’s name as she renamed it', 'GraceAndGold!2025'],
    ['the site’s name and a letter whose lower case is longer', 'FaithfulFinances2025!İ'],
    ['the site’s name after such a letter', 'İFaithfulFinances2025!'],
    ['the site’s name in fullwidth letters', 'ＦａｉｔｈｆｕｌＦｉｎａｎｃｅｓ2025!'],
    ['the coach’s name', 'GraceAdeyemi2025!'],
    ['the coach’s name with dashes', 'Grace-Adeyemi-2025'],
    ['the site’s name with letters swapped for digits', 'F4ithfulFin4nces2025!'],
    ['the site’s name reversed', 'secnaniFlufhtiaF2025!'],
    ['the coach’s name in digits and reversed', 'ecarG imeyedA 2025!'],
    ['her username and email in digits', 'M4rth4J0n3sB3th4ny!'],
    ['the site’s name split by hyphens and spaces', 'Faith-ful Fin-ances 2025!'],
    ['the site’s name letter by letter', 'F a i t h f u l 2025!'],
    ['the site’s name with a Cyrillic а', 'Fаithful Finances 2025!'],
    ['the site’s name with invisible characters', 'Faith\u200bful\u00adFinances2025!'],
    ['the site’s name with an accent', 'Fa\u0301ithfulFinances2025!'],
  ])('refuses a password built on %s (%s)', async (_what, weak) => {
    await content.save({ section: 'site', key: 'siteName', value: 'Grace and Gold', type: 'text' }, 'test')
    const { authorization } = await createEditor({ username: 'martha.jones', email: 'martha@bethany.example' })
    const { status, body } = await changeTo(authorization, weak)
    expect(status).toBe(400)
    expect(body.message).toContain(USER_MESSAGES.weakPassword)
    expect(body.message).toContain('your username, your email address or the name of the site')
  })

  it.each(['correct horse battery staple', 'lanterns over the quiet harbour', 'Tr0ub4dor&3-hymn', 'amazing grace lanterns quietly'])(
    'accepts %s',
    async (strong) => {
      const { authorization } = await createEditor()
      expect((await changeTo(authorization, strong)).status).toBe(200)
    },
  )

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

  it('is not for her own password (that takes the current one), an unknown user, or a weak password', async () => {
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
    const weak = await reset(authorization, editor.user.id, 'password123')
    expect(weak.status).toBe(400)
    expect(weak.body.message).toContain(USER_MESSAGES.weakPassword)
    const named = await reset(authorization, editor.user.id, `${editor.user.username}!2025`)
    expect(named.status).toBe(400)
    expect(named.body.message).toContain(USER_MESSAGES.weakPassword)
    expect((await stats(editor.authorization)).status).toBe(200)
  })
})
