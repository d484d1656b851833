import { afterAll, describe, expect, it } from 'vitest'
import * as adminAccountPassword from '#functions/admin-account-password.ts'
import * as adminLogin from '#functions/admin-login.ts'
import * as adminStats from '#functions/admin-stats.ts'
import { outbox } from '#lib/data/outbox.ts'
import { attackScaled, reportAttack, reportFindings, type AttackClass } from '#tests/support/attack-scale.ts'
import { bearer, createAdmin, newSession, TEST_PASSWORD } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call, type CallOptions } from '#tests/support/call.ts'

/**
 * Lockout: hostile requests meant to keep the coach out of her own site, each campaign followed by
 * what she does to get back in. A campaign's hostile requests count as accepted when she cannot:
 * the site went along with them. Run as it is against an older commit (tests/attack/baselines),
 * it finds every campaign working there.
 *
 * - spread guessing: wrong passwords at her username from many networks, then she signs in, or
 *   asks for a reset link, from a network she has never used (a phone, a hotel);
 * - reset flood: reset requests for her username from many networks around her own; the newest
 *   email in her inbox must still set her password;
 * - stolen session: wrong current passwords from a session someone took; she must still change
 *   her password from her own session, which ends the stolen one.
 */
const CLASS: AttackClass = 'lockout'
const NETWORKS = attackScaled(12, 40)
const FLOOD = attackScaled(20, 100)
const THIEF_TRIES = attackScaled(6, 30)
const NEW_PASSWORD = 'lanterns over the quiet harbour'

useBlobsServer()

type Body = { success: boolean; message?: string; token?: string }
type FunctionModule = Parameters<typeof call>[0]

/** A function that may not exist (an older commit): null then, and whatever needs it fails. */
const load = (name: string): Promise<FunctionModule | null> =>
  import(/* @vite-ignore */ `../../netlify/functions/${name}.ts`).then(
    (module: FunctionModule) => module,
    () => null,
  )

const row = { calls: 0, accepted: 0 }
const problems: string[] = []

/** Sends one hostile request: counted, never judged alone. */
async function hostile(fn: FunctionModule | null, options: CallOptions): Promise<void> {
  row.calls++
  if (fn) await call<Body>(fn, options)
}

/** The outcome of a campaign of `sent` hostile requests: she got back in, or they kept her out. */
function judge(campaign: string, sent: number, gotIn: boolean, why: string) {
  if (gotIn) return
  row.accepted += sent
  problems.push(`${campaign}: ${sent} hostile requests kept her out (${why})`)
  expect.fail(problems.at(-1))
}

const login = (username: string, password: string, ip: string) =>
  call<Body>(adminLogin, { method: 'POST', path: '/api/admin/login', body: { username, password }, ip })
const works = async (token: string | undefined) =>
  Boolean(token) && (await call(adminStats, { path: '/api/admin/stats', headers: { authorization: bearer(token!) } })).status === 200

/** The token of the newest reset link in her inbox, if any. */
async function newestLink(to: string): Promise<string | undefined> {
  const emails = (await outbox.list()).filter((email) => email.to === to)
  return /#token=([\w.-]+)/.exec(emails.at(-1)?.text ?? '')?.[1]
}

type Step = { ok: boolean; why: string }

/** She asks for a reset link from `ip`. */
async function askForLink(username: string, ip: string): Promise<Step> {
  const request = await load('password-reset-request')
  if (!request) return { ok: false, why: 'there is no way to reset a password by email' }
  const asked = await call<Body>(request, { method: 'POST', path: '/api/admin/password-reset/request', body: { identifier: username }, ip })
  return asked.status === 200 ? { ok: true, why: '' } : { ok: false, why: `asking for a link answered ${asked.status}` }
}

/** She opens the newest link in her inbox and chooses a new password: true when she is then signed in. */
async function useNewestLink(email: string, ip: string): Promise<Step> {
  const reset = await load('password-reset')
  const token = await newestLink(email)
  if (!reset || !token) return { ok: false, why: 'no link reached her inbox' }
  const chosen = await call<Body>(reset, {
    method: 'POST',
    path: '/api/admin/password-reset',
    body: { token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    ip,
  })
  return (await works(chosen.body.token)) ? { ok: true, why: '' } : { ok: false, why: `the newest link answered ${chosen.status}` }
}

async function recoverByEmail(username: string, email: string, ip: string): Promise<Step> {
  const asked = await askForLink(username, ip)
  return asked.ok ? useNewestLink(email, ip) : asked
}

afterAll(() => {
  reportAttack({
    attack: CLASS,
    calls: row.calls,
    errors5xx: 0,
    outside: 0,
    slow: 0,
    otherProblems: 0,
    accepted: row.accepted,
    slowestMs: 0,
    slowestStopped: false,
  })
  reportFindings(CLASS, problems)
})

describe('attack: keeping the coach out of her own site', () => {
  it(`spread guessing from ${NETWORKS} networks, then she comes from a network she never used`, { timeout: 600_000 }, async () => {
    const { user } = await createAdmin({ username: 'coach-spread', email: 'coach-spread@home.example' })
    let sent = 0
    for (let n = 0; n < NETWORKS; n++) {
      for (let i = 0; i < 5; i++) {
        await hostile(adminLogin, {
          method: 'POST',
          path: '/api/admin/login',
          body: { username: 'coach-spread', password: `guess ${n}-${i}` },
          ip: `198.51.${100 + Math.floor(n / 200)}.${(n % 200) + 1}`,
        })
        sent++
      }
    }
    const hotel = '203.0.113.77'
    const signedIn = await login(user.username, TEST_PASSWORD, hotel)
    const recovered = signedIn.status === 200 ? { ok: true, why: '' } : await recoverByEmail(user.username, user.email, hotel)
    judge('spread guessing', sent, recovered.ok, `sign-in answered ${signedIn.status}; ${recovered.why}`)
  })

  it(`a flood of ${FLOOD} reset requests for her username from many networks, around her own`, { timeout: 600_000 }, async () => {
    const { user } = await createAdmin({ username: 'coach-flood', email: 'coach-flood@home.example' })
    const request = await load('password-reset-request')
    const flood = (from: number, to: number) =>
      Promise.all(
        Array.from({ length: to - from }, (_, i) =>
          hostile(request, {
            method: 'POST',
            path: '/api/admin/password-reset/request',
            body: { identifier: 'coach-flood' },
            ip: `192.0.2.${from + i + 1}`,
          }),
        ),
      )
    await flood(0, FLOOD / 2)
    const hotel = '203.0.113.78'
    const asked = await askForLink(user.username, hotel)
    // More requests while the email is on its way and she opens it.
    await flood(FLOOD / 2, FLOOD)
    const recovered = asked.ok ? await useNewestLink(user.email, hotel) : asked
    judge('reset flood', FLOOD, recovered.ok, recovered.why)
  })

  it(`${THIEF_TRIES} wrong current passwords from a stolen session, then she changes her password`, { timeout: 600_000 }, async () => {
    const { user, authorization: own } = await createAdmin({ username: 'coach-stolen' })
    const stolen = await newSession(user)
    for (let i = 0; i < THIEF_TRIES; i++) {
      await hostile(adminAccountPassword, {
        method: 'POST',
        path: '/api/admin/account/password',
        headers: { authorization: stolen },
        body: { currentPassword: `thief guess ${i}`, newPassword: 'the thief wants this one', confirmPassword: 'the thief wants this one' },
      })
    }
    const changed = await call<Body>(adminAccountPassword, {
      method: 'POST',
      path: '/api/admin/account/password',
      headers: { authorization: own },
      body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    })
    const thiefOut = (await call(adminStats, { path: '/api/admin/stats', headers: { authorization: stolen } })).status === 401
    judge('stolen session', THIEF_TRIES, changed.status === 200 && thiefOut, `her change answered ${changed.status}`)
  })
})
