import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StoredUser } from '#domain/admin-user.ts'
import { CONTRACTS } from '#domain/api/index.ts'
import type { EndpointContract } from '#domain/api/contract.ts'
import { startBlobsServer, type RunningBlobsServer } from '#tests/support/blobs-server.ts'
import {
  ADMIN_ENDPOINTS,
  bearer,
  callRaw,
  createAdmin,
  createEditor,
  createFixtures,
  deletedUserToken,
  forge,
  newSession,
  revokedToken,
  signToken,
  type AdminEndpoint,
  type Fixtures,
} from '#tests/support/auth.ts'

/**
 * Every admin call checks its token on the server, and roles are enforced there (docs/decisions.md,
 * Roles checked on the server). Every endpoint × method runs against every kind of bad credential;
 * each refusal must be a JSON `{ success: false, message }` and must leave the stored data exactly
 * as it was.
 *
 * One Blobs server for the whole file, not emptied between tests: a refusal is checked by the
 * writes the Blobs server received during it (none), so what earlier tests stored does not matter,
 * and the users (bcrypt-hashed, so slow to make) are made once.
 */
let server: RunningBlobsServer
let admin: StoredUser
let editor: StoredUser
let shared: Fixtures
/** The shared records with an export of the caller's own, for the reads each makes. */
const sharedFor = new Map<string, Fixtures>()

const basic = (user: StoredUser) => `Basic ${Buffer.from(`${user.username}:correct horse battery`).toString('base64')}`
const rawToken = async (user: StoredUser) => (await newSession(user)).slice('Bearer '.length)

/** Each way of calling without a valid session; the header (or none) is built once the users exist. */
const SCENARIOS: [name: string, header: () => Promise<string | undefined>][] = [
  ['no Authorization header', async () => undefined],
  ['an empty Authorization header', async () => ''],
  ['the Basic scheme with the right password', async () => basic(admin)],
  ['a valid token without the Bearer scheme', () => rawToken(admin)],
  ['a valid token under another scheme', async () => `Token ${await rawToken(admin)}`],
  ['"Bearer" and no token', async () => 'Bearer'],
  ['a token that is not a JWT', async () => 'Bearer not-a-jwt'],
  ['a token with spaces', async () => 'Bearer not a token'],
  ['three dotted parts of garbage', async () => 'Bearer abc.def.ghi'],
  ['a token signed with another secret', async () => bearer(await forge.otherSecret(admin))],
  ['a token signed with the local development key', async () => bearer(await forge.localDevSecret(admin))],
  ['an alg "none" token', async () => bearer(await forge.algNone(admin))],
  ['an HS512 token (right secret, wrong algorithm)', async () => bearer(await forge.hs512(admin))],
  ['an RS256 token', async () => bearer(await forge.rs256(admin))],
  ['a token from another issuer', async () => bearer(await forge.wrongIssuer(admin))],
  ['a token for another audience', async () => bearer(await forge.wrongAudience(admin))],
  ['a token with no expiry', async () => bearer(await forge.noExpiry(admin))],
  ['a token with no id (jti)', async () => bearer(await forge.noJti(admin))],
  ['a token with no subject', async () => bearer(await forge.noSubject(admin))],
  ['a revoked token (logged out)', async () => bearer(await revokedToken('admin'))],
  ['the token of a deleted admin', async () => bearer(await deletedUserToken('admin'))],
]
const headers = new Map<string, string | undefined>()
let expiredHeader: string

beforeAll(async () => {
  server = await startBlobsServer()
  admin = (await createAdmin()).user
  editor = (await createEditor()).user
  shared = await createFixtures()
  for (const caller of [admin, editor]) sharedFor.set(caller.id, await createFixtures({ userId: shared.userId, exportOwner: caller.id }))
  for (const [name, header] of SCENARIOS) headers.set(name, await header())
  expiredHeader = bearer(await forge.expired(admin))
  // Five bcrypt-hashed users and an RSA key pair: slow on a loaded machine.
}, 60_000)

afterAll(async () => {
  await server?.stop()
})

type Answer = Awaited<ReturnType<typeof callRaw>> & { json: unknown }

async function send(endpoint: AdminEndpoint, fixtures: Fixtures, authorization: string | undefined): Promise<Answer> {
  const options = endpoint.options(fixtures)
  const headers = {
    ...options.headers,
    ...(authorization === undefined ? {} : { authorization }),
  }
  const answer = await callRaw(endpoint.fn, { ...options, headers })
  const isJson = answer.headers.get('content-type')?.startsWith('application/json') ?? false
  return { ...answer, json: isJson ? JSON.parse(answer.text) : undefined }
}

/**
 * Sends the call and checks it was refused with `status`, as JSON, with nothing stored or deleted:
 * the server counts every write and delete it receives, so none means the data is as it was.
 */
async function expectRefused(endpoint: AdminEndpoint, authorization: string | undefined, status: number) {
  const writesBefore = server.requests.set + server.requests.delete

  const answer = await send(endpoint, shared, authorization)

  const writes = server.requests.set + server.requests.delete - writesBefore
  expect(answer.status).toBe(status)
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
  expect(answer.json).toEqual({ success: false, message: expect.any(String) })
  if (status === 401) expect(answer.headers.get('www-authenticate')).toBe('Bearer')
  expect(writes, 'writes to Blobs during a refused call').toBe(0)
  return answer.json as { success: false; message: string }
}

/**
 * The records a successful call acts on. A read changes nothing, so it reads the shared ones; a
 * write may use its records up (a delete, a send), so it gets fresh ones, the export its caller's.
 * Only the user delete needs a user of its own; the rest share one (bcrypt makes users slow).
 */
async function fixturesFor(endpoint: AdminEndpoint, caller: StoredUser): Promise<Fixtures> {
  if (endpoint.name.startsWith('GET ')) return sharedFor.get(caller.id)!
  const ownUser = endpoint.name.startsWith('DELETE /api/admin/users')
  return createFixtures(ownUser ? { exportOwner: caller.id } : { userId: shared.userId, exportOwner: caller.id })
}

const endpointNames = ADMIN_ENDPOINTS.map((endpoint) => [endpoint.name, endpoint] as const)
const adminOnly = endpointNames.filter(([, endpoint]) => endpoint.access === 'admin')
// A password change ends the other sessions of the user these tables sign in as again and again,
// and a hand-over leaves her no longer the owner.
const repeatable = endpointNames.filter(([, endpoint]) => !endpoint.endsOwnSessions && !endpoint.changesCaller)
const editorAllowed = repeatable.filter(([, endpoint]) => endpoint.access !== 'admin')

describe('the endpoint table', () => {
  it('has a call for every method whose contract asks for a session, with the contract’s access', () => {
    const named = new Set(ADMIN_ENDPOINTS.map((endpoint) => endpoint.name.split('?')[0]))
    const wanted = (Object.values(CONTRACTS) as EndpointContract[]).flatMap((contract) =>
      Object.entries(contract.methods)
        .filter(([, rules]) => ['signed-in', 'editor', 'admin'].includes(rules.access))
        .map(([method]) => `${method} ${contract.endpoint.path!.replace(/:(\w+)/g, '{$1}')}`),
    )
    expect(wanted.filter((name) => !named.has(name))).toEqual([])
  })

  it('covers every admin function file that checks a token', async () => {
    const { readdir } = await import('node:fs/promises')
    const files = (await readdir(new URL('../../netlify/functions/', import.meta.url))).filter(
      (file) => file.startsWith('admin-') && file !== 'admin-login.ts',
    )
    const covered = new Set(ADMIN_ENDPOINTS.map((endpoint) => endpoint.fn))
    for (const file of files) {
      const module = (await import(`../../netlify/functions/${file.slice(0, -'.ts'.length)}.ts`)) as AdminEndpoint['fn']
      expect(covered.has(module), file).toBe(true)
    }
  })
})

describe.each(SCENARIOS.map(([name]) => name))('%s → 401', (scenario) => {
  it.each(endpointNames)('%s', async (_name, endpoint) => {
    const json = await expectRefused(endpoint, headers.get(scenario), 401)
    expect(json.message).toMatch(/sign in|authentication required/i)
  })
})

describe('an expired token → 401 saying the session has expired', () => {
  it.each(endpointNames)('%s', async (_name, endpoint) => {
    const json = await expectRefused(endpoint, expiredHeader, 401)
    expect(json.message).toMatch(/session has expired/i)
  })
})

describe('the forging itself', () => {
  // Each forged token differs from this one in one thing only, so its refusal is for that thing.
  it.each(repeatable)('a token signed here exactly as the server signs is accepted: %s', async (_name, endpoint) => {
    const { status } = await send(endpoint, await fixturesFor(endpoint, admin), bearer(await signToken(admin)))
    expect(status).toBeGreaterThanOrEqual(200)
    expect(status).toBeLessThan(300)
  })
})

describe('an editor on an admin-only call → 403', () => {
  it.each(adminOnly)('%s', async (_name, endpoint) => {
    const json = await expectRefused(endpoint, await newSession(editor), 403)
    expect(json.message).toBe('You do not have permission to do that.')
  })

  it.each(adminOnly)('%s, even with a token whose claims say admin', async (_name, endpoint) => {
    // The stored role decides, not the role written in the token.
    const claimsAdmin = bearer(await signToken(editor, { claims: { role: 'admin' } }))
    await expectRefused(endpoint, claimsAdmin, 403)
  })
})

describe('an editor on an editor call → 2xx', () => {
  it.each(editorAllowed)('%s', async (_name, endpoint) => {
    const { status, json } = await send(endpoint, await fixturesFor(endpoint, editor), await newSession(editor))
    expect(status).toBeGreaterThanOrEqual(200)
    expect(status).toBeLessThan(300)
    if (json !== undefined) expect(json).toMatchObject({ success: true })
  })
})

describe('an admin on any call → 2xx (the refusals above are not refusals of everyone)', () => {
  it.each(repeatable)('%s', async (_name, endpoint) => {
    const { status, json } = await send(endpoint, await fixturesFor(endpoint, admin), await newSession(admin))
    expect(status).toBeGreaterThanOrEqual(200)
    expect(status).toBeLessThan(300)
    if (json !== undefined) expect(json).toMatchObject({ success: true })
  })
})
