import { describe, expect, it } from 'vitest'
import { parseCsv } from '#domain/csv.ts'
import { EXPORT_COLUMNS, EXPORT_MESSAGES } from '#domain/subscriber-export.ts'
import { IMPORT_CHUNK_ROWS, IMPORT_MESSAGES, IMPORT_STATEMENT_MAX, type ImportAnswer } from '#domain/subscriber-import.ts'
import * as adminSubscribersImport from '#functions/admin-subscribers-import.ts'
import * as maintenance from '#functions/maintenance.ts'
import * as unsubscribeFunction from '#functions/unsubscribe.ts'
import * as worker from '#functions/subscribers-export-background.ts'
import { activity } from '#lib/data/activity.ts'
import { outbox } from '#lib/data/outbox.ts'
import { subscriberExports } from '#lib/data/subscriber-exports.ts'
import { TRANSFER_LIMITS } from '#lib/subscribers/limits.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { openStore } from '#lib/storage/blobs.ts'
import { keys } from '#lib/storage/keys.ts'
import { exportSignature } from '#lib/subscribers/export.ts'
import { unsubscribeToken } from '#lib/subscribers/unsubscribe.ts'
import { emailOfConfirmToken } from '#lib/subscribers/confirm.ts'
import { callRaw, createAdmin, createEditor } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call, fakeContext, TEST_ORIGIN } from '#tests/support/call.ts'
import { exportFile, exportStatus, startExport } from '#tests/support/exports.ts'

const blobs = useBlobsServer()

type ImportBody = ImportAnswer & { success: boolean; message?: string }
const importRows = (authorization: string, body: unknown, headers: Record<string, string> = {}) =>
  call<ImportBody>(adminSubscribersImport, {
    method: 'POST',
    path: '/api/admin/subscribers/import',
    body,
    headers: { authorization, ...headers },
  })
const rows = (...emails: string[]) => emails.map((email, i) => ({ row: i + 2, email }))
const body = (list: { row: number; email: string }[], extra: Record<string, unknown> = {}) => ({
  importId: 'test-import-1',
  consent: true,
  rows: list,
  ...extra,
})

/** Stores records directly, 50 at a time, as the list would hold them after years of signups. */
async function seed(count: number) {
  const store = openStore('subscribers')
  const records = Array.from({ length: count }, (_, i) => {
    const email = `reader${String(i).padStart(5, '0')}@test.example`
    const state = (['pending', 'confirmed', 'bounced', 'complained'] as const)[i % 4]
    return {
      id: `id${i}`,
      email,
      created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
      state,
      ...(state !== 'pending' && { confirmed_at: '2025-02-01T00:00:00.000Z' }),
      ...(state === 'bounced' && { stopped_at: '2025-03-01T00:00:00.000Z', stopped_reason: '550 "no such user", says the server' }),
    }
  })
  for (let i = 0; i < records.length; i += 50)
    await Promise.all(records.slice(i, i + 50).map((record) => store.set(keys.subscriber(record.email), JSON.stringify(record))))
  return records
}

describe('subscriber export jobs', () => {
  it('builds the whole list in the background; the file parses back to exactly the stored records', { timeout: 60_000 }, async () => {
    const { authorization, user } = await createEditor()
    const records = await seed(2_500)

    const started = await startExport(authorization)
    expect(started.status).toBe(202)
    expect(started.body.export).toMatchObject({ state: 'queued', processed: 0 })
    expect(started.body.export).not.toHaveProperty('owner')

    const { body: status } = await exportStatus(authorization, started.body.export.id)
    expect(status.export).toMatchObject({ state: 'done', processed: 2_500, total: 2_500 })

    const file = await exportFile(authorization, started.body.export.id)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(file.headers.get('cache-control')).toBe('no-store')
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="subscribers-\d{4}-\d\d-\d\d\.csv"/)
    expect(Number(file.headers.get('content-length'))).toBe(Buffer.byteLength(file.text))
    const [header, ...lines] = parseCsv(file.text)
    expect(header).toEqual([...EXPORT_COLUMNS])
    expect(lines).toEqual(
      records.map((r) => [r.email, r.created_at, r.state, r.confirmed_at ?? '', r.stopped_at ?? '', r.stopped_reason ?? '', '', '']),
    )
    const entries = await activity.list()
    expect(entries.entries[0]).toMatchObject({ action: 'exported', actor: { id: user.id }, changes: ['2,500 addresses, as a CSV file'] })
  })

  it.each(['=1+1', '+cmd', '-2', '@sum(1)', '\tlead', '\rlead'])('neutralises a reason starting %j in the file', async (start) => {
    const { authorization } = await createEditor()
    const email = 'bounced@test.example'
    await openStore('subscribers').set(
      keys.subscriber(email),
      JSON.stringify({ id: 'x', email, created_at: '2025-01-01T00:00:00.000Z', state: 'bounced', stopped_reason: `${start} reason` }),
    )
    const started = await startExport(authorization)
    const [, line] = parseCsv((await exportFile(authorization, started.body.export.id)).text)
    expect(line![5]).toBe(`'${start} reason`)
  })

  it('shows a job only to the person who started it; others, crafted ids and expired jobs are not found', async () => {
    const owner = await createEditor()
    const other = await createAdmin()
    const { body } = await startExport(owner.authorization)
    const id = body.export.id

    for (const answer of [await exportStatus(other.authorization, id), await exportFile(other.authorization, id)]) {
      expect(answer.status).toBe(404)
    }
    for (const crafted of ['..%2Fjob', '../file/x', 'a'.repeat(65), 'job/abc', '%00', '__proto__x!']) {
      const answer = await exportStatus(owner.authorization, crafted)
      expect(answer.status, crafted).toBe(404)
      expect(answer.body.message).toBe(EXPORT_MESSAGES.notFound)
    }
    expect(await openStore('subscriber-exports').keys()).toEqual([keys.exportFile(id), keys.exportJob(id)])
    // A day later the job has expired.
    const job = (await subscriberExports.find(id))!
    await openStore('subscriber-exports').set(
      keys.exportJob(id),
      JSON.stringify({ ...job, expires_at: new Date(Date.now() - 1000).toISOString() }),
    )
    expect((await exportStatus(owner.authorization, id)).status).toBe(404)
    expect((await exportFile(owner.authorization, id)).status).toBe(404)
    // The maintenance task removes the expired job and its file.
    await maintenance.default(new Request(`${TEST_ORIGIN}/`), fakeContext())
    expect(await openStore('subscriber-exports').keys()).toEqual([])
  })

  it('answers 409 for a file not built yet, and the background function runs nothing without the signature', async () => {
    const { authorization, user } = await createEditor()
    const job = await subscriberExports.create(user.id)
    expect((await exportFile(authorization, job.id)).status).toBe(409)

    const post = (headers: Record<string, string>) =>
      callRaw(worker, { method: 'POST', path: '/.netlify/functions/subscribers-export-background', body: { id: job.id }, headers })
    expect((await post({})).status).toBe(401)
    expect((await post({ 'x-export-signature': exportSignature('another-job') })).status).toBe(401)
    expect((await post({ 'x-export-signature': 'A'.repeat(43) })).status).toBe(401)
    expect((await subscriberExports.find(job.id))?.state).toBe('queued')

    expect((await post({ 'x-export-signature': exportSignature(job.id) })).status).toBe(202)
    expect((await subscriberExports.find(job.id))?.state).toBe('done')
    // A job already built is not run again (the platform retries background functions).
    const writes = blobs.current.requests.set
    await post({ 'x-export-signature': exportSignature(job.id) })
    expect(blobs.current.requests.set).toBe(writes)
  })

  it('marks the job failed and answers 503 when the background function cannot be started', async () => {
    const { authorization } = await createEditor()
    const realFetch = globalThis.fetch
    globalThis.fetch = async (input, init) =>
      new URL(new Request(input, init).url).pathname.startsWith('/.netlify/functions/')
        ? new Response(null, { status: 500 })
        : realFetch(input, init)
    try {
      const answer = await startExport(authorization)
      expect(answer.status).toBe(503)
      expect(answer.body.message).toBe(EXPORT_MESSAGES.couldNotStart)
    } finally {
      globalThis.fetch = realFetch
    }
    const [key] = await openStore('subscriber-exports').keys()
    expect(JSON.parse((await openStore('subscriber-exports').get(key!))!)).toMatchObject({ state: 'failed' })
  })

  it('refuses an eleventh export within the hour', async () => {
    const { authorization } = await createEditor()
    for (let i = 0; i < 10; i++) expect((await startExport(authorization)).status).toBe(202)
    const refused = await startExport(authorization)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe(EXPORT_MESSAGES.tooMany)
  })
})

describe('POST /api/admin/subscribers/import', () => {
  it('adds new addresses awaiting confirmation and sends each the confirmation email; answers each row and records the import', async () => {
    const { authorization, user } = await createEditor()
    const answer = await importRows(
      authorization,
      body(rows('New@Example.com ', 'not-an-email', '', 'new@example.com', 'second@example.com')),
    )
    expect(answer.status).toBe(200)
    expect(answer.body.results).toEqual([
      { row: 2, outcome: 'added' },
      { row: 3, outcome: 'refused', reason: IMPORT_MESSAGES.invalidEmail },
      { row: 4, outcome: 'refused', reason: IMPORT_MESSAGES.empty },
      { row: 5, outcome: 'refused', reason: 'same address as row 2' },
      { row: 6, outcome: 'added' },
    ])
    expect(answer.body.summary).toEqual({ added: 2, exists: 0, refused: 3 })
    expect(answer.body.emailed).toBe(2)
    const stored = await subscribers.find('new@example.com')
    expect(stored).toMatchObject({ email: 'new@example.com', state: 'pending', imported_by: user.username })
    expect(stored).not.toHaveProperty('confirmed_at')
    expect(stored).not.toHaveProperty('consent_statement')
    // Each gets the email a signup gets, its own link in it; the link confirms that address.
    const sent = await outbox.list()
    expect(sent.map((email) => email.to).sort()).toEqual(['new@example.com', 'second@example.com'])
    for (const email of sent) {
      expect(email.subject).toBe('Please confirm your subscription')
      const token = /\/confirm\?token=([\w.-]+)/.exec(email.text)?.[1]
      expect((await emailOfConfirmToken(token ?? ''))?.email).toBe(email.to)
    }
    // Like a signup, they go after a week unless they confirm.
    expect(await subscribers.prunePending(new Date(Date.now() + 8 * 24 * 60 * 60_000))).toBe(2)
    const { entries } = await activity.list()
    expect(entries[0]).toMatchObject({ action: 'imported', actor: { id: user.id }, recordId: 'test-import-1' })
    expect(entries[0]!.changes).toEqual([
      'Rows 2–6: 2 added awaiting confirmation (2 confirmation emails sent), 0 already subscribed, 3 refused',
    ])
  })

  it('mails each inbox at most once a day, as signups do', async () => {
    const { authorization } = await createEditor()
    await importRows(authorization, body(rows('ann@example.com')))
    await subscribers.remove('ann@example.com')
    const again = await importRows(authorization, body(rows('ann+1@example.com', 'ann@example.com')))
    expect(again.body.summary.added).toBe(2)
    expect(again.body.emailed).toBe(0)
    expect((await outbox.list()).map((email) => email.to)).toEqual(['ann@example.com'])
  })

  it('sends confirmation emails for at most 10 import requests a day per person; previews and confirmed imports go on', async () => {
    const { authorization } = await createEditor()
    for (let i = 0; i < TRANSFER_LIMITS.importEmails.max; i++) {
      expect((await importRows(authorization, body(rows(`daily-${i}@example.com`)))).status).toBe(200)
    }
    const refused = await importRows(authorization, body(rows('one-more@example.com')))
    expect(refused.status).toBe(429)
    expect(refused.body.message).toMatch(/import the rest tomorrow/)
    expect(await subscribers.find('one-more@example.com')).toBeNull()
    expect((await importRows(authorization, body(rows('one-more@example.com'), { dryRun: true }))).status).toBe(200)
    const { authorization: admin } = await createAdmin()
    expect((await importRows(admin, body(rows('other-person@example.com')))).status).toBe(200)
  })

  it('lets an admin add them confirmed, without an email, with her consent statement kept with each and in the history', async () => {
    const { authorization, user } = await createAdmin()
    const before = Date.now()
    const statement = '  They signed up on paper at the March workshop.  '
    const answer = await importRows(authorization, body(rows('paper@example.com', 'card@example.com'), { mode: 'confirmed', statement }))
    expect(answer.status).toBe(200)
    expect(answer.body.summary).toEqual({ added: 2, exists: 0, refused: 0 })
    expect(answer.body).not.toHaveProperty('emailed')
    const stored = await subscribers.find('paper@example.com')
    expect(stored).toMatchObject({
      state: 'confirmed',
      imported_by: user.username,
      consent_statement: 'They signed up on paper at the March workshop.',
    })
    expect(stored!.confirmed_at).toBe(stored!.created_at)
    expect(Date.parse(stored!.confirmed_at!)).toBeGreaterThanOrEqual(before - 1000)
    expect(await outbox.list()).toEqual([])
    expect((await activity.list()).entries[0]!.changes).toEqual([
      'Rows 2–3: 2 added as confirmed, 0 already subscribed, 0 refused',
      'Consent: They signed up on paper at the March workshop.',
    ])
  })

  it('never adds anyone confirmed on an editor’s word, whatever the body says', async () => {
    const { authorization } = await createEditor()
    for (const extra of [
      { mode: 'confirmed', statement: 'They signed up on paper at the March workshop.' },
      { mode: 'confirmed', statement: 'They signed up on paper at the March workshop.', dryRun: true },
    ]) {
      const answer = await importRows(authorization, body(rows('paper@example.com'), extra))
      expect(answer.status).toBe(403)
      expect(answer.body.message).toBe(IMPORT_MESSAGES.confirmedAdminsOnly)
    }
    // Fields of the record itself are not the import's to set.
    const raw = await importRows(
      authorization,
      body(rows('paper@example.com'), { state: 'confirmed', consent_statement: 'x', confirmed: true }),
    )
    expect(raw.status).toBe(200)
    expect(await subscribers.find('paper@example.com')).toMatchObject({ state: 'pending' })
    expect(await subscribers.find('paper@example.com')).not.toHaveProperty('consent_statement')
  })

  it.each([
    ['no statement', {}, IMPORT_MESSAGES.statementRequired],
    ['a blank statement', { statement: '          ' }, IMPORT_MESSAGES.statementRequired],
    ['a tick for a statement', { statement: 'yes' }, IMPORT_MESSAGES.statementRequired],
    ['a statement not text', { statement: true }, IMPORT_MESSAGES.statementRequired],
    ['a statement too long', { statement: 'x'.repeat(IMPORT_STATEMENT_MAX + 1) }, IMPORT_MESSAGES.statementTooLong],
    ['no consent', { consent: false, statement: 'They signed up on paper at the March workshop.' }, IMPORT_MESSAGES.consentRequired],
  ])('refuses an admin’s confirmed import with %s, and stores nothing', async (_name, extra, message) => {
    const { authorization } = await createAdmin()
    const answer = await importRows(authorization, body(rows('paper@example.com'), { mode: 'confirmed', ...extra }))
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe(message)
    expect(await subscribers.all()).toEqual([])
  })

  it('never changes an existing record, whatever its state', async () => {
    const { authorization } = await createEditor()
    const existing = await seed(4) // pending, confirmed, bounced, complained
    const store = openStore('subscribers')
    const storedBefore = await Promise.all(existing.map((r) => store.get(keys.subscriber(r.email))))

    const answer = await importRows(authorization, body(rows(...existing.map((r) => r.email.toUpperCase()))))

    expect(answer.body.results.map((r) => r.outcome)).toEqual(['exists', 'exists', 'exists', 'exists'])
    expect(answer.body.results[0]!.reason).toBe(IMPORT_MESSAGES.exists)
    expect(await Promise.all(existing.map((r) => store.get(keys.subscriber(r.email))))).toEqual(storedBefore)
  })

  it('never brings back someone who unsubscribed, confirmed or not; after they sign up and confirm again, it may', async () => {
    const admin = await createAdmin()
    await subscribers.add('left@example.com')
    await subscribers.confirm('left@example.com')
    await call(unsubscribeFunction, { method: 'POST', path: `/api/unsubscribe?email=left@example.com&token=${unsubscribeToken('left@example.com')}` })
    const statement = 'They signed up on paper at the March workshop.'

    for (const extra of [{}, { mode: 'confirmed', statement }, { mode: 'confirmed', statement, dryRun: true }]) {
      const answer = await importRows(admin.authorization, body(rows('Left@Example.com', 'new@example.com'), extra))
      expect(answer.body.results[0], JSON.stringify(extra)).toEqual({ row: 2, outcome: 'refused', reason: IMPORT_MESSAGES.unsubscribed })
      expect(answer.body.results[1]!.outcome).not.toBe('refused')
    }
    expect(await subscribers.find('left@example.com')).toBeNull()

    // Back by their own word: a signup they confirm from their own email.
    await subscribers.add('left@example.com')
    await subscribers.confirm('left@example.com')
    await subscribers.remove('left@example.com')
    const again = await importRows(admin.authorization, body(rows('left@example.com'), { mode: 'confirmed', statement }))
    expect(again.body.results[0]!.outcome).toBe('added')
  })

  it('previews without writing anything (dryRun), and needs no consent for it', async () => {
    const { authorization } = await createEditor()
    await seed(1)
    const writes = blobs.current.requests.set
    const answer = await importRows(authorization, {
      importId: 'preview-1',
      dryRun: true,
      rows: rows('reader00000@test.example', 'fresh@example.com', 'x'),
    })
    expect(answer.body.results.map((r) => r.outcome)).toEqual(['exists', 'added', 'refused'])
    // Only the rate-limit entry is written.
    expect(blobs.current.requests.set - writes).toBe(1)
    expect(await subscribers.find('fresh@example.com')).toBeNull()
  })

  it.each([
    ['no consent', { importId: 'i-00000001', rows: rows('a@example.com') }, IMPORT_MESSAGES.consentRequired],
    ['consent false', { importId: 'i-00000001', consent: false, rows: rows('a@example.com') }, IMPORT_MESSAGES.consentRequired],
    ['consent as text', { importId: 'i-00000001', consent: 'true', rows: rows('a@example.com') }, IMPORT_MESSAGES.consentRequired],
    ['rows not a list', { importId: 'i-00000001', consent: true, rows: 'a@example.com' }, IMPORT_MESSAGES.invalidRows],
    ['no rows', { importId: 'i-00000001', consent: true, rows: [] }, IMPORT_MESSAGES.invalidRows],
    ['email a number', { importId: 'i-00000001', consent: true, rows: [{ row: 2, email: 5 }] }, IMPORT_MESSAGES.invalidRows],
    ['row a string', { importId: 'i-00000001', consent: true, rows: [{ row: '2', email: 'a@example.com' }] }, IMPORT_MESSAGES.invalidRows],
    ['row zero', { importId: 'i-00000001', consent: true, rows: [{ row: 0, email: 'a@example.com' }] }, undefined],
    ['row fractional', { importId: 'i-00000001', consent: true, rows: [{ row: 2.5, email: 'a@example.com' }] }, undefined],
    ['a crafted import id', { importId: '../x', consent: true, rows: rows('a@example.com') }, IMPORT_MESSAGES.invalidImportId],
    [
      'an unknown mode',
      { importId: 'i-00000001', consent: true, mode: 'trusted', rows: rows('a@example.com') },
      IMPORT_MESSAGES.invalidMode,
    ],
    [
      'a mode named __proto__',
      { importId: 'i-00000001', consent: true, mode: '__proto__', rows: rows('a@example.com') },
      IMPORT_MESSAGES.invalidMode,
    ],
    [
      'too many rows',
      {
        importId: 'i-00000001',
        consent: true,
        rows: rows(...Array.from({ length: IMPORT_CHUNK_ROWS + 1 }, (_, i) => `p${i}@example.com`)),
      },
      IMPORT_MESSAGES.tooManyRowsInRequest,
    ],
    [
      'a cell over 1,000 characters',
      { importId: 'i-00000001', consent: true, rows: rows(`${'a'.repeat(1000)}@example.com`) },
      IMPORT_MESSAGES.invalidRows,
    ],
  ])('refuses %s with 400 and stores nothing', async (_name, sent, message) => {
    const { authorization } = await createEditor()
    const answer = await importRows(authorization, sent)
    expect(answer.status).toBe(400)
    if (message) expect(answer.body.message).toBe(message)
    expect(await subscribers.all()).toEqual([])
  })

  it('refuses a body over 512 KB with 413', async () => {
    const { authorization } = await createEditor()
    const big = JSON.stringify(body(rows(...Array.from({ length: 600 }, () => `${'a'.repeat(900)}@example.com`))))
    expect(big.length).toBeGreaterThan(512 * 1024)
    const answer = await importRows(authorization, big, { 'content-type': 'application/json' })
    expect(answer.status).toBe(413)
  })

  it.each(['__proto__', 'constructor', 'prototype', 'toString', '__proto__@example.com', 'constructor@example.com'])(
    'treats %j as a value like any other',
    async (value) => {
      const { authorization } = await createEditor()
      const answer = await importRows(authorization, body([...rows(value, value)]))
      const valid = value.includes('@')
      expect(answer.body.results).toEqual(
        valid
          ? [
              { row: 2, outcome: 'added' },
              { row: 3, outcome: 'refused', reason: 'same address as row 2' },
            ]
          : [
              { row: 2, outcome: 'refused', reason: IMPORT_MESSAGES.invalidEmail },
              { row: 3, outcome: 'refused', reason: IMPORT_MESSAGES.invalidEmail },
            ],
      )
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    },
  )

  it('ignores __proto__ and unknown keys in the body', async () => {
    const { authorization } = await createEditor()
    const raw =
      '{"importId":"i-00000001","consent":true,"__proto__":{"polluted":1},"rows":[{"row":2,"email":"p@example.com","__proto__":{"state":"bounced"},"state":"bounced"}]}'
    const answer = await importRows(authorization, raw, { 'content-type': 'application/json' })
    expect(answer.status).toBe(200)
    expect(await subscribers.find('p@example.com')).toMatchObject({ state: 'pending' })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
