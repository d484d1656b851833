import type { Context } from '@netlify/functions'
import { delay, http, HttpResponse } from 'msw'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import * as subscribersFunction from '#functions/subscribers.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { startBlobsServer, type RunningBlobsServer } from '#tests/support/blobs-server.ts'
import { attackScaled, reportAttack, reportFindings, type AttackRow } from '#tests/support/attack-scale.ts'
import { SENDGRID_SEND_URL, useSendgridMock } from '#tests/support/sendgrid.ts'

/**
 * Subscriber probes: an outsider signs up addresses and watches the answer, to learn whether each
 * was already on the list (pending, confirmed, bounced, marked as spam) or not (new, or gone after
 * unsubscribing). The site runs as deployed, email set up, SendGrid answering after a provider's
 * usual delay. A probe of an address in some state is "accepted" (the site told the outsider
 * something) when, against a new address's probe of the same round, its answer differs (status,
 * body, headers), or the storage requests made before the answer differ (what its time is made
 * of), or its answer time differs from the new address's of the same round, in the median over the
 * rounds, by more than a generous bound (a third of the provider's delay: well above the noise of
 * a loaded machine, well below the cost of an email sent before answering).
 */
const ROUNDS = attackScaled(6, 40)
const PROVIDER_DELAY_MS = 150
const TIME_BOUND_MS = PROVIDER_DELAY_MS / 3
const STATES = ['new', 'pending', 'confirmed', 'bounced', 'complained', 'unsubscribed'] as const
type State = (typeof STATES)[number]

let blobs: RunningBlobsServer
const mail = useSendgridMock()

beforeAll(async () => {
  blobs = await startBlobsServer()
})
afterAll(async () => {
  await blobs?.stop()
})

/**
 * Puts `email` in `state`, the way it gets there (no email is sent on the way), having signed up a
 * month ago as a list's members have: a signup of today would leave today's marker, which a probe
 * would then rewrite rather than make.
 */
async function prepare(email: string, state: State): Promise<void> {
  if (state === 'new') return
  await subscribers.add(email, new Date(Date.now() - 30 * 24 * 60 * 60_000))
  if (state === 'pending') return
  await subscribers.confirm(email)
  if (state === 'bounced' || state === 'complained') {
    await subscribers.stop({ email, state, reason: state === 'bounced' ? 'Bounced: 550 no such user' : 'Marked as spam' })
  }
  if (state === 'unsubscribed') await subscribers.unsubscribe(email)
}

/** What a deployed function is given; the work it hands to waitUntil runs on after the answer, and the probe waits for it before the next. */
function deployedContext(ip: string, after: Promise<unknown>[]): Context {
  return {
    params: {},
    ip,
    requestId: 'probe',
    geo: {},
    site: { id: 'probe-site', name: 'probe', url: 'https://site.test.example' },
    account: { id: 'probe-account' },
    deploy: { context: 'production', id: 'probe-deploy', published: true },
    server: { region: 'us-east-2' },
    cookies: { get: () => undefined, set: () => {}, delete: () => {} },
    waitUntil: (promise: Promise<unknown>) => void after.push(promise),
  } as unknown as Context
}

type Probe = { status: number; text: string; headers: string; requests: string; ms: number }

let ipSequence = 0
async function probe(email: string): Promise<Probe> {
  const after: Promise<unknown>[] = []
  const ip = `198.18.${Math.floor(ipSequence / 250)}.${(ipSequence++ % 250) + 1}`
  const request = new Request('https://site.test.example/api/subscribers', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  })
  const before = { ...blobs.requests }
  const started = performance.now()
  const response = await subscribersFunction.default(request, deployedContext(ip, after))
  const ms = performance.now() - started
  const requests = JSON.stringify(Object.entries(blobs.requests).map(([type, n]) => [type, n - before[type as keyof typeof before]]))
  const text = await response.text()
  while (after.length > 0) await Promise.allSettled(after.splice(0))
  return { status: response.status, text, headers: JSON.stringify([...response.headers].sort()), requests, ms }
}

const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

describe('subscriber probes', () => {
  it(`a signup answers alike for an address in any state: ${ROUNDS} rounds of ${STATES.length} states`, { timeout: 600_000 }, async () => {
    vi.stubEnv('SENDGRID_API_KEY', 'SG.probe-key')
    let emailed = 0
    mail.use(
      http.post(SENDGRID_SEND_URL, async () => {
        emailed++
        await delay(PROVIDER_DELAY_MS)
        return new HttpResponse(null, { status: 202 })
      }),
    )
    const problems: string[] = []
    const others: string[] = []
    const told = new Set<string>()
    const times = new Map<State, number[]>(STATES.map((state) => [state, []]))
    let calls = 0
    let errors5xx = 0
    let slowestMs = 0
    for (let round = 0; round < ROUNDS; round++) {
      const answers = new Map<State, Probe>()
      // A different order each round, so no state is always measured first or last.
      const order = STATES.toSorted(() => Math.random() - 0.5)
      for (const state of order) {
        const email = `probe-${round}-${state}-${process.pid}@list.example`
        await prepare(email, state)
        // The same step just before every probe (the outsider's view starts here), so no state's
        // probe follows a different kind of work than another's.
        await subscribers.find(email)
        const answer = await probe(email)
        calls++
        if (answer.status >= 500) errors5xx++
        slowestMs = Math.max(slowestMs, answer.ms)
        answers.set(state, answer)
        times.get(state)!.push(answer.ms)
      }
      const fresh = answers.get('new')!
      if (fresh.status !== 200) others.push(`round ${round}: a new address was answered ${fresh.status}`)
      for (const [state, answer] of answers) {
        if (state === 'new') continue
        const differs = [
          answer.status !== fresh.status && `status ${answer.status}, not ${fresh.status}`,
          answer.text !== fresh.text && `body ${answer.text}, not ${fresh.text}`,
          answer.headers !== fresh.headers && 'other headers',
          answer.requests !== fresh.requests && `storage requests before the answer ${answer.requests}, not ${fresh.requests}`,
        ].filter(Boolean)
        if (differs.length > 0) {
          told.add(`${round}/${state}`)
          if (round === 0) problems.push(`a ${state} address: ${differs.join('; ')}`)
        }
      }
    }
    const base = median(times.get('new')!)
    const medians = STATES.map((state) => `${state} ${median(times.get(state)!).toFixed(1)} ms`).join(', ')
    // Each state against the new address of the same round (a few ms apart): a stretch of the run
    // when the machine was busy slows both, where medians over the whole run would take a burst
    // that fell on three of one state's probes for a difference of the site's.
    const newTimes = times.get('new')!
    for (const state of STATES) {
      const gap = median(times.get(state)!.map((ms, round) => ms - newTimes[round]!))
      if (state === 'new' || Math.abs(gap) <= TIME_BOUND_MS) continue
      problems.push(
        `a ${state} address answers ${gap.toFixed(1)} ms apart from a new one in the same round (median), ${median(times.get(state)!).toFixed(1)} ms against ${base.toFixed(1)} ms`,
      )
      for (let round = 0; round < ROUNDS; round++) told.add(`${round}/${state}`)
    }
    const row: AttackRow = {
      attack: 'subscriber probes',
      calls,
      errors5xx,
      outside: 0,
      slow: 0,
      otherProblems: others.length,
      accepted: told.size,
      slowestMs,
      slowestStopped: false,
    }
    reportAttack(row)
    if (told.size > 0) problems.push(`median answer times: ${medians}`)
    reportFindings('subscriber probes', [...problems, ...others])
    if (process.env.PROBE_MEDIANS) console.log(`subscriber probes: medians ${medians}; ${emailed} emails sent; ${told.size} told`)
    // The emails went out all the same (after the answer): new, pending and unsubscribed addresses.
    expect(emailed).toBe(ROUNDS * 3)
    expect(errors5xx).toBe(0)
    expect([...problems, ...others]).toEqual([])
    expect(row.accepted).toBe(0)
  })
})
