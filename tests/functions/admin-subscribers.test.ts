import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { SubscribeSchema, type Subscriber } from '#domain/subscriber.ts'
import * as subscribersFunction from '#functions/subscribers.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { createAdmin, createEditor } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call } from '#tests/support/call.ts'
import { exportCsv } from '#tests/support/exports.ts'

useBlobsServer()

type PageBody = { success: boolean; message?: string; subscribers: Subscriber[]; page: number; pageSize: number; hasMore: boolean }

const getPage = (authorization: string, query = '') =>
  call<PageBody>(subscribersFunction, { path: `/api/subscribers${query}`, headers: { authorization } })

/** Adds emails through the data module, a few at a time. */
async function addAll(emails: string[]) {
  for (let i = 0; i < emails.length; i += 20) await Promise.all(emails.slice(i, i + 20).map((email) => subscribers.add(email)))
}

const numbered = (count: number) => Array.from({ length: count }, (_, i) => `reader${String(i).padStart(3, '0')}@test.example`)

/** RFC 4180 rows: quoted cells, "" for a quote, CRLF between rows. */
function parseCsv(text: string): string[][] {
  expect(text.endsWith('\r\n')).toBe(true)
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += char
  }
  return rows
}

describe('GET /api/subscribers for a signed-in editor', () => {
  it('pages 50 at a time, in email order', async () => {
    const { authorization } = await createEditor()
    const emails = numbered(120)
    await addAll(emails)

    const page1 = await getPage(authorization)
    const page2 = await getPage(authorization, '?page=2')
    const page3 = await getPage(authorization, '?page=3')

    expect(page1.status).toBe(200)
    expect(page1.body).toMatchObject({ success: true, page: 1, pageSize: 50, hasMore: true })
    expect(page1.body.subscribers).toHaveLength(50)
    expect(page2.body).toMatchObject({ page: 2, hasMore: true })
    expect(page2.body.subscribers).toHaveLength(50)
    expect(page3.body).toMatchObject({ page: 3, hasMore: false })
    expect(page3.body.subscribers).toHaveLength(20)
    const seen = [page1, page2, page3].flatMap((answer) => answer.body.subscribers.map((s) => s.email))
    expect(seen).toEqual(emails)
  })

  it('answers each subscriber with id, email, created_at and state', async () => {
    const { authorization } = await createEditor()
    await addAll(['foo@example.com'])
    const { body } = await getPage(authorization)
    expect(body.subscribers).toEqual([
      { id: expect.any(String), email: 'foo@example.com', created_at: expect.any(String), state: 'pending' },
    ])
  })

  it('answers an empty page past the end', async () => {
    const { authorization } = await createEditor()
    await addAll(numbered(3))
    const { status, body } = await getPage(authorization, '?page=5')
    expect(status).toBe(200)
    expect(body).toMatchObject({ subscribers: [], hasMore: false })
  })

  it('matches `search` against the start of the email', async () => {
    const { authorization } = await createEditor()
    await addAll(['anna@example.com', 'annabel@example.com', 'hannah@example.com', 'bob@anna.example'])

    const { body } = await getPage(authorization, '?search=anna')

    expect(body.subscribers.map((s) => s.email)).toEqual(['anna@example.com', 'annabel@example.com'])
    expect(body.hasMore).toBe(false)
  })

  it('searches whatever the case, and with characters that need escaping', async () => {
    const { authorization } = await createEditor()
    await addAll(['anna+news@example.com', 'anna@example.com'])
    expect((await getPage(authorization, '?search=ANNA')).body.subscribers).toHaveLength(2)
    expect((await getPage(authorization, `?search=${encodeURIComponent('anna+')}`)).body.subscribers.map((s) => s.email)).toEqual([
      'anna+news@example.com',
    ])
  })

  it('pages search results too', async () => {
    const { authorization } = await createEditor()
    await addAll([...numbered(60), 'zed@example.com'])
    const first = await getPage(authorization, '?search=reader')
    const second = await getPage(authorization, '?search=reader&page=2')
    expect(first.body.subscribers).toHaveLength(50)
    expect(first.body.hasMore).toBe(true)
    expect(second.body.subscribers).toHaveLength(10)
    expect(second.body.hasMore).toBe(false)
  })

  it.each(['abc', '0', '-1', '1.5', '', '100001', '1e9'])('answers 400 JSON to page=%j', async (page) => {
    const { authorization } = await createEditor()
    const { status, body } = await getPage(authorization, `?page=${encodeURIComponent(page)}`)
    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message: expect.any(String) })
  })

  it('answers 400 to a search longer than an email can be', async () => {
    const { authorization } = await createEditor()
    const { status } = await getPage(authorization, `?search=${'a'.repeat(255)}`)
    expect(status).toBe(400)
  })
})

describe('the subscriber export (started, then downloaded)', () => {
  it('answers a CSV download with a header row and one row per subscriber', async () => {
    const { authorization } = await createEditor()
    const emails = numbered(55)
    await addAll(emails)

    const { status, text, headers } = await exportCsv(authorization)

    expect(status).toBe(200)
    expect(headers.get('content-type')).toMatch(/^text\/csv/)
    expect(headers.get('content-disposition')).toMatch(
      /^attachment; filename="subscribers-\d{4}-\d\d-\d\d\.csv"; filename\*=UTF-8''subscribers-\d{4}-\d\d-\d\d\.csv$/,
    )
    expect(headers.get('cache-control')).toBe('no-store')
    const [header, ...rows] = parseCsv(text)
    expect(header).toEqual(['email', 'created_at', 'state', 'confirmed_at', 'stopped_at', 'stopped_reason', 'imported_by', 'consent_statement'])
    expect(rows).toHaveLength(55)
    expect(rows.map((row) => row[0]).sort()).toEqual(emails)
    const stored = new Map((await subscribers.all()).map((s) => [s.email, s.created_at]))
    for (const [email, createdAt, state, ...rest] of rows) {
      expect(createdAt).toBe(stored.get(email!))
      expect([state, ...rest]).toEqual(['pending', '', '', '', '', ''])
    }
  })

  it('answers only the header row when there is no subscriber', async () => {
    const { authorization } = await createAdmin()
    const { text } = await exportCsv(authorization)
    expect(parseCsv(text)).toEqual([['email', 'created_at', 'state', 'confirmed_at', 'stopped_at', 'stopped_reason', 'imported_by', 'consent_statement']])
  })

  it('tells confirmed subscribers from those still awaiting confirmation', async () => {
    const { authorization } = await createAdmin()
    await subscribers.add('waiting@example.com')
    await subscribers.add('sure@example.com')
    await subscribers.confirm('sure@example.com')
    const confirmedAt = (await subscribers.find('sure@example.com'))?.confirmed_at

    const [, ...rows] = parseCsv((await exportCsv(authorization)).text)

    expect(rows.sort((a, b) => a[0]!.localeCompare(b[0]!)).map((row) => row.slice(0, 1).concat(row.slice(2)))).toEqual([
      ['sure@example.com', 'confirmed', confirmedAt, '', '', '', ''],
      ['waiting@example.com', 'pending', '', '', '', '', ''],
    ])
  })

  it.each(['=cmd@x.com', '+1@x.com', '-2@x.com', '=1+1@x.com', '=hyperlink|x@x.com'])(
    'neutralises %j, which the subscribe form accepts, so a spreadsheet shows it as text',
    async (email) => {
      // The schema really accepts it: this is what a visitor can put in the list.
      expect(z.safeParse(SubscribeSchema, { email }).success).toBe(true)
      const { authorization } = await createEditor()
      await addAll([email, 'plain@x.com'])

      const { text } = await exportCsv(authorization)

      const rows = parseCsv(text).slice(1)
      expect(rows.map((row) => row[0]).sort()).toEqual([`'${email}`, 'plain@x.com'].sort())
      expect(text).toContain(`"'${email.replace(/"/g, '""')}"`)
    },
  )

  // Addresses kept from before the stricter email rule can still hold quotes and parentheses.
  it.each(['@sum(1)@x.com', '=hyperlink("http://evil.example")@x.com'])(
    'neutralises %j, stored before the email rule refused it',
    async (email) => {
      const { authorization } = await createEditor()
      await addAll([email])
      const { text } = await exportCsv(authorization)
      expect(
        parseCsv(text)
          .slice(1)
          .map((row) => row[0]),
      ).toEqual([`'${email}`])
    },
  )

  it('writes =cmd@x.com exactly as "\'=cmd@x.com"', async () => {
    const { authorization } = await createEditor()
    await addAll(['=cmd@x.com'])
    const { text } = await exportCsv(authorization)
    expect(text.split('\r\n')[1]).toMatch(/^"'=cmd@x\.com","[^"]+","pending","","","","",""$/)
  })
})
