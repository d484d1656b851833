import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBlobsServer, type RunningBlobsServer } from '#tests/support/blobs-server.ts'
import { ADMIN_ENDPOINTS, callRaw, createAdmin, createFixtures, snapshotData, type Fixtures } from '#tests/support/auth.ts'

/**
 * docs/decisions.md, Bad input: every admin call that takes a body answers bad input with a JSON 4xx, never a 500,
 * and stores nothing. One server and one admin for the file (bcrypt makes users slow); each case
 * compares the stored data before and after.
 */
let server: RunningBlobsServer
let authorization: string
let fixtures: Fixtures

beforeAll(async () => {
  server = await startBlobsServer()
  authorization = (await createAdmin()).authorization
  fixtures = await createFixtures()
}, 60_000)

afterAll(async () => {
  await server?.stop()
})

const placeholder: Fixtures = {
  postId: 'p',
  postSlug: 'p',
  postVersionId: 'v',
  resourceId: 'r',
  contentId: 'c',
  bookingId: 'b',
  userId: 'u',
  adminId: 'a',
  mediaId: 'm',
  mediaUploadId: 'mu',
  mediaCompleteId: 'mc',
  exportJobId: 'e',
  newsletterId: 'n',
  stoppedEmail: 's@test.example',
  sessionId: 's',
  sessionMoveTo: '2030-01-01T10:00:00.000Z',
}
// A media part is raw bytes, which any body is: its own tests check sizes (tests/functions/media-refusals.test.ts).
const withBody = ADMIN_ENDPOINTS.filter((endpoint) => endpoint.options(placeholder).body !== undefined && !endpoint.rawBody).map(
  (endpoint) => [endpoint.name, endpoint] as const,
)

/** The valid body with every value of `kind` swapped for a number: the wrong type everywhere. */
function mistyped(body: Record<string, unknown>, kind: 'string' | 'boolean' | 'object'): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value === kind && key !== 'id' ? 12345 : value]))
}

const BAD_BODIES: [name: string, status: number, message: string | RegExp, body: (valid: Record<string, unknown>) => unknown][] = [
  ['malformed JSON', 400, 'Request body must be valid JSON', () => '{"title": '],
  ['an empty body', 400, 'Request body must be valid JSON', () => ''],
  ['a JSON array', 400, 'Request body must be a JSON object', (valid) => JSON.stringify([valid])],
  ['a JSON string', 400, 'Request body must be a JSON object', () => '"hello"'],
  ['JSON null', 400, 'Request body must be a JSON object', () => 'null'],
  ['numbers for every text field', 400, /.+/, (valid) => mistyped(valid, 'string')],
  ['numbers for every list', 400, /.+/, (valid) => mistyped(valid, 'object')],
  // Over every endpoint's limit: 64 KB, and 512 KB for an import's chunk of rows.
  ['a body over its size limit', 413, 'Request body is too large', (valid) => ({ ...valid, padding: 'x'.repeat(600 * 1024) })],
]

// Every bad body for every endpoint that takes one, leaving out a swap that changes nothing (no list in the body).
const CASES = BAD_BODIES.flatMap(([name, status, message, makeBody]) =>
  withBody
    .filter(([, endpoint]) => {
      const valid = endpoint.options(placeholder).body
      return JSON.stringify(makeBody(valid as Record<string, unknown>)) !== JSON.stringify(valid)
    })
    .map(([endpointName, endpoint]) => [`${endpointName} with ${name}`, status, message, makeBody, endpoint] as const),
)

describe('bad bodies on admin calls → 4xx JSON, nothing stored', () => {
  it('has a case for each bad body', () => {
    for (const [name] of BAD_BODIES)
      expect(
        CASES.some(([caseName]) => caseName.endsWith(`with ${name}`)),
        name,
      ).toBe(true)
  })

  it.each(CASES)('%s', async (_name, status, message, makeBody, endpoint) => {
    const options = endpoint.options(fixtures)
    const body = makeBody(options.body as Record<string, unknown>)
    const before = await snapshotData()

    const answer = await callRaw(endpoint.fn, {
      ...options,
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { authorization, 'content-type': 'application/json' },
    })

    expect(answer.status).toBe(status)
    expect(JSON.parse(answer.text)).toEqual({
      success: false,
      message: typeof message === 'string' ? message : expect.stringMatching(message),
    })
    expect(await snapshotData()).toEqual(before)
  })
})
