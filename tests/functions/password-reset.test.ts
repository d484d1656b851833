import { hkdfSync } from 'node:crypto'
import { http, HttpResponse } from 'msw'
import { decodeJwt, SignJWT } from 'jose'
import { describe, expect, it, vi } from 'vitest'
import {
  LOGIN_MESSAGES,
  PASSWORD_ADVICE,
  PASSWORD_RESET_MESSAGES,
  USER_MESSAGES,
  RESET_EMAIL_INTERVAL_MINUTES,
} from '#domain/admin-user.ts'
import * as adminAccountPassword from '#functions/admin-account-password.ts'
import * as adminLogin from '#functions/admin-login.ts'
import * as resetCheck from '#functions/password-reset-check.ts'
import * as resetRequest from '#functions/password-reset-request.ts'
import * as reset from '#functions/password-reset.ts'
import * as adminStats from '#functions/admin-stats.ts'
import * as subscribersFunction from '#functions/subscribers.ts'
import { networkOf } from '#lib/http/client-network.ts'
import { content } from '#lib/data/content.ts'
import { outbox } from '#lib/data/outbox.ts'
import { passwordResets } from '#lib/data/password-resets.ts'
import { rateLimits } from '#lib/data/rate-limits.ts'
import { users } from '#lib/data/users.ts'
import { LOGIN_LIMITS } from '#lib/auth/login.ts'
import { resetToken } from '#lib/auth/password-reset.ts'
import { PUBLIC_LIMITS } from '#lib/forms/public-forms.ts'
import { confirmToken } from '#lib/subscribers/confirm.ts'
import { bearer, createAdmin, createEditor, newSession, TEST_PASSWORD } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call, fakeContext, TEST_ORIGIN, type CallOptions } from '#tests/support/call.ts'
import { shrinkLimits, useUpPublicLimit } from '#tests/support/limits.ts'
import { SENDGRID_SEND_URL, useSendgridMock, type SentMessage } from '#tests/support/sendgrid.ts'

useBlobsServer()
const sendgrid = useSendgridMock()

type ResetBody = { success: boolean; message: string; token?: string; user?: { username: string; role: string }; username?: string }

const ask = (identifier: unknown, options: CallOptions = {}) =>
  call<ResetBody>(resetRequest, { method: 'POST', path: '/api/admin/password-reset/request', body: { identifier }, ...options })
const check = (token: string) => call<ResetBody>(resetCheck, { method: 'POST', path: '/api/admin/password-reset/check', body: { token } })
const choose = (token: string, newPassword: string, options: CallOptions = {}) =>
  call<ResetBody>(reset, {
    method: 'POST',
    path: '/api/admin/password-reset',
    body: { token, newPassword, confirmPassword: newPassword },
    ...options,
  })
const login = (username: string, password: string, ip?: string) =>
  call<ResetBody>(adminLogin, { method: 'POST', path: '/api/admin/login', body: { username, password }, ip })
const stats = (authorization: string) => call(adminStats, { path: '/api/admin/stats', headers: { authorization } })

const NEW_PASSWORD = 'lanterns over the quiet harbour'
const REQUESTED = { success: true, message: PASSWORD_RESET_MESSAGES.requested }

/** The reset emails in the outbox for an address. */
const resetEmails = async (to: string) => (await outbox.list()).filter((email) => email.to === to && /new password/i.test(email.subject))

/** The token of the newest reset link sent to `to`, read from the email's text part. */
async function tokenSentTo(to: string): Promise<string> {
  const sent = await resetEmails(to)
  expect(sent.length, `a reset email to ${to}`).toBeGreaterThan(0)
  const link = /https?:\/\/\S+\/admin\/reset-password#token=([\w.-]+)/.exec(sent.at(-1)!.text)
  expect(link, 'a reset link in the text part').not.toBeNull()
  return link![1]!
}

/** A token signed with the reset key itself, with claims of the test's choosing. */
function signedWithResetKey(claims: Record<string, unknown>, audience = 'faithful-finances-password-reset') {
  const key = new Uint8Array(hkdfSync('sha256', process.env.JWT_SECRET!, 'faithful-finances', 'password-reset-links/v1', 32))
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuer('faithful-finances').setAudience(audience).sign(key)
}

describe('POST /api/admin/password-reset/request', () => {
  it('answers the same, with the same headers, for a username, an email, an unknown name and an unknown email', async () => {
    const { user } = await createAdmin({ username: 'Lydia', email: 'lydia@purple.example' })

    const answers = await Promise.all(
      ['Lydia', 'LYDIA@purple.example', 'nobody', 'nobody@purple.example', '__proto__', 'constructor'].map((identifier, i) =>
        ask(identifier, { ip: `198.51.100.${i + 1}` }),
      ),
    )

    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual(REQUESTED)
      expect([...answer.headers].filter(([name]) => name !== 'date')).toEqual([...answers[0]!.headers].filter(([name]) => name !== 'date'))
    }
    // One email, to the address on the account (asked for twice, within the interval).
    const sent = await resetEmails(user.email)
    expect(sent).toHaveLength(1)
    expect((await outbox.list()).map((email) => email.to)).toEqual([user.email])
  })

  it('emails a text part and an HTML part, both with the one-time link to the reset page', async () => {
    const { user } = await createEditor({ username: 'Phoebe', email: 'phoebe@cenchreae.example' })
    await ask('phoebe')

    const [email] = await resetEmails(user.email)
    expect(email!.subject).toBe(`Choose a new password for ${new URL(process.env.URL!).host}`)
    const token = await tokenSentTo(user.email)
    // The configured address of the site, never the Host of the request that asked.
    const link = `${process.env.URL}/admin/reset-password#token=${token}`
    expect(email!.text).toContain(link)
    expect(email!.text).toMatch(/within 30 minutes/)
    expect(email!.text).toMatch(/Hello Phoebe,/)
    expect(email!.html).toContain(`href="${link}"`)
    expect(email!.html).toContain('Choose a new password</a>')
    expect(decodeJwt(token)).toMatchObject({ sub: user.id, aud: 'faithful-finances-password-reset', purpose: 'password-reset' })
    const { exp = 0, iat = 0 } = decodeJwt(token)
    expect(exp - iat).toBe(30 * 60)
  })

  it('names the site by its address, never by the site name an editor can change', async () => {
    // An editor's words in the owner's own reset email would make a convincing phishing email.
    const lure = 'Faithful Finances — URGENT: verify at https://faithfulfinances.evil/login'
    await content.save({ section: 'site', key: 'siteName', value: lure, type: 'text' }, 'editor')
    const { user } = await createAdmin({ username: 'Lydia', email: 'lydia@thyatira.example' })
    await ask('lydia')

    const [email] = await resetEmails(user.email)
    for (const part of [email!.subject, email!.text, email!.html]) {
      expect(part).not.toContain('evil')
      expect(part).toContain(new URL(process.env.URL!).host)
    }
  })

  it('answers before the email goes out: the answer does not wait for the mail provider', async () => {
    vi.stubEnv('SENDGRID_API_KEY', 'SG.test')
    vi.stubEnv('MAIL_FROM', 'hello@faithful.example')
    vi.stubEnv('BOOKING_TO_EMAIL', 'coach@faithful.example')
    const { user } = await createAdmin({ username: 'Dorcas', email: 'dorcas@joppa.example' })
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const sent: SentMessage[] = []
    sendgrid.use(
      http.post(SENDGRID_SEND_URL, async ({ request }) => {
        sent.push((await request.json()) as SentMessage)
        await held
        return new HttpResponse(null, { status: 202 })
      }),
    )

    const background: Promise<unknown>[] = []
    const request = new Request(`${TEST_ORIGIN}/api/admin/password-reset/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'dorcas' }),
    })
    const response = await resetRequest.default(request, fakeContext({ runtime: 'deployed', background }))

    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(REQUESTED)
    expect(background).toHaveLength(1)
    release()
    await Promise.all(background)
    expect(sent.map((message) => message.personalizations[0]!.to[0]!.email)).toEqual([user.email])
    expect(sent[0]!.content.map((part) => part.type)).toEqual(['text/plain', 'text/html'])
  })

  it('hands the same work to after the answer for an unknown name as for a real one', async () => {
    await createAdmin({ username: 'Rhoda' })
    for (const identifier of ['Rhoda', 'not-a-user']) {
      const background: Promise<unknown>[] = []
      const request = new Request(`${TEST_ORIGIN}/api/admin/password-reset/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier }),
      })
      expect((await resetRequest.default(request, fakeContext({ background }))).status).toBe(200)
      expect(background, identifier).toHaveLength(1)
      await Promise.all(background)
    }
  })

  it(`sends at most one email per account in ${RESET_EMAIL_INTERVAL_MINUTES} minutes, however many ask, from wherever`, async () => {
    const { user } = await createAdmin({ username: 'Tabitha', email: 'tabitha@joppa.example' })

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => ask(i % 2 ? 'tabitha' : 'Tabitha@Joppa.example', { ip: `203.0.113.${100 + i}` })),
    )

    expect(answers.map((answer) => answer.body)).toEqual(Array(12).fill(REQUESTED))
    expect(await resetEmails(user.email)).toHaveLength(1)
  })

  it('bounds the requests of one network (429), and only those: sign-in and signups from it go on', async () => {
    const { user } = await createAdmin({ username: 'Chloe' })
    const hall = '192.0.2.50'
    shrinkLimits({ [PUBLIC_LIMITS.passwordReset.scope]: 3 })
    await useUpPublicLimit('passwordReset', hall, 3)

    const refused = await ask('Chloe', { ip: hall })

    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await ask('Chloe', { ip: '192.0.2.51' })).status).toBe(200)
    expect((await login(user.username, TEST_PASSWORD, hall)).status).toBe(200)
    const signup = await call(subscribersFunction, {
      method: 'POST',
      path: '/api/subscribers',
      body: { email: 'friend@hall.example' },
      ip: hall,
    })
    expect(signup.status).toBe(200)
  })

  it.each([
    [{}, 'Enter your username or email'],
    [{ identifier: '   ' }, 'Enter your username or email'],
    [{ identifier: 'x'.repeat(255) }, 'Username or email must be at most 254 characters'],
    [{ identifier: 42 }, 'Enter your username or email'],
  ])('refuses %j with "%s"', async (body, message) => {
    const answer = await call(resetRequest, { method: 'POST', path: '/api/admin/password-reset/request', body })
    expect(answer).toMatchObject({ status: 400, body: { success: false, message } })
  })

  it('says so on a deployed site without email settings, whoever is named, and sends nothing', async () => {
    vi.stubEnv('SENDGRID_API_KEY', undefined)
    await createAdmin({ username: 'Junia' })
    for (const identifier of ['Junia', 'nobody']) {
      const answer = await ask(identifier, { runtime: 'deployed' })
      expect(answer).toMatchObject({ status: 503, body: { success: false, message: PASSWORD_RESET_MESSAGES.emailUnavailable } })
    }
  })
})

describe('the reset link', () => {
  it('sets the password, ends every other session, signs her in, and works once', async () => {
    const { user, authorization } = await createAdmin({ username: 'Priscilla', email: 'priscilla@corinth.example' })
    const otherDevice = await newSession(user)
    await ask('Priscilla')
    const token = await tokenSentTo(user.email)

    expect(await check(token)).toMatchObject({ status: 200, body: { success: true, username: 'Priscilla' } })
    const { status, body } = await choose(token, NEW_PASSWORD)

    expect(status).toBe(200)
    expect(body).toMatchObject({ success: true, message: PASSWORD_RESET_MESSAGES.done, user: { username: 'Priscilla', role: 'admin' } })
    expect((await stats(bearer(body.token!))).status).toBe(200)
    for (const old of [authorization, otherDevice]) expect((await stats(old)).status).toBe(401)
    expect((await login('Priscilla', TEST_PASSWORD)).status).toBe(401)
    expect((await login('Priscilla', NEW_PASSWORD)).status).toBe(200)

    // A second use, and a look at the used link.
    const again = await choose(token, 'another long passphrase to try')
    expect(again).toMatchObject({ status: 410, body: { success: false, message: PASSWORD_RESET_MESSAGES.used } })
    expect(await check(token)).toMatchObject({ status: 410, body: { message: PASSWORD_RESET_MESSAGES.used } })
    expect((await login('Priscilla', NEW_PASSWORD)).status).toBe(200)
  })

  it('lets exactly one of two uses at once through', async () => {
    const { user } = await createEditor({ username: 'Apphia' })
    await ask('Apphia')
    const token = await tokenSentTo(user.email)

    const answers = await Promise.all([choose(token, NEW_PASSWORD), choose(token, 'a different long passphrase')])

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410])
    const winner = answers.find((answer) => answer.status === 200)!
    const password = winner === answers[0] ? NEW_PASSWORD : 'a different long passphrase'
    expect((await login('Apphia', password)).status).toBe(200)
  })

  it('is refused once it has expired, with a message that says so', async () => {
    const { user } = await createAdmin({ username: 'Eunice' })
    await ask('Eunice')
    // The same link, as if it had been sent 31 minutes ago (signed with the site's own key).
    const { jti } = decodeJwt(await tokenSentTo(user.email))
    const stored = (await users.findById(user.id))!
    const expired = await resetToken(stored, jti!, new Date(Date.now() - 31 * 60_000))

    expect(await check(expired)).toMatchObject({ status: 410, body: { success: false, message: PASSWORD_RESET_MESSAGES.expired } })
    expect(await choose(expired, NEW_PASSWORD)).toMatchObject({ status: 410, body: { message: PASSWORD_RESET_MESSAGES.expired } })
    expect((await login('Eunice', TEST_PASSWORD)).status).toBe(200)
  })

  it('refuses a weak password with advice, and the link still works after', async () => {
    const { user } = await createAdmin({ username: 'Lois', email: 'lois@lystra.example' })
    await ask('lois@lystra.example')
    const token = await tokenSentTo(user.email)

    for (const weak of ['Password1!', 'Lois2025!', 'lystra-lois-1']) {
      const refused = await choose(token, weak)
      expect(refused.status, weak).toBe(400)
      expect(refused.body.message).toMatch(new RegExp(`^${USER_MESSAGES.weakPassword} .*${PASSWORD_ADVICE}$`))
    }
    expect((await choose(token, NEW_PASSWORD)).status).toBe(200)
  })

  it('works only while it is the newest link, and not after the password was changed another way', async () => {
    const { user, authorization } = await createEditor({ username: 'Claudia' })
    await ask('Claudia')
    const first = await tokenSentTo(user.email)
    // A newer link, made after the interval.
    expect(await passwordResets.issue(user.id, new Date(Date.now() + (RESET_EMAIL_INTERVAL_MINUTES + 1) * 60_000))).toEqual(
      expect.any(String),
    )
    expect(await choose(first, NEW_PASSWORD)).toMatchObject({ status: 410, body: { message: PASSWORD_RESET_MESSAGES.replaced } })

    const { user: other } = await createEditor({ username: 'Persis' })
    await ask('Persis')
    const link = await tokenSentTo(other.email)
    const changed = await call(adminAccountPassword, {
      method: 'POST',
      path: '/api/admin/account/password',
      headers: { authorization: await newSession(other) },
      body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    })
    expect(changed.status).toBe(200)
    expect(await choose(link, 'yet another long passphrase')).toMatchObject({
      status: 410,
      body: { message: PASSWORD_RESET_MESSAGES.replaced },
    })
    expect((await stats(authorization)).status).toBe(200)
  })

  it.each([
    ['a session token', async (userId: string) => (await newSession((await users.findById(userId))!)).slice('Bearer '.length)],
    ['a subscription confirmation token', async () => confirmToken('someone@example.com')],
    [
      'a token for another purpose, signed with the reset key',
      (userId: string) => signedWithResetKey({ sub: userId, jti: 'n', sv: 0, exp: 9e9 }),
    ],
    [
      'a reset token for another audience',
      (userId: string) => signedWithResetKey({ sub: userId, jti: 'n', sv: 0, exp: 9e9, purpose: 'password-reset' }, 'x'),
    ],
    ['a token that is not one', async () => 'not.a.token'],
  ])('refuses %s as a reset link', async (_name, make) => {
    const { user } = await createAdmin()
    const token = await make(user.id)
    expect(await check(token)).toMatchObject({ status: 400, body: { success: false, message: PASSWORD_RESET_MESSAGES.invalid } })
    expect(await choose(token, NEW_PASSWORD)).toMatchObject({ status: 400, body: { message: PASSWORD_RESET_MESSAGES.invalid } })
    expect((await login(user.username, TEST_PASSWORD)).status).toBe(200)
  })

  it('refuses a link made by the reset key with a nonce that was never issued', async () => {
    const { user } = await createAdmin({ username: 'Mary' })
    await ask('Mary')
    const forged = await signedWithResetKey({
      sub: user.id,
      jti: 'guessed-nonce',
      sv: 0,
      exp: Math.floor(Date.now() / 1000) + 600,
      purpose: 'password-reset',
    })
    expect(await choose(forged, NEW_PASSWORD)).toMatchObject({ status: 410, body: { message: PASSWORD_RESET_MESSAGES.replaced } })
  })

  it.each([
    [{ newPassword: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}!` }, USER_MESSAGES.mismatch],
    [{ newPassword: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    [{ newPassword: 'é'.repeat(37), confirmPassword: 'é'.repeat(37) }, 'Password must be at most 72 bytes'],
  ])('refuses %j with "%s"', async (fields, message) => {
    const { user } = await createAdmin()
    await ask(user.username)
    const token = await tokenSentTo(user.email)
    const answer = await call(reset, { method: 'POST', path: '/api/admin/password-reset', body: { token, ...fields } })
    expect(answer).toMatchObject({ status: 400, body: { success: false, message } })
  })
})

describe('recovery while her username is under a guessing attack', () => {
  it('gets her in from a network she never used, and that network may sign in as her afterwards', { timeout: 60_000 }, async () => {
    const { user } = await createAdmin({ username: 'Grace', email: 'grace@home.example' })
    const hotel = '203.0.113.200'
    // Other networks have spent the username's tries in the window (a smaller number of them).
    shrinkLimits({ [LOGIN_LIMITS.perUsername.scope]: 3 })
    for (let i = 0; i < 3; i++) await rateLimits.take(LOGIN_LIMITS.perUsername, 'Grace')

    const refused = await login('Grace', TEST_PASSWORD, hotel)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe(LOGIN_MESSAGES.tooMany)
    expect(refused.body.message).toMatch(/Forgot your password\?/)

    expect((await ask('Grace', { ip: hotel })).body).toEqual(REQUESTED)
    const { status, body } = await choose(await tokenSentTo(user.email), NEW_PASSWORD, { ip: hotel })
    expect(status).toBe(200)
    expect((await stats(bearer(body.token!))).status).toBe(200)

    // Still under attack: the hotel is now a network she signed in from.
    expect((await login('Grace', NEW_PASSWORD, hotel)).status).toBe(200)
    expect((await login('Grace', NEW_PASSWORD, '203.0.113.201')).status).toBe(429)
    expect(networkOf(hotel)).toBe(hotel)
  })
})

describe('a site without its secret', () => {
  it('says sign-in is not set up (503), never that a good link is invalid', async () => {
    const { user } = await createAdmin({ username: 'Lydia' })
    const token = await resetToken((await users.findById(user.id))!, 'nonce-of-a-secretless-site')
    vi.stubEnv('JWT_SECRET', '')
    try {
      const answer = await check(token)
      expect(answer.status).toBe(503)
      expect(answer.body).toEqual({ success: false, message: 'Sign-in is not configured on this site yet.' })
    } finally {
      vi.unstubAllEnvs()
    }
  })
})
