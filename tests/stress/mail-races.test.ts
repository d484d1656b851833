import { http, HttpResponse } from 'msw'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { NEWSLETTER_MESSAGES } from '#domain/newsletter.ts'
import * as adminNewsletter from '#functions/admin-newsletter.ts'
import * as send from '#functions/admin-newsletter-send.ts'
import { content } from '#lib/data/content.ts'
import { newsletters } from '#lib/data/newsletters.ts'
import { subscribers, type StopOutcome, type UnsubscribeOutcome } from '#lib/data/subscribers.ts'
import { runSend, setTrigger, LEASE_MS, type RunStage } from '#lib/newsletter/sender.ts'
import { createAdmin, type SignedInUser } from '#tests/support/auth.ts'
import { startBlobsServer, type RunningBlobsServer } from '#tests/support/blobs-server.ts'
import { call, LOCAL_RUNTIME } from '#tests/support/call.ts'
import { SENDGRID_SEND_URL, useSendgridMock } from '#tests/support/sendgrid.ts'
import { reportStress, scaled } from '#tests/support/stress-scale.ts'

/**
 * The newsletter's races, each run many times with both sides at once against the real local
 * Blobs server: deleting a draft while it is sent, a bounce landing while its address
 * unsubscribes, and the retry of a batch SendGrid refused while its recipients leave. Each side
 * is closed by a compare-and-swap (docs/architecture.md, Newsletter races); on the old code each
 * of these found a lost stop, a deleted newsletter being sent, or mail to someone who had left.
 */
const ROUNDS = scaled(15, 150)
const RETRY_ROUNDS = scaled(6, 40)

let blobs: RunningBlobsServer
let admin: SignedInUser
const mail = useSendgridMock()

beforeAll(async () => {
  blobs = await startBlobsServer()
  admin = await createAdmin()
  await content.save({ section: 'site', key: 'postalAddress', value: 'PO Box 7\nSpringfield', type: 'text' }, 'test')
})
afterAll(async () => {
  await blobs?.stop()
})
afterEach(() => setTrigger(null))

/** A pause of 0 to `max` ms. */
const jitter = (max: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * max))
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * How long `work` takes alone (the median of three), so the rounds can start the other side at
 * every point of it: round r starts it about r/rounds of the way through, and the narrow moment
 * between one side's read and its write meets the other side's write in some round, whatever the
 * machine's speed.
 */
async function durationOf<T>(prepare: () => Promise<T>, work: (prepared: T) => Promise<unknown>): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < 3; i++) {
    const prepared = await prepare()
    const started = performance.now()
    await work(prepared)
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)[1]!
}
const offsetOf = (round: number, rounds: number, span: number) => (span * (round + Math.random())) / rounds

let sequence = 0
const unique = (what: string) => `${what}-${process.pid}-${++sequence}`

async function confirmed(email: string) {
  await subscribers.add(email)
  await subscribers.confirm(email)
}

describe('deleting a draft while an admin presses Send', () => {
  it(`one of the two wins, never both, ${ROUNDS} times`, { timeout: 300_000 }, async () => {
    const started = performance.now()
    const triggered: string[] = []
    setTrigger(async (id) => {
      triggered.push(id)
    })
    await confirmed(`${unique('reader')}@list.example`)
    const headers = { authorization: admin.authorization }
    const remove = (id: string) =>
      call(adminNewsletter, { method: 'DELETE', path: `/api/admin/newsletters/${id}`, params: { id }, headers })
    const sendNow = (id: string) =>
      call(send, { method: 'POST', path: `/api/admin/newsletters/${id}/send`, params: { id }, headers, body: { action: 'now' } })
    const draft = (subject: string) => newsletters.create({ subject, body: 'Hello.' }, 'admin')
    const span = await durationOf(
      () => draft('Timing'),
      ({ id }) => sendNow(id),
    )
    const outcomes = { deleted: 0, sent: 0 }
    const problems: string[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const { id } = await draft(`Round ${round}`)
      const [removed, sent] = await Promise.all([pause(offsetOf(round, ROUNDS, span)).then(() => remove(id)), sendNow(id)])
      const stored = await newsletters.get(id)
      if (removed.status === 200) outcomes.deleted++
      if (sent.status === 200) outcomes.sent++
      if (removed.status === 200 && sent.status === 200) problems.push(`round ${round}: deleted and sent`)
      else if (removed.status === 200 && (stored !== null || ![404, 409].includes(sent.status)))
        problems.push(`round ${round}: deleted, but the send answered ${sent.status} and the newsletter is ${stored?.status ?? 'gone'}`)
      else if (
        sent.status === 200 &&
        (stored?.status !== 'sending' || removed.status !== 409 || removed.body.message !== NEWSLETTER_MESSAGES.notEditable)
      )
        problems.push(`round ${round}: sent, but the delete answered ${removed.status} and the newsletter is ${stored?.status ?? 'gone'}`)
      else if (removed.status !== 200 && sent.status !== 200) problems.push(`round ${round}: neither (${removed.status}, ${sent.status})`)
      if (removed.status === 200 && triggered.includes(id)) problems.push(`round ${round}: a deleted newsletter's send was started`)
    }
    reportStress({
      suite: 'races: draft delete vs send',
      calls: ROUNDS * 2,
      errors5xx: 0,
      lostWrites: problems.length,
      duplicates: 0,
      ms: performance.now() - started,
      note: `${outcomes.deleted} deleted, ${outcomes.sent} sent`,
    })
    expect(problems).toEqual([])
    expect(outcomes.deleted + outcomes.sent).toBe(ROUNDS)
  })
})

describe('a bounce landing while its address unsubscribes', () => {
  it(`the bounce's stop is never deleted unseen, ${ROUNDS} times`, { timeout: 300_000 }, async () => {
    const started = performance.now()
    const problems: string[] = []
    const seen = new Map<string, number>()
    const bounce = (email: string): Promise<StopOutcome> =>
      subscribers.stop({ email, state: 'bounced', reason: 'Bounced: 550 no such user' })
    const span = await durationOf(async () => {
      const email = `${unique('timing')}@list.example`
      await confirmed(email)
      return email
    }, bounce)
    for (let round = 0; round < ROUNDS; round++) {
      const email = `${unique('leaving')}@list.example`
      await confirmed(email)
      const [unsubscribed, stopped] = await Promise.all([
        pause(offsetOf(round, ROUNDS, span)).then((): Promise<UnsubscribeOutcome> => subscribers.unsubscribe(email)),
        bounce(email),
      ])
      const record = await subscribers.find(email)
      const pair = `${unsubscribed}/${stopped}`
      seen.set(pair, (seen.get(pair) ?? 0) + 1)
      // Either the unsubscribe came first (the bounce then found nobody), or the bounce did (the
      // unsubscribe then kept the stopped record): in both, what is stored says so.
      const first = unsubscribed === 'removed' && stopped === 'missing' && record === null
      const second = unsubscribed === 'kept-stopped' && stopped === 'stopped' && record?.state === 'bounced'
      if (!first && !second)
        problems.push(`round ${round}: unsubscribe ${unsubscribed}, bounce ${stopped}, record ${record?.state ?? 'gone'}`)
    }
    reportStress({
      suite: 'races: bounce vs unsubscribe',
      calls: ROUNDS * 2,
      errors5xx: 0,
      lostWrites: problems.length,
      duplicates: 0,
      ms: performance.now() - started,
      note: [...seen].map(([pair, n]) => `${pair} ${n}`).join(', '),
    })
    expect(problems).toEqual([])
  })
})

describe('pruning a week-old signup while it is confirmed', () => {
  it(`a confirmed subscriber is never pruned, ${ROUNDS} times`, { timeout: 300_000 }, async () => {
    const started = performance.now()
    const problems: string[] = []
    const weekAgo = () => new Date(Date.now() - 8 * 24 * 60 * 60_000)
    const span = await durationOf(async () => {
      const email = `${unique('timing')}@list.example`
      await subscribers.add(email, weekAgo())
      return email
    }, subscribers.confirm)
    for (let round = 0; round < ROUNDS; round++) {
      const email = `${unique('late')}@list.example`
      await subscribers.add(email, weekAgo())
      const [pruned, confirmed] = await Promise.all([
        pause(offsetOf(round, ROUNDS, span)).then(() => subscribers.prunePending()),
        subscribers.confirm(email),
      ])
      const record = await subscribers.find(email)
      const first = pruned === 1 && confirmed === 'missing' && record === null
      const second = pruned === 0 && confirmed === 'confirmed' && record?.state === 'confirmed'
      if (!first && !second) problems.push(`round ${round}: pruned ${pruned}, confirm ${confirmed}, record ${record?.state ?? 'gone'}`)
    }
    reportStress({
      suite: 'races: prune vs confirm',
      calls: ROUNDS * 2,
      errors5xx: 0,
      lostWrites: problems.length,
      duplicates: 0,
      ms: performance.now() - started,
    })
    expect(problems).toEqual([])
  })
})

describe('retrying a batch SendGrid refused while its recipients leave', () => {
  type SentRequest = { personalizations: { to: { email: string }[] }[] }

  it(`mails only those still subscribed when the retry reads them, ${RETRY_ROUNDS} times`, { timeout: 300_000 }, async () => {
    vi.stubEnv('SENDGRID_API_KEY', 'SG.test-key')
    const started = performance.now()
    const problems: string[] = []
    let leftBefore = 0
    for (let round = 0; round < RETRY_ROUNDS; round++) {
      const tag = unique('batch')
      const everyone = Array.from({ length: 8 }, (_, i) => `${tag}-${i}@list.example`)
      for (const email of everyone) await confirmed(email)
      const draft = await newsletters.create({ subject: `Retry ${round}`, body: 'Hello.' }, 'admin')
      await newsletters.start(draft.id, 'admin')
      // Other rounds' subscribers are on the list too: this round looks only at its own.
      const mine = (request: SentRequest) => request.personalizations.map((p) => p.to[0]!.email).filter((to) => to.startsWith(`${tag}-`))

      mail.use(http.post(SENDGRID_SEND_URL, () => HttpResponse.json({ errors: [{ message: 'Bad request' }] }, { status: 400 })))
      expect(await runSend(draft.id, { runtime: LOCAL_RUNTIME })).toBe('paused')

      const mailed: string[] = []
      mail.resetHandlers()
      mail.use(
        http.post(SENDGRID_SEND_URL, async ({ request }) => {
          mailed.push(...mine((await request.json()) as SentRequest))
          return new HttpResponse(null, { status: 202 })
        }),
      )
      let retryAt = Infinity
      const hooks = {
        after: (stage: RunStage) => {
          if (stage === 'retrying' && retryAt === Infinity) retryAt = performance.now()
        },
      }
      // Half of them leave at once with the retry, one way or another; the rest stay.
      const leavers = everyone.slice(0, 4)
      const leftAt = new Map<string, number>()
      const leave = async (email: string, i: number) => {
        await jitter(30)
        if (i % 3 === 0) await subscribers.unsubscribe(email)
        else await subscribers.stop({ email, state: i % 3 === 1 ? 'bounced' : 'complained', reason: 'Gone' })
        leftAt.set(email, performance.now())
      }
      const [outcome] = await Promise.all([
        runSend(draft.id, { runtime: LOCAL_RUNTIME, now: () => Date.now() + LEASE_MS + 1_000, hooks }),
        ...leavers.map(leave),
      ])
      mail.resetHandlers()
      if (outcome !== 'finished') problems.push(`round ${round}: the retry ended ${outcome}`)
      for (const email of leavers) {
        const left = leftAt.get(email)!
        if (left < retryAt) leftBefore++
        if (left < retryAt && mailed.includes(email)) problems.push(`round ${round}: ${email} left before the retry and was mailed`)
      }
      for (const email of everyone.slice(4))
        if (mailed.filter((to) => to === email).length !== 1)
          problems.push(`round ${round}: ${email} (still subscribed) was mailed ${mailed.filter((to) => to === email).length} times`)
    }
    reportStress({
      suite: 'races: refused batch retry vs leaving',
      calls: RETRY_ROUNDS * 5,
      errors5xx: 0,
      lostWrites: 0,
      duplicates: problems.length,
      ms: performance.now() - started,
      note: `${leftBefore} left before the retry read them`,
    })
    expect(problems).toEqual([])
    // The rounds met at different points: some leavers were gone before the retry looked.
    expect(leftBefore).toBeGreaterThan(0)
  })
})
