import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Newsletter } from '#domain/newsletter.ts'
import type { SubscriberState } from '#domain/subscriber.ts'
import * as worker from '#functions/newsletter-send-background.ts'
import * as scheduler from '#functions/newsletter-scheduler.ts'
import { openStore } from '#lib/storage/blobs.ts'
import { content } from '#lib/data/content.ts'
import { batches, newsletters, runs } from '#lib/data/newsletters.ts'
import { outbox } from '#lib/data/outbox.ts'
import { keys } from '#lib/storage/keys.ts'
import { LEASE_MS, runSend, setTrigger, WORKER_SECRET_HEADER, workerSecret, type RunStage } from '#lib/newsletter/sender.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call, LOCAL_RUNTIME } from '#tests/support/call.ts'
import { SENDGRID_SEND_URL, useSendgridMock } from '#tests/support/sendgrid.ts'

/**
 * The send worker against a real local Blobs server, SendGrid mocked: who gets the newsletter,
 * in how many requests, and that nobody ever gets it twice, across crashes at every step and two
 * workers at once.
 */
useBlobsServer()
const server = useSendgridMock()

type Personalization = { to: { email: string }[]; headers?: Record<string, string>; substitutions?: Record<string, string> }
type Request = { personalizations: Personalization[]; subject: string; content: { type: string; value: string }[] }

let requests: Request[] = []
const mailed = () => requests.flatMap((request) => request.personalizations.map((p) => p.to[0]!.email))

beforeEach(async () => {
  requests = []
  vi.stubEnv('SENDGRID_API_KEY', 'SG.test-key')
  server.use(
    http.post(SENDGRID_SEND_URL, async ({ request }) => {
      requests.push((await request.json()) as Request)
      return new HttpResponse(null, { status: 202 })
    }),
  )
  await content.save({ section: 'site', key: 'postalAddress', value: 'PO Box 7\nSpringfield', type: 'text' }, 'test')
})
afterEach(() => setTrigger(null))

const email = (i: number, state: string) => `${state}${String(i).padStart(5, '0')}@list.example`

/** Subscribers written straight into the store (many, quickly), as the data module stores them. */
async function seed(counts: Partial<Record<SubscriberState, number>>): Promise<string[]> {
  const store = openStore('subscribers')
  const records = Object.entries(counts).flatMap(([state, count]) =>
    Array.from({ length: count }, (_, i) => ({ id: `s${state}${i}`, email: email(i, state), created_at: new Date().toISOString(), state })),
  )
  for (let i = 0; i < records.length; i += 100)
    await Promise.all(records.slice(i, i + 100).map((record) => store.set(keys.subscriber(record.email), JSON.stringify(record))))
  return records.filter((record) => record.state === 'confirmed').map((record) => record.email)
}

async function sending(): Promise<Newsletter> {
  const created = await newsletters.create({ subject: 'Spring notes', body: 'Hello **friends**.' }, 'admin')
  return newsletters.start(created.id, 'admin')
}

/** A run that stops, as a crash would, after `stage` of batch `batch`. */
const crashAt = (stage: RunStage, batch: number) => ({
  after: (at: RunStage, n: number) => {
    if (at === stage && n === batch) throw new Error('crash')
  },
})
/** A later run, once the crashed run's lease has expired. */
const later = () => Date.now() + LEASE_MS + 1_000

function expectOnceEach(emails: string[]) {
  const counts = new Map<string, number>()
  for (const address of emails) counts.set(address, (counts.get(address) ?? 0) + 1)
  expect([...counts.values()].filter((count) => count > 1)).toEqual([])
}

describe('a full send', () => {
  it('mails every confirmed subscriber exactly once, in batches of at most 1,000, and never anyone else', { timeout: 90_000 }, async () => {
    const confirmed = await seed({ confirmed: 2_500, pending: 40, bounced: 30, complained: 20 })
    const newsletter = await sending()

    expect(await runSend(newsletter.id, { runtime: LOCAL_RUNTIME })).toBe('finished')

    expect(requests.map((request) => request.personalizations.length)).toEqual([1000, 1000, 500])
    expect(mailed().toSorted()).toEqual(confirmed.toSorted())
    for (const { personalizations, content: parts } of requests) {
      expect(parts.map((part) => part.type)).toEqual(['text/plain', 'text/html'])
      for (const p of personalizations) {
        expect(p.to).toHaveLength(1)
        const query = `email=${encodeURIComponent(p.to[0]!.email)}&token=`
        expect(p.headers?.['List-Unsubscribe']).toMatch(new RegExp(`^<https://site\\.test\\.example/api/unsubscribe\\?${query.replace(/[.?]/g, '\\$&')}[\\w-]+>$`))
        expect(p.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
        expect(p.substitutions?.['{{unsubscribe_url}}']).toContain(`/unsubscribe?${query}`)
      }
    }
    const done = await newsletters.get(newsletter.id)
    expect(done).toMatchObject({ status: 'sent', progress: { total: 2_590, processed: 2_590, sent: 2_500, failed: 0, uncertain: 0 } })
    expect(done?.finishedAt).toBeDefined()
  })

  it('writes one outbox email per recipient locally without a key, its own link filled in', async () => {
    vi.stubEnv('SENDGRID_API_KEY', '')
    const confirmed = await seed({ confirmed: 3, pending: 2 })
    const newsletter = await sending()
    expect(await runSend(newsletter.id, { runtime: LOCAL_RUNTIME })).toBe('finished')
    const sent = await outbox.list()
    expect(sent.map((entry) => entry.to).toSorted()).toEqual(confirmed)
    for (const entry of sent) {
      expect(entry.text).toContain(`/unsubscribe?email=${encodeURIComponent(entry.to)}&token=`)
      expect(entry.html).toContain(`/unsubscribe?email=${encodeURIComponent(entry.to)}&amp;token=`)
      expect(entry.text).not.toContain('{{')
      expect(entry.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    }
  })

  it('only acts on a newsletter being sent', async () => {
    await seed({ confirmed: 3 })
    const draft = await newsletters.create({ subject: 'Draft', body: 'Not yet' }, 'admin')
    expect(await runSend(draft.id, { runtime: LOCAL_RUNTIME })).toBe('not-sending')
    expect(requests).toEqual([])
  })
})

describe('a run cut off and resumed', () => {
  it.each([
    ['after a batch was claimed, before SendGrid', 'claimed', 1, { uncertain: 500, lost: 500 }],
    ['after SendGrid took it, before the batch recorded it', 'mailed', 1, { uncertain: 500, lost: 0 }],
    ['after the batch recorded it, before the progress', 'answered', 1, { uncertain: 0, lost: 0 }],
    ['after the progress, before the next claim', 'advanced', 0, { uncertain: 0, lost: 0 }],
  ] as const)('%s: nobody twice, the unknown batch counted uncertain', { timeout: 90_000 }, async (_case, stage, batch, expected) => {
    const confirmed = await seed({ confirmed: 1_500, pending: 10 })
    const newsletter = await sending()

    await expect(runSend(newsletter.id, { runtime: LOCAL_RUNTIME, hooks: crashAt(stage, batch) })).rejects.toThrow('crash')
    // The lease of the cut-off run still holds: a run now stays away.
    expect(await runSend(newsletter.id, { runtime: LOCAL_RUNTIME })).toBe('busy')
    expect(await runSend(newsletter.id, { runtime: LOCAL_RUNTIME, now: later })).toBe('finished')

    expectOnceEach(mailed())
    expect(mailed().length).toBe(confirmed.length - expected.lost)
    const done = await newsletters.get(newsletter.id)
    expect(done?.status).toBe('sent')
    expect(done?.progress).toMatchObject({ total: 1_510, processed: 1_510, uncertain: expected.uncertain, sent: 1_500 - expected.uncertain })
  })

  it('hands on to a fresh run when its time is spent, and the next one carries on', { timeout: 90_000 }, async () => {
    const confirmed = await seed({ confirmed: 1_100 })
    const newsletter = await sending()
    let triggered = 0
    setTrigger(async () => {
      triggered++
    })
    expect(await runSend(newsletter.id, { runtime: LOCAL_RUNTIME, budgetMs: 0 })).toBe('handed-on')
    expect(triggered).toBe(1)
    expect(requests).toEqual([])
    expect(await runSend(newsletter.id, { runtime: LOCAL_RUNTIME })).toBe('finished')
    expect(mailed().toSorted()).toEqual(confirmed)
  })
})

describe('two workers at once', () => {
  it('the second stays away while the first holds the lease', async () => {
    await seed({ confirmed: 5 })
    const newsletter = await sending()
    const outcomes = await Promise.all([runSend(newsletter.id, { runtime: LOCAL_RUNTIME }), runSend(newsletter.id, { runtime: LOCAL_RUNTIME })])
    expect(outcomes.toSorted()).toEqual(['busy', 'finished'])
    expect(mailed()).toHaveLength(5)
  })

  it('even when both believe they hold it (an expired lease), nobody gets it twice', { timeout: 90_000 }, async () => {
    const confirmed = await seed({ confirmed: 2_500 })
    const newsletter = await sending()
    const outcomes = await Promise.allSettled([
      runSend(newsletter.id, { runtime: LOCAL_RUNTIME }),
      runSend(newsletter.id, { runtime: LOCAL_RUNTIME, now: later }),
      runSend(newsletter.id, { runtime: LOCAL_RUNTIME, now: () => later() + LEASE_MS * 2 }),
    ])
    expect(outcomes.every((outcome) => outcome.status === 'fulfilled')).toBe(true)
    expectOnceEach(mailed())
    // A batch claimed by one whose answer another saw in flight is uncertain, never sent twice.
    const all = await batches.list(newsletter.id)
    const uncertain = all.filter((batch) => batch.state === 'in-flight').flatMap((batch) => batch.recipients)
    expect([...mailed(), ...uncertain.filter((address) => !mailed().includes(address))].toSorted()).toEqual(confirmed)
  })
})

describe('SendGrid refusing or not answering', () => {
  it('a refusal (4xx) pauses the send; the refused batch is sent when it resumes', async () => {
    await seed({ confirmed: 4 })
    const newsletter = await sending()
    server.use(http.post(SENDGRID_SEND_URL, () => HttpResponse.json({ errors: [{ message: 'The provided authorization grant is invalid' }] }, { status: 401 })))
    expect(await runSend(newsletter.id, { runtime: LOCAL_RUNTIME })).toBe('paused')
    expect((await newsletters.get(newsletter.id))?.lastError).toMatch(/SendGrid refused the email \(SendGrid answered 401/)
    server.resetHandlers()
    server.use(
      http.post(SENDGRID_SEND_URL, async ({ request }) => {
        requests.push((await request.json()) as Request)
        return new HttpResponse(null, { status: 202 })
      }),
    )
    expect(await runSend(newsletter.id, { runtime: LOCAL_RUNTIME, now: later })).toBe('finished')
    expect(mailed()).toHaveLength(4)
    expect((await newsletters.get(newsletter.id))?.lastError).toBeUndefined()
  })

  it('a 5xx leaves the batch uncertain for good: it is never sent again', async () => {
    await seed({ confirmed: 4 })
    const newsletter = await sending()
    server.use(http.post(SENDGRID_SEND_URL, () => HttpResponse.json({ errors: [{ message: 'Internal error' }] }, { status: 500 })))
    expect(await runSend(newsletter.id, { runtime: LOCAL_RUNTIME })).toBe('paused')
    server.resetHandlers()
    server.use(
      http.post(SENDGRID_SEND_URL, async ({ request }) => {
        requests.push((await request.json()) as Request)
        return new HttpResponse(null, { status: 202 })
      }),
    )
    expect(await runSend(newsletter.id, { runtime: LOCAL_RUNTIME, now: later })).toBe('finished')
    expect(mailed()).toEqual([])
    expect((await newsletters.get(newsletter.id))?.progress).toMatchObject({ sent: 0, uncertain: 4 })
  })
})

describe('the worker and the scheduler functions', () => {
  const post = (headers: Record<string, string>, id: string) =>
    call(worker, { method: 'POST', path: '/.netlify/functions/newsletter-send-background', headers, body: { id } })

  it('the worker answers nobody without its secret, and sends with it', async () => {
    await seed({ confirmed: 2 })
    const newsletter = await sending()
    expect((await post({}, newsletter.id)).status).toBe(404)
    expect((await post({ [WORKER_SECRET_HEADER]: 'x'.repeat(43) }, newsletter.id)).status).toBe(404)
    expect(requests).toEqual([])
    const { status, body } = await post({ [WORKER_SECRET_HEADER]: workerSecret() }, newsletter.id)
    expect({ status, body }).toEqual({ status: 200, body: { success: true, outcome: 'finished' } })
    expect(mailed()).toHaveLength(2)
  })

  it.each(['../x', 'a/b', 'a'.repeat(65)])('the worker refuses the crafted id %s', async (id) => {
    expect((await post({ [WORKER_SECRET_HEADER]: workerSecret() }, id)).status).toBe(400)
  })

  it('takes __proto__ as just an id that names no newsletter', async () => {
    const { status, body } = await post({ [WORKER_SECRET_HEADER]: workerSecret() }, '__proto__')
    expect({ status, body }).toEqual({ status: 200, body: { success: true, outcome: 'not-sending' } })
    expect(({} as Record<string, unknown>).status).toBeUndefined()
  })

  it('the scheduler starts a due scheduled newsletter and resumes a cut-off send', async () => {
    await seed({ confirmed: 3 })
    const due = await newsletters.create({ subject: 'Due', body: 'Now' }, 'admin')
    await newsletters.schedule(due.id, new Date(Date.now() - 1_000).toISOString(), 'admin')
    const notYet = await newsletters.create({ subject: 'Later', body: 'Soon' }, 'admin')
    await newsletters.schedule(notYet.id, new Date(Date.now() + 3_600_000).toISOString(), 'admin')
    const triggered: string[] = []
    setTrigger(async (id) => {
      triggered.push(id)
    })
    const response = await scheduler.default()
    expect(response.status).toBe(204)
    expect(triggered).toEqual([due.id])
    expect((await newsletters.get(due.id))?.status).toBe('sending')
    expect((await newsletters.get(notYet.id))?.status).toBe('scheduled')

    // A run holding the lease is left alone; once it has expired (cut off), it is resumed.
    await runs.claim(due.id, 'someone', Date.now() + 60_000)
    triggered.length = 0
    await scheduler.default()
    expect(triggered).toEqual([])
    await runs.claim(due.id, 'someone', Date.now() - 1)
    await scheduler.default()
    expect(triggered).toEqual([due.id])
  })
})
