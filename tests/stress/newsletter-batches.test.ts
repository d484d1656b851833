import { http, HttpResponse } from 'msw'
import { beforeEach, expect, it, vi } from 'vitest'
import { NEWSLETTER_BATCH_SIZE } from '#domain/newsletter.ts'
import { content } from '#lib/data/content.ts'
import { newsletters } from '#lib/data/newsletters.ts'
import { runSend } from '#lib/newsletter/sender.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { LOCAL_RUNTIME } from '#tests/support/call.ts'
import { SENDGRID_SEND_URL, useSendgridMock } from '#tests/support/sendgrid.ts'
import { reportStress, scaled } from '#tests/support/stress-scale.ts'
import { seedSubscribers } from '#tests/support/subscriber-seed.ts'

/**
 * A send at SendGrid's own batch size (the function tests use small batches): more confirmed
 * subscribers than one request may carry, each mailed once, in requests of at most 1,000.
 */
useBlobsServer()
const server = useSendgridMock()
const CONFIRMED = scaled(NEWSLETTER_BATCH_SIZE + 1, 2_500)

type Request = { personalizations: { to: { email: string }[] }[] }
let requests: Request[] = []

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

it(`mails ${CONFIRMED} confirmed subscribers once each, in requests of at most SendGrid's 1,000`, async () => {
  const confirmed = await seedSubscribers({ confirmed: CONFIRMED, pending: 40, bounced: 30 })
  const created = await newsletters.create({ subject: 'Spring notes', body: 'Hello **friends**.' }, 'admin')
  const newsletter = await newsletters.start(created.id, 'admin')

  const started = performance.now()
  const outcome = await runSend(newsletter.id, { runtime: LOCAL_RUNTIME })
  const mailed = requests.flatMap((request) => request.personalizations.map((p) => p.to[0]!.email))
  reportStress({
    suite: 'newsletter at full batch size',
    calls: requests.length,
    errors5xx: 0,
    lostWrites: confirmed.length - new Set(mailed).size,
    duplicates: mailed.length - new Set(mailed).size,
    ms: performance.now() - started,
  })

  expect(outcome).toBe('finished')
  expect(NEWSLETTER_BATCH_SIZE).toBeLessThanOrEqual(1_000)
  const sizes = requests.map((request) => request.personalizations.length)
  expect(sizes.slice(0, -1).every((size) => size === NEWSLETTER_BATCH_SIZE)).toBe(true)
  expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(CONFIRMED)
  expect(mailed.toSorted()).toEqual(confirmed.toSorted())
  expect((await newsletters.get(newsletter.id))?.progress).toMatchObject({ total: CONFIRMED + 70, sent: CONFIRMED, failed: 0, uncertain: 0 })
})
