import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CROSS_SITE_MESSAGE } from '#lib/http/cross-site.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { changedKeys, startRecordingBlobsServer, type RecordingBlobsServer, type StoreName } from '#tests/support/attack-blobs.ts'
import { afterAnswers, fakeContext, TEST_ORIGIN } from '#tests/support/call.ts'
import {
  createCrossSiteFixtures,
  ENCODINGS,
  FROM_ANOTHER_SITE,
  FROM_THIS_SITE,
  recipeFor,
  send,
  stateChangingEndpoints,
  type CrossSiteFixtures,
  type Recipe,
  type StateChangingEndpoint,
} from '#tests/support/cross-site.ts'
import { webhookSigner } from '#tests/support/sendgrid-webhook.ts'

/**
 * The cross-site rule (netlify/lib/http/cross-site.ts) on every endpoint that changes something: a
 * request a page on another site makes its visitor's browser send is refused before anything is
 * read, in every body a page can send and however the browser says where it comes from; nothing
 * is stored and no email goes. The same call from this site's pages, and from a caller that is
 * not a browser (SendGrid, a mail provider, the site's own background calls, curl), still works.
 * A body is read only as the type it declares, JSON only when declared as JSON.
 *
 * The endpoints come from the functions themselves (tests/support/cross-site.ts), the helpers of
 * local runs included, so a new one is held to the rule without anyone listing it here.
 */

// The development helpers answer in a local run with the demo switch on, as on the test servers.
process.env.DEMO_SEED = 'true'
const signer = webhookSigner()
process.env.SENDGRID_WEBHOOK_PUBLIC_KEY = signer.publicKey

const ENDPOINTS = await stateChangingEndpoints()
const named = ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.fn}`, endpoint] as const)
/** Where the site's no-JS forms post, and the one-click unsubscribe: the only endpoints that read a form. */
const FORM_READERS = new Set(['POST send-booking-email', 'POST subscribers', 'POST unsubscribe'])

let blobs: RecordingBlobsServer
const OUTBOX_STORE: StoreName = 'outbox'
let shared: CrossSiteFixtures

beforeAll(async () => {
  blobs = await startRecordingBlobsServer()
  shared = await createCrossSiteFixtures(signer)
}, 60_000)

afterAll(async () => {
  await blobs?.stop()
})

/** What a call (or several) changed in any store, and how many emails went out. */
async function watch<T>(work: () => Promise<T>): Promise<{ result: T; changed: string[]; emails: number }> {
  // Work an earlier call left running after its answer (a signup's email) is not this call's doing;
  // what this call leaves running is, so it is waited for before counting.
  await afterAnswers()
  const before = await blobs.fingerprint()
  const result = await work()
  await afterAnswers()
  const changes = changedKeys(before, await blobs.fingerprint())
  // With no SendGrid key every email is a new record of the local outbox.
  const emails = changes.filter((change) => change.store === OUTBOX_STORE && change.change === 'added').length
  return { result, changed: changes.map((change) => `${change.change} ${change.store}/${change.key}`), emails }
}

async function recipe(endpoint: StateChangingEndpoint, fixtures: CrossSiteFixtures): Promise<Recipe> {
  const found = await recipeFor(endpoint, fixtures)
  if (!found) throw new Error(`${endpoint.method} ${endpoint.fn}: say what it needs to succeed (tests/support/cross-site.ts)`)
  return found
}

const isSuccess = (status: number) => status >= 200 && status < 300

describe('the endpoints', () => {
  it('are every method that changes something, of every function (the map, the function-only ones and the local helpers)', () => {
    const names = named.map(([name]) => name)
    // A few of each kind, to show the derivation reaches them all: public, admin, function-only, local.
    expect(names).toEqual(
      expect.arrayContaining([
        'POST subscribers',
        'POST send-booking-email',
        'POST resource-download',
        'POST unsubscribe',
        'POST subscriber-confirm',
        'POST admin-login',
        'POST sendgrid-events',
        'PUT admin-media-part',
        'DELETE admin-user',
        'PUT admin-blog-posts',
        'POST newsletter-send-background',
        'POST subscribers-export-background',
        'POST dev-seed',
        'POST dev-limits',
        'POST dev-mail-events',
      ]),
    )
    expect(names.filter((name) => /^(?:GET|HEAD|OPTIONS) /.test(name))).toEqual([])
  })

  it('are the same as the handlers the function files declare (read from their source)', () => {
    const declared = ['netlify/functions', 'netlify/dev-functions'].flatMap((folder) =>
      readdirSync(new URL(`../../${folder}/`, import.meta.url))
        .filter((file) => file.endsWith('.ts'))
        .flatMap((file) => {
          const source = readFileSync(new URL(`../../${folder}/${file}`, import.meta.url), 'utf8')
          return source.split('\n').flatMap((line) => {
            const method = /^ *(POST|PUT|DELETE|PATCH): /.exec(line)?.[1]
            return method ? [`${method} ${file.slice(0, -'.ts'.length)}`] : []
          })
        }),
    )
    expect(named.map(([name]) => name).sort()).toEqual(declared.sort())
  })

  it.each(named)('%s: its call from this site is known', async (_name, endpoint) => {
    expect(await recipeFor(endpoint, shared)).toBeDefined()
  })
})

describe('from another site: refused (403 JSON) in every body and every way a browser names the other site; nothing stored, nothing sent', () => {
  it.each(named)('%s', async (_name, endpoint) => {
    const call = await recipe(endpoint, shared)
    const {
      result: answers,
      changed,
      emails,
    } = await watch(async () => {
      const answers: string[] = []
      for (const [from, headers] of FROM_ANOTHER_SITE) {
        for (const encoding of ENCODINGS) {
          // With the token, secret or signature the call needs: the origin alone refuses it.
          const { status, text } = await send(endpoint, call, { encoding, from: headers, credentials: true })
          const body = JSON.parse(text) as unknown
          const expected = { success: false, message: CROSS_SITE_MESSAGE }
          if (status !== 403 || JSON.stringify(body) !== JSON.stringify(expected))
            answers.push(`${from}, ${encoding}: ${status} ${text.slice(0, 120)}`)
        }
      }
      return answers
    })
    expect(answers).toEqual([])
    expect(changed).toEqual([])
    expect(emails).toBe(0)
  })
})

describe('from this site (Sec-Fetch-Site: same-origin): works as the site sends it', () => {
  it.each(named)('%s', async (_name, endpoint) => {
    const fixtures = await createCrossSiteFixtures(signer)
    const { status, text } = await send(endpoint, await recipe(endpoint, fixtures), {
      encoding: 'own',
      from: FROM_THIS_SITE,
      credentials: true,
    })
    expect(isSuccess(status), `${status} ${text.slice(0, 200)}`).toBe(true)
  })
})

describe('from a caller that is not a browser (no Sec-Fetch-Site, Origin or Referer): works', () => {
  it.each(named)('%s', async (_name, endpoint) => {
    const fixtures = await createCrossSiteFixtures(signer)
    const { status, text } = await send(endpoint, await recipe(endpoint, fixtures), { encoding: 'own', from: {}, credentials: true })
    expect(isSuccess(status), `${status} ${text.slice(0, 200)}`).toBe(true)
  })
})

describe('a body is read only as the type it declares', () => {
  it.each(named)(
    '%s: JSON text sent as text/plain is answered 415, even from a caller with no browser headers',
    async (_name, endpoint) => {
      const call = await recipe(endpoint, shared)
      const { result, changed, emails } = await watch(() => send(endpoint, call, { encoding: 'text/plain', from: {}, credentials: true }))
      expect(result.status).toBe(415)
      expect(JSON.parse(result.text)).toEqual({ success: false, message: expect.stringContaining('application/json') })
      expect(changed).toEqual([])
      expect(emails).toBe(0)
    },
  )

  it.each(named.filter(([name]) => !FORM_READERS.has(name)))(
    '%s: a form is answered 415 (no form of the site posts here)',
    async (_name, endpoint) => {
      const call = await recipe(endpoint, shared)
      const { result, changed } = await watch(() => send(endpoint, call, { encoding: 'form', from: {}, credentials: true }))
      expect(result.status).toBe(415)
      expect(changed).toEqual([])
    },
  )

  it.each(named.filter(([name]) => FORM_READERS.has(name)))('%s: a form from this site is read', async (_name, endpoint) => {
    const fixtures = await createCrossSiteFixtures(signer)
    const { status } = await send(endpoint, await recipe(endpoint, fixtures), {
      encoding: 'form',
      from: FROM_THIS_SITE,
      credentials: false,
    })
    expect(status).toBe(200)
  })

  it('JSON declared with a charset is read', async () => {
    const [, subscribe] = named.find(([name]) => name === 'POST subscribers')!
    const call = { ...(await recipe(subscribe, shared)), ownType: 'application/json; charset=UTF-8' }
    expect((await send(subscribe, call, { encoding: 'own', from: FROM_THIS_SITE, credentials: false })).status).toBe(200)
  })

  it('JSON without a declared type is answered 415 (a page elsewhere can send a typeless Blob without asking)', async () => {
    const [, login] = named.find(([name]) => name === 'POST admin-login')!
    const call = await recipe(login, shared)
    const request = new Request(new URL(call.path, TEST_ORIGIN), { method: 'POST', body: new Blob([JSON.stringify(call.body)]) })
    expect(request.headers.get('content-type')).toBeNull()
    const { result, changed } = await watch(async () => (await login.module.default(request, fakeContext())).status)
    expect(result).toBe(415)
    expect(changed).toEqual([])
  })

  it.each([
    ['form-encoded', 'application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click'],
    [
      'multipart form data',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    ],
  ])('a mail provider’s one-click unsubscribe (RFC 8058), %s and with no browser headers, unsubscribes', async (_name, type, body) => {
    const fixtures = await createCrossSiteFixtures(signer)
    const [, unsubscribe] = named.find(([name]) => name === 'POST unsubscribe')!
    const call = await recipe(unsubscribe, fixtures)
    const request = new Request(new URL(call.path, TEST_ORIGIN), { method: 'POST', headers: { 'content-type': type }, body })
    expect((await unsubscribe.module.default(request, fakeContext())).status).toBe(200)
    expect(await subscribers.find(fixtures.subscribedEmail)).toBeNull()
  })
})

describe('a sibling host under the same registrable domain (Sec-Fetch-Site: same-site)', () => {
  it('passes only when its Origin is this very host', async () => {
    const [, subscribe] = named.find(([name]) => name === 'POST subscribers')!
    const call = await recipe(subscribe, shared)
    const sibling = await send(subscribe, call, {
      encoding: 'json',
      from: { 'sec-fetch-site': 'same-site', origin: 'http://other.localhost:8888' },
      credentials: false,
    })
    expect(sibling.status).toBe(403)
    const noOrigin = await send(subscribe, call, { encoding: 'json', from: { 'sec-fetch-site': 'same-site' }, credentials: false })
    expect(noOrigin.status).toBe(403)
    const own = await send(subscribe, call, {
      encoding: 'json',
      from: { 'sec-fetch-site': 'same-site', origin: TEST_ORIGIN },
      credentials: false,
    })
    expect(own.status).toBe(200)
  })
})
