import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '#lib/data/outbox.ts'
import { changedKeys, startRecordingBlobsServer, type RecordingBlobsServer } from '#tests/support/attack-blobs.ts'
import { attackScaled, reportAttack, reportFindings, startTiming, tooSlow, type AttackRow } from '#tests/support/attack-scale.ts'
import {
  createCrossSiteFixtures,
  FROM_ANOTHER_SITE,
  recipeFor,
  send,
  stateChangingEndpoints,
  type CrossSiteFixtures,
} from '#tests/support/cross-site.ts'
import { webhookSigner } from '#tests/support/sendgrid-webhook.ts'

/**
 * Attack class "cross-site requests": a page on another site makes its visitors' browsers send
 * simple requests (no preflight: a no-cors fetch or a plain form, with a text/plain or form body
 * and no custom header, so no token, secret or signature) to every endpoint that changes
 * something. Each visitor is on a network of her own. A request counts as accepted when it was
 * answered 2xx, stored anything (rate-limit bookkeeping included: a guess at the coach's password
 * from her own network uses up her tries) or sent an email. The site must accept none.
 *
 * Small (npm test): one way of naming the other site (Sec-Fetch-Site: cross-site with its Origin);
 * full (npm run attack): every way browsers name it (Origin only, Referer only, Origin "null", a
 * sibling host). The endpoints are derived from the functions (tests/support/cross-site.ts).
 */

process.env.DEMO_SEED = 'true'
const signer = webhookSigner()
process.env.SENDGRID_WEBHOOK_PUBLIC_KEY = signer.publicKey

const ENDPOINTS = await stateChangingEndpoints()
const FROM = attackScaled(FROM_ANOTHER_SITE.slice(0, 1), FROM_ANOTHER_SITE)
/** The bodies a page elsewhere can send without asking first. */
const SIMPLE_BODIES = ['text/plain', 'form'] as const

let blobs: RecordingBlobsServer
let fixtures: CrossSiteFixtures

beforeAll(async () => {
  blobs = await startRecordingBlobsServer()
  fixtures = await createCrossSiteFixtures(signer)
}, 120_000)

afterAll(async () => {
  await blobs?.stop()
})

describe('attack: cross-site requests', () => {
  it('no simple request from another site to any endpoint that changes something is accepted', { timeout: 1_200_000 }, async () => {
    const row: AttackRow = {
      attack: 'cross-site requests',
      calls: 0,
      errors5xx: 0,
      outside: 0,
      slow: 0,
      otherProblems: 0,
      accepted: 0,
      slowestMs: 0,
      slowestStopped: false,
    }
    const problems: string[] = []
    for (const endpoint of ENDPOINTS) {
      const recipe = await recipeFor(endpoint, fixtures)
      if (!recipe) {
        row.otherProblems++
        problems.push(`${endpoint.method} ${endpoint.fn}: no call from this site is known (tests/support/cross-site.ts)`)
        continue
      }
      for (const [from, headers] of FROM) {
        for (const encoding of SIMPLE_BODIES) {
          const label = `${endpoint.method} ${recipe.path.split('?')[0]} from another site (${from}), ${encoding}`
          const before = await blobs.fingerprint()
          const mailed = (await outbox.list()).length
          const timing = startTiming()
          let status = 0
          try {
            status = (await send(endpoint, recipe, { encoding, from: headers, credentials: false })).status
          } catch (error) {
            row.errors5xx++
            problems.push(`${label}: threw ${String(error)}`)
          }
          const took = timing()
          const changed = changedKeys(before, await blobs.fingerprint())
          const emails = (await outbox.list()).length - mailed
          row.calls++
          if (took.ms > row.slowestMs) row.slowestMs = took.ms
          if (tooSlow(took)) row.slow++
          if (status >= 500) {
            row.errors5xx++
            problems.push(`${label}: answered ${status}`)
          }
          const ok = status >= 200 && status < 300
          if (ok || changed.length > 0 || emails > 0) {
            row.accepted!++
            const what = [
              ok ? `answered ${status}` : '',
              changed.length > 0
                ? `stored ${changed
                    .slice(0, 3)
                    .map((change) => `${change.store}/${change.key.slice(0, 40)}`)
                    .join(', ')}`
                : '',
              emails > 0 ? `sent ${emails} email(s)` : '',
            ].filter(Boolean)
            problems.push(`${label}: accepted (${what.join('; ')})`)
          }
        }
      }
    }
    reportAttack(row)
    reportFindings('cross-site requests', problems)
    expect(row.calls).toBeGreaterThan(0)
    expect(row.accepted, problems.slice(0, 20).join('\n')).toBe(0)
    expect(problems).toEqual([])
  })
})
