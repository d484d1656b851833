import { expectConsoleError } from '#tests/support/console-guard.ts'
import { decodeProtectedHeader, jwtVerify } from 'jose'
import { describe, expect, it, vi } from 'vitest'
import { LOGIN_MESSAGES } from '#domain/admin-user.ts'
import * as adminLogin from '#functions/admin-login.ts'
import * as adminStats from '#functions/admin-stats.ts'
import { BCRYPT_COST, users } from '#lib/data/users.ts'
import { DUMMY_HASH, LOGIN_LIMITS } from '#lib/auth/login.ts'
import { bearer, createAdmin, createEditor, forge, TEST_PASSWORD } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call, type CallOptions } from '#tests/support/call.ts'
import { shrinkLimits } from '#tests/support/limits.ts'

useBlobsServer()

type LoginBody = { success: boolean; message?: string; token?: string; user?: { username: string; role: string; mustChangePassword?: boolean } }

const login = (body: unknown, options: CallOptions = {}) =>
  call<LoginBody>(adminLogin, { method: 'POST', path: '/api/admin/login', body, ...options })

const secret = () => new TextEncoder().encode(process.env.JWT_SECRET)
const INVALID = { success: false, message: LOGIN_MESSAGES.invalid }
const TOO_MANY = { success: false, message: LOGIN_MESSAGES.tooMany }

/** bcrypt with a cost of at least 10 (docs/decisions.md, Tokens and passwords). */
function expectBcryptCostAtLeast10(hash: string) {
  const match = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/.exec(hash)
  expect(match, `not a bcrypt hash: ${hash.slice(0, 7)}…`).not.toBeNull()
  expect(Number(match?.[1])).toBeGreaterThanOrEqual(10)
}

describe('POST /api/admin/login: success', () => {
  it('answers the token, the user and a message, and records lastLogin', async () => {
    const { user } = await createEditor({ username: 'Martha' })
    expect(user.lastLogin).toBeUndefined()

    const { status, body } = await login({ username: 'Martha', password: TEST_PASSWORD })

    expect(status).toBe(200)
    expect(body).toEqual({
      success: true,
      token: expect.any(String),
      user: { username: 'Martha', role: 'editor' },
      message: expect.any(String),
    })
    const stored = await users.findByUsername('Martha')
    expect(stored?.lastLogin).toEqual(expect.any(String))
    expect(Date.now() - Date.parse(stored?.lastLogin ?? '')).toBeLessThan(60_000)
  })

  it('signs the token HS256 with issuer, audience, an 8-hour expiry, the user id and a jti', async () => {
    const { user } = await createAdmin({ username: 'Lydia' })

    const { body } = await login({ username: 'Lydia', password: TEST_PASSWORD })

    const token = body.token ?? ''
    expect(decodeProtectedHeader(token).alg).toBe('HS256')
    const { payload } = await jwtVerify(token, secret(), {
      algorithms: ['HS256'],
      issuer: 'faithful-finances',
      audience: 'faithful-finances-admin',
    })
    expect(payload.sub).toBe(user.id)
    expect(payload.jti).toEqual(expect.stringMatching(/^\S{8,}$/))
    expect(payload.iat).toEqual(expect.any(Number))
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(8 * 60 * 60)
  })

  it('gives each login its own jti', async () => {
    await createAdmin({ username: 'Dorcas' })
    const first = await login({ username: 'Dorcas', password: TEST_PASSWORD })
    const second = await login({ username: 'Dorcas', password: TEST_PASSWORD })
    const jtiOf = async (token = '') => (await jwtVerify(token, secret())).payload.jti
    expect(await jtiOf(first.body.token)).not.toBe(await jtiOf(second.body.token))
  })

  it('answers a token the admin endpoints accept', async () => {
    await createAdmin({ username: 'Priscilla' })
    const { body } = await login({ username: 'Priscilla', password: TEST_PASSWORD })
    const { status } = await call(adminStats, { path: '/api/admin/stats', headers: { authorization: bearer(body.token ?? '') } })
    expect(status).toBe(200)
  })

  it('finds the username whatever its case, and trims it', async () => {
    await createAdmin({ username: 'Phoebe' })
    const { status, body } = await login({ username: '  phoebe ', password: TEST_PASSWORD })
    expect(status).toBe(200)
    expect(body.user).toEqual({ username: 'Phoebe', role: 'admin' })
  })
})

describe('POST /api/admin/login: refusals', () => {
  it('answers 401 "Invalid username or password" to a wrong password', async () => {
    await createAdmin({ username: 'Tabitha' })
    const { status, body } = await login({ username: 'Tabitha', password: 'not the password' })
    expect(status).toBe(401)
    expect(body).toEqual(INVALID)
    expect((await users.findByUsername('Tabitha'))?.lastLogin).toBeUndefined()
  })

  it('answers the same 401 to an unknown user', async () => {
    await createAdmin({ username: 'Tabitha' })
    const { status, body } = await login({ username: 'nobody', password: TEST_PASSWORD })
    expect(status).toBe(401)
    expect(body).toEqual(INVALID)
  })

  it.each([
    [{ password: 'whatever1' }, 'Username is required'],
    [{ username: '', password: 'whatever1' }, 'Username is required'],
    [{ username: '   ', password: 'whatever1' }, 'Username is required'],
    [{ username: 'admin' }, 'Password is required'],
    [{ username: 'admin', password: '' }, 'Password is required'],
    [{}, 'Username is required'],
  ])('answers 400 to %j with "%s"', async (payload, message) => {
    const { status, body } = await login(payload)
    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message })
  })

  it('answers 400 JSON to malformed JSON', async () => {
    const { status, body } = await login('{"username":', { headers: { 'content-type': 'application/json' } })
    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message: 'Request body must be valid JSON' })
  })

  it.each(['GET', 'PUT', 'DELETE'])('refuses %s with a JSON 405', async (method) => {
    const { status, body } = await call(adminLogin, { method, path: '/api/admin/login' })
    expect(status).toBe(405)
    expect(body).toEqual({ success: false, message: 'Method not allowed' })
  })
})

describe('POST /api/admin/login: rate limits', () => {
  const ATTACKER = '198.51.100.66'
  const COACH = '203.0.113.7'

  it('names the way out in its refusal: a new password by email', () => {
    expect(LOGIN_MESSAGES.tooMany).toMatch(/wait a few minutes/)
    expect(LOGIN_MESSAGES.tooMany).toMatch(/new password by email with "Forgot your password\?"/)
  })

  it('answers 429 to the 6th try at one username from one network within 15 minutes, even with the right password', async () => {
    await createAdmin({ username: 'Silas' })
    for (let i = 1; i <= 5; i++) {
      const { status, body } = await login({ username: 'Silas', password: `wrong password ${i}` }, { ip: ATTACKER })
      expect(status, `failure ${i}`).toBe(401)
      expect(body).toEqual(INVALID)
    }

    const { status, body, headers } = await login({ username: 'Silas', password: TEST_PASSWORD }, { ip: ATTACKER })

    expect(status).toBe(429)
    expect(body).toEqual(TOO_MANY)
    expect(Number(headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60)
    expect((await users.findByUsername('Silas'))?.lastLogin).toBeUndefined()
  })

  // Two client addresses: the coach signs in while someone else guesses at her username.
  it(
    'lets the coach in with her password from her own network while her username is under attack from others',
    { timeout: 90_000 },
    async () => {
      await createAdmin({ username: 'Grace' })
      const attackers = Array.from({ length: 6 }, (_, i) => `198.51.100.${10 + i}`)
      for (const ip of attackers) {
        for (let i = 1; i <= 6; i++) await login({ username: 'grace', password: `guess ${i}` }, { ip })
        expect((await login({ username: 'Grace', password: 'one more guess' }, { ip })).status).toBe(429)
      }

      const { status, body } = await login({ username: 'Grace', password: TEST_PASSWORD }, { ip: COACH })

      expect(status).toBe(200)
      expect(body.token).toEqual(expect.any(String))
    },
  )

  it('counts tries per username whatever its case', async () => {
    await createAdmin({ username: 'Silas' })
    for (const name of ['Silas', 'silas', 'SILAS', 'sIlAs', ' silas '])
      expect((await login({ username: name, password: 'wrong password' }, { ip: ATTACKER })).status).toBe(401)
    expect((await login({ username: 'Silas', password: TEST_PASSWORD }, { ip: ATTACKER })).status).toBe(429)
    expect((await login({ username: 'Silas', password: TEST_PASSWORD }, { ip: COACH })).status).toBe(200)
  })

  it('does not limit another username from the same network', async () => {
    await createAdmin({ username: 'Silas' })
    await createAdmin({ username: 'Timothy' })
    for (let i = 1; i <= 5; i++) await login({ username: 'Silas', password: 'wrong password' }, { ip: ATTACKER })
    expect((await login({ username: 'Timothy', password: TEST_PASSWORD }, { ip: ATTACKER })).status).toBe(200)
  })

  it('counts an IPv6 /64 as one network: changing the rest of the address buys no fresh tries', async () => {
    await createAdmin({ username: 'Lydia' })
    for (let i = 1; i <= 5; i++)
      expect((await login({ username: 'Lydia', password: 'wrong password' }, { ip: `2001:db8:1:2::${i.toString(16)}` })).status).toBe(401)
    expect((await login({ username: 'Lydia', password: TEST_PASSWORD }, { ip: '2001:db8:1:2:ffff:eeee:dddd:cccc' })).status).toBe(429)
    // The next /64 is another network.
    expect((await login({ username: 'Lydia', password: TEST_PASSWORD }, { ip: '2001:db8:1:3::1' })).status).toBe(200)
  })

  // Each login runs bcrypt: a loop of them is slow on a loaded machine, not wrong.
  it('answers 429 past the per-network limit of failures across many usernames', async () => {
    shrinkLimits({ [LOGIN_LIMITS.perNetwork.scope]: 4 })
    await createAdmin({ username: 'Barnabas' })
    const answers: number[] = []
    for (let i = 1; i <= 4; i++)
      answers.push((await login({ username: `guess${i}`, password: 'wrong password' }, { ip: '192.0.2.77' })).status)
    expect(answers).toEqual(Array(4).fill(401))

    const { status, body, headers } = await login({ username: 'Barnabas', password: TEST_PASSWORD }, { ip: '192.0.2.77' })

    expect(status).toBe(429)
    expect(body).toEqual(TOO_MANY)
    expect(Number(headers.get('retry-after'))).toBeGreaterThan(0)
    // The user is not locked out from elsewhere.
    expect((await login({ username: 'Barnabas', password: TEST_PASSWORD }, { ip: '192.0.2.78' })).status).toBe(200)
  })

  it('clears the failures of that username and network on a success', async () => {
    await createAdmin({ username: 'Apollos' })
    for (let i = 1; i <= 4; i++) expect((await login({ username: 'Apollos', password: 'wrong password' })).status).toBe(401)
    expect((await login({ username: 'Apollos', password: TEST_PASSWORD })).status).toBe(200)

    // Five fresh failures are allowed again; without the reset the second would be the 6th.
    for (let i = 1; i <= 5; i++) expect((await login({ username: 'Apollos', password: 'wrong password' })).status, `failure ${i}`).toBe(401)
    expect((await login({ username: 'Apollos', password: TEST_PASSWORD })).status).toBe(429)
  })

  it('does not count successes toward the per-network limit', async () => {
    shrinkLimits({ [LOGIN_LIMITS.perNetwork.scope]: 4 })
    await createAdmin({ username: 'Aquila' })
    for (let i = 1; i <= 5; i++)
      expect((await login({ username: 'Aquila', password: TEST_PASSWORD }, { ip: '192.0.2.90' })).status).toBe(200)
  })

  // Regression: a check made before any failure was counted let parallel guesses all through.
  it(
    'lets no more than 5 password guesses at one username be tried when 20 arrive at once from one network',
    { timeout: 60_000 },
    async () => {
      await createAdmin({ username: 'Eutychus' })
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login({ username: 'Eutychus', password: `guess number ${i}` }, { ip: ATTACKER })),
      )
      const statuses = answers.map((answer) => answer.status)
      expect(statuses.every((status) => status === 401 || status === 429)).toBe(true)
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5)
    },
  )
})

describe('the first admin', () => {
  it('is created from ADMIN_USERNAME and ADMIN_PASSWORD when there is no user yet', async () => {
    vi.stubEnv('ADMIN_USERNAME', 'coach')
    vi.stubEnv('ADMIN_PASSWORD', 'a strong first password')
    expect(await users.count()).toBe(0)

    const { status, body } = await login({ username: 'coach', password: 'a strong first password' })

    expect(status).toBe(200)
    expect(body.user).toEqual({ username: 'coach', role: 'admin' })
    expect(await users.list()).toEqual([expect.objectContaining({ username: 'coach', role: 'admin' })])
    expectBcryptCostAtLeast10((await users.findByUsername('coach'))?.passwordHash ?? '')
  })

  it('is created once when first logins race', async () => {
    vi.stubEnv('ADMIN_USERNAME', 'coach')
    vi.stubEnv('ADMIN_PASSWORD', 'a strong first password')

    const answers = await Promise.all(Array.from({ length: 5 }, () => login({ username: 'coach', password: 'a strong first password' })))

    expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(200))
    expect(await users.count()).toBe(1)
  })

  it('is not created when a user exists', async () => {
    await createEditor({ username: 'Rhoda' })
    vi.stubEnv('ADMIN_USERNAME', 'coach')
    vi.stubEnv('ADMIN_PASSWORD', 'a strong first password')

    const { status, body } = await login({ username: 'coach', password: 'a strong first password' })

    expect(status).toBe(401)
    expect(body).toEqual(INVALID)
    expect((await users.list()).map((user) => user.username)).toEqual(['Rhoda'])
  })

  it('is not created again after the first one was made', async () => {
    vi.stubEnv('ADMIN_USERNAME', 'coach')
    vi.stubEnv('ADMIN_PASSWORD', 'a strong first password')
    expect((await login({ username: 'coach', password: 'a strong first password' })).status).toBe(200)

    vi.stubEnv('ADMIN_USERNAME', 'intruder')
    vi.stubEnv('ADMIN_PASSWORD', 'another strong password')
    expect((await login({ username: 'intruder', password: 'another strong password' })).status).toBe(401)
    expect((await users.list()).map((user) => user.username)).toEqual(['coach'])
  })

  // Refusing it would leave a new site with no way in; keeping it as it is would keep a weak password.
  it('is created from a weak ADMIN_PASSWORD, and must choose a strong one of her own at her first sign-in', async () => {
    vi.stubEnv('ADMIN_USERNAME', 'coach')
    vi.stubEnv('ADMIN_PASSWORD', 'Password1!')

    const { status, body } = await login({ username: 'coach', password: 'Password1!' })

    expect(status).toBe(200)
    expect(body.user).toEqual({ username: 'coach', role: 'admin', mustChangePassword: true })
    const { status: refused } = await call(adminStats, { path: '/api/admin/stats', headers: { authorization: bearer(body.token ?? '') } })
    expect(refused).toBe(403)
  })

  it('is not created from an ADMIN_PASSWORD shorter than 8 characters', async () => {
    expectConsoleError(/ADMIN_USERNAME \/ ADMIN_PASSWORD refused: Password must be at least 8 characters/)
    vi.stubEnv('ADMIN_USERNAME', 'coach')
    vi.stubEnv('ADMIN_PASSWORD', 'abc')
    const { status } = await login({ username: 'coach', password: 'abc' })
    expect(status).not.toBe(200)
    expect(await users.count()).toBe(0)
  })

  it('does not exist without the environment: no default password', async () => {
    vi.stubEnv('ADMIN_USERNAME', undefined)
    vi.stubEnv('ADMIN_PASSWORD', undefined)
    for (const password of ['admin', 'admin123', 'password', 'changeme']) {
      expect((await login({ username: 'admin', password })).status).toBe(401)
    }
    expect(await users.count()).toBe(0)
  })
})

describe('the signing key', () => {
  function outsideNetlifyDev() {
    vi.stubEnv('NETLIFY_DEV', undefined)
    vi.stubEnv('NETLIFY_LOCAL', undefined)
  }

  it('answers 503 with no JWT_SECRET outside netlify dev: no silent fallback key', async () => {
    await createAdmin({ username: 'Lois' })
    outsideNetlifyDev()
    vi.stubEnv('JWT_SECRET', undefined)

    const { status, body } = await login({ username: 'Lois', password: TEST_PASSWORD })

    expect(status).toBe(503)
    expect(body).toEqual({ success: false, message: expect.any(String) })
    expect(body).not.toHaveProperty('token')
  })

  it('records no lastLogin for a sign-in refused for want of a key', async () => {
    await createAdmin({ username: 'Lois' })
    outsideNetlifyDev()
    vi.stubEnv('JWT_SECRET', undefined)
    expect((await login({ username: 'Lois', password: TEST_PASSWORD })).status).toBe(503)
    expect((await users.findByUsername('Lois'))?.lastLogin).toBeUndefined()
  })

  it('answers 503 whatever the password when there is no key', async () => {
    await createAdmin({ username: 'Lois' })
    outsideNetlifyDev()
    vi.stubEnv('JWT_SECRET', undefined)
    expect((await login({ username: 'Lois', password: 'not the password' })).status).toBe(503)
  })

  it('answers 503 with a JWT_SECRET shorter than 32 characters', async () => {
    await createAdmin({ username: 'Lois' })
    outsideNetlifyDev()
    vi.stubEnv('JWT_SECRET', 'too-short')
    const { status, body } = await login({ username: 'Lois', password: TEST_PASSWORD })
    expect(status).toBe(503)
    expect(body).not.toHaveProperty('token')
  })

  it('refuses every admin call as 503 too when the key is missing', async () => {
    const { authorization } = await createAdmin()
    outsideNetlifyDev()
    vi.stubEnv('JWT_SECRET', undefined)
    const { status, body } = await call(adminStats, { path: '/api/admin/stats', headers: { authorization } })
    expect(status).toBe(503)
    expect(body).toEqual({ success: false, message: expect.any(String) })
  })

  // A site owner can set any variable on a deployed site: none may switch on a fixed key.
  it.each(['NETLIFY_DEV', 'NETLIFY_LOCAL'])('still answers 503 with no JWT_SECRET under %s=true, locally or deployed', async (variable) => {
    await createAdmin({ username: 'Lois' })
    vi.stubEnv('JWT_SECRET', undefined)
    vi.stubEnv(variable, 'true')
    for (const runtime of ['local', 'deployed'] as const) {
      const { status, body } = await login({ username: 'Lois', password: TEST_PASSWORD }, { runtime })
      expect(status).toBe(503)
      expect(body).not.toHaveProperty('token')
    }
  })

  it.each(['NETLIFY_DEV', 'NETLIFY_LOCAL'])('refuses a token signed with the former built-in key under %s=true', async (variable) => {
    const { user } = await createAdmin()
    vi.stubEnv(variable, 'true')
    const authorization = `Bearer ${await forge.localDevSecret(user)}`
    for (const runtime of ['local', 'deployed'] as const) {
      expect((await call(adminStats, { path: '/api/admin/stats', headers: { authorization }, runtime })).status).toBe(401)
    }
  })

  it('is restored after the test: login works with the test secret again', async () => {
    await createAdmin({ username: 'Lois' })
    expect(process.env.JWT_SECRET).toBeTruthy()
    expect((await login({ username: 'Lois', password: TEST_PASSWORD })).status).toBe(200)
  })
})

describe('stored passwords', () => {
  it('are bcrypt hashes with a cost of at least 10', async () => {
    // As the admin's users screen and the first admin create them: no cost passed.
    await users.create({ username: 'Junia', email: 'junia@test.example', password: TEST_PASSWORD, role: 'admin' })
    await users.create({ username: 'Chloe', email: 'chloe@test.example', password: 'ünïcödé pässwörd', role: 'editor' })
    for (const name of ['Junia', 'Chloe']) {
      const hash = (await users.findByUsername(name))?.passwordHash ?? ''
      expectBcryptCostAtLeast10(hash)
      expect(hash).not.toContain(TEST_PASSWORD)
    }
    expect((await login({ username: 'Chloe', password: 'ünïcödé pässwörd' })).status).toBe(200)
  })

  it('compares unknown usernames against a hash of the same cost', () => {
    expectBcryptCostAtLeast10(DUMMY_HASH)
    expect(DUMMY_HASH.slice(4, 6)).toBe(String(BCRYPT_COST))
  })

  it('takes a lower cost only where one is asked for, and never one above the standard or below 4', async () => {
    const fields = { email: 'x@test.example', password: TEST_PASSWORD, role: 'editor' } as const
    await users.create({ ...fields, username: 'Lower' }, { passwordCost: 4 })
    expect((await users.findByUsername('Lower'))?.passwordHash).toMatch(/^\$2[aby]\$04\$/)
    await expect(users.create({ ...fields, username: 'Weak' }, { passwordCost: 3 })).rejects.toThrow(/out of range/)
    await expect(users.create({ ...fields, username: 'Slow' }, { passwordCost: 11 })).rejects.toThrow(/out of range/)
    expect(await users.findByUsername('Weak')).toBeUndefined()
  })

  it('refuses a password longer than 72 bytes even when its first 72 bytes are right', async () => {
    const password = 'p'.repeat(72)
    await createEditor({ username: 'Chloe', password })
    expect((await login({ username: 'Chloe', password })).status).toBe(200)
    expect((await login({ username: 'Chloe', password: `${password}-and-anything-else` })).status).toBe(401)
  })
})
