import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NEWSLETTER_BATCH_SIZE, type Newsletter } from '#domain/newsletter.ts'
import * as worker from '#functions/newsletter-send-background.ts'
import * as scheduler from '#functions/newsletter-scheduler.ts'
import { content } from '#lib/data/content.ts'
import { batches, newsletters, runs } from '#lib/data/newsletters.ts'
import { outbox } from '#lib/data/outbox.ts'
import { LEASE_MS, runSend, sendSettings, setTrigger, WORKER_SECRET_HEADER, workerSecret, type RunStage } from '#lib/newsletter/sender.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { seedSubscribers } from '#tests/support/subscriber-seed.ts'
import { call, LOCAL_RUNTIME } from '#tests/support/call.ts'
import { SENDGRID_SEND_URL, useSendgridMock } from '#tests/support/sendgrid.ts'

/**
 * The send worker against a real local Blobs server, SendGrid mocked: who gets the newsletter,
 * in how many requests, and that nobody ever gets it twice, across crashes at every step and two
 * workers at once. Batches hold BATCH recipients here instead of SendGrid's 1,000, so a few dozen
 * subscribers make several of them; tests/stress/newsletter-batches.test.ts sends at the real size.
 */
const BATCH = 10
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
beforeEach(() => {
  sendSettings.batchSize = BATCH
})
afterEach(() => {
  setTrigger(null)
  sendSettings.batchSize = NEWSLETTER_BATCH_SIZE
})

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
  it('mails every confirmed subscriber exactly once, in batches of at most the batch size, and never anyone else', async () => {
    const confirmed = await seedSubscribers({ confirmed: 25, pending: 4, bounced: 3, complained: 2 })
    const newsletter = await sending()

    expect(await runSend(newsletter.id, { runtime: LOCAL_RUNTIME })).toBe('finished')

    expect(requests.map((request) => request.personalizations.length)).toEqual([BATCH, BATCH, 5])
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
    expect(done).toMatchObject({ status: 'sent', progress: { total: 34, processed: 34, sent: 25, failed: 0, uncertain: 0 } })
    expect(done?.finishedAt).toBeDefined()
  })

  it('writes one outbox email per recipient locally without a key, its own link filled in', async () => {
    vi.stubEnv('SENDGRID_API_KEY', '')
    const confirmed = await seedSubscribers({ confirmed: 3, pending: 2 })
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
    await seedSubscribers({ confirmed: 3 })
    const draft = await newsletters.create({ subject: 'Draft', body: 'Not yet' }, 'admin')
    expect(await runSend(draft.id, { runtime: LOCAL_RUNTIME })).toBe('not-sending')
    expect(requests).toEqual([])
  })
})

describe('a run cut off and resumed', () => {
  it.each([
    ['after a batch was claimed, before SendGrid', 'claimed', 1, { uncertain: 5, lost: 5 }],
    ['after SendGrid took it, before the batch recorded it', 'mailed', 1, { uncertain: 5, lost: 0 }],
    ['after the batch recorded it, before the progress', 'answered', 1, { uncertain: 0, lost: 0 }],
    ['after the progress, before the next claim', 'advanced', 0, { uncertain: 0, lost: 0 }],
  ] as const)('%s: nobody twice, the unknown batch counted uncertain', async (_case, stage, batch, expected) => {
    const confirmed = await seedSubscribers({ confirmed: 15, pending: 1 })
    const newsletter = await sending()

    await expect(runSend(newsletter.id, { runtime: LOCAL_RUNTIME, hooks: crashAt(stage, batch) })).rejects.toThrow('crash')
    // The lease of the cut-off run still holds: a run now stays away.
    expect(await runSend(newsletter.id, { runtime: LOCAL_RUNTIME })).toBe('busy')
    expect(await runSend(newsletter.id, { runtime: LOCAL_RUNTIME, now: later })).toBe('finished')

    expectOnceEach(mailed())
    expect(mailed().length).toBe(confirmed.length - expected.lost)
    const done = await newsletters.get(newsletter.id)
    expect(done?.status).toBe('sent')
    expect(done?.progress).toMatchObject({ total: 16, processed: 16, uncertain: expected.uncertain, sent: 15 - expected.uncertain })
  })

  it('hands on to a fresh run when its time is spent, and the next one carries on', async () => {
    const confirmed = await seedSubscribers({ confirmed: BATCH + 1 })
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
    await seedSubscribers({ confirmed: 5 })
    const newsletter = await sending()
    const outcomes = await Promise.all([runSend(newsletter.id, { runtime: LOCAL_RUNTIME }), runSend(newsletter.id, { runtime: LOCAL_RUNTIME })])
    expect(outcomes.toSorted()).toEqual(['busy', 'finished'])
    expect(mailed()).toHaveLength(5)
  })

  it('even when both believe they hold it (an expired lease), nobody gets it twice', async () => {
    const confirmed = await seedSubscribers({ confirmed: 25 })
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
    await seedSubscribers({ confirmed: 4 })
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
    await seedSubscribers({ confirmed: 4 })
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
    await seedSubscribers({ confirmed: 2 })
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
    await seedSubscribers({ confirmed: 3 })
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
