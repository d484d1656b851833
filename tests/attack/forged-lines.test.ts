import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as adminBlogPosts from '#functions/admin-blog-posts.ts'
import * as adminContent from '#functions/admin-content.ts'
import * as adminMedia from '#functions/admin-media.ts'
import * as adminNewsletters from '#functions/admin-newsletters.ts'
import * as adminResources from '#functions/admin-resources.ts'
import * as adminUsers from '#functions/admin-users.ts'
import * as sendBookingEmail from '#functions/send-booking-email.ts'
import { outbox } from '#lib/data/outbox.ts'
import { createAdmin, createEditor } from '#tests/support/auth.ts'
import { startBlobsServer, type RunningBlobsServer } from '#tests/support/blobs-server.ts'
import { call, type CallOptions } from '#tests/support/call.ts'
import { attackScaled, reportAttack, reportFindings, startTiming, tooSlow, type AttackClass } from '#tests/support/attack-scale.ts'
import { bookingInput } from '#tests/support/factories.ts'

/**
 * Forged lines (docs/decisions.md, One-line fields): a line break or another control character
 * in every one-line field a caller can write, each in front of a line of the attacker's own
 * ("Email: …", as an outside tester put into a booking's first name to forge lines in the coach's
 * email). A call the site answers 2xx went along with it: counted as accepted. Every booking email
 * that does go out must still have exactly one line starting "Email:" at its left edge.
 *
 * Self-contained on purpose (function handlers called in this process, plain data modules), so
 * the same file runs unchanged against an older commit for its baseline.
 */
const ATTACK: AttackClass = 'forged lines'

/** What ends a line somewhere (a mail client, a header, a CSV cell) or draws nothing. */
const BREAKERS = attackScaled(
  ['\n', '\u2028', '\u0000'],
  ['\n', '\r\n', '\r', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029', '\t', '\u0000', '\u001b', '\u007f', '\u009b'],
)
const FORGED = 'Email: ceo@bigdonor.org'
/** Where a one-line field's value is forged: before the attacker's line, kept within the field's limit. */
const forge = (base: string, breaker: string) => `${base}${breaker}${FORGED}`

type Auth = 'admin' | 'editor' | 'visitor'
type Target = {
  label: string
  /** The function, its method and path. */
  fn: Pick<CallOptions, 'method' | 'path'> & { module: Parameters<typeof call>[0] }
  auth: Auth
  body: (value: string) => unknown
  /** The forged value for one breaker. */
  value: (breaker: string) => string
}

let server: RunningBlobsServer
const tokens: Record<Auth, string> = { admin: '', editor: '', visitor: '' }
let sequence = 0
const n = () => ++sequence

beforeAll(async () => {
  server = await startBlobsServer()
  tokens.admin = (await createAdmin()).authorization
  tokens.editor = (await createEditor()).authorization
}, 60_000)

afterAll(async () => {
  await server?.stop()
})

const booking = (field: string) => (value: string) => ({ ...bookingInput(), service: 'Coaching', [field]: value })
const post = (fields: Record<string, unknown>) => ({
  title: `Post ${n()}`,
  excerpt: 'An excerpt.',
  content: 'A body.',
  status: 'draft',
  ...fields,
})
const resource = (fields: Record<string, unknown>) => ({
  title: `Guide ${n()}`,
  description: 'About it.',
  type: 'guide',
  fileUrl: 'https://files.test.example/guide.pdf',
  ...fields,
})
const text = (base: string) => (breaker: string) => forge(base, breaker)
const url = (base: string) => (breaker: string) => `${base}${breaker}x.png`

const BOOKING = { module: sendBookingEmail, method: 'POST', path: '/.netlify/functions/send-booking-email' }
const TARGETS: Target[] = [
  ...['firstName', 'lastName', 'phone', 'company', 'country', 'service'].map((field): Target => ({
    label: `booking ${field}`,
    fn: BOOKING,
    auth: 'visitor',
    body: booking(field),
    value: text(field === 'country' ? 'Kenya' : 'Ann'),
  })),
  ...[
    ['title', (v: string) => post({ title: v })],
    ['tags', (v: string) => post({ tags: [v] })],
    ['featuredImage', (v: string) => post({ featuredImage: v })],
    ['featuredImageAlt', (v: string) => post({ featuredImage: 'https://images.test.example/a.png', featuredImageAlt: v })],
  ].map(([field, body]): Target => ({
    label: `post ${field as string}`,
    fn: { module: adminBlogPosts, method: 'POST', path: '/api/admin/blog-posts' },
    auth: 'editor',
    body: body as (v: string) => unknown,
    value: field === 'featuredImage' ? url('https://images.test.example/a') : text(field === 'tags' ? 'tag' : 'Title'),
  })),
  ...[
    ['title', (v: string) => resource({ title: v })],
    ['fileUrl', (v: string) => resource({ fileUrl: v })],
    ['thumbnailUrl', (v: string) => resource({ thumbnailUrl: v })],
    ['thumbnailAlt', (v: string) => resource({ thumbnailUrl: 'https://files.test.example/a.png', thumbnailAlt: v })],
  ].map(([field, body]): Target => ({
    label: `resource ${field as string}`,
    fn: { module: adminResources, method: 'POST', path: '/api/admin/resources' },
    auth: 'editor',
    body: body as (v: string) => unknown,
    value: field === 'title' || field === 'thumbnailAlt' ? text('Guide') : url('https://files.test.example/a'),
  })),
  {
    label: 'newsletter subject',
    fn: { module: adminNewsletters, method: 'POST', path: '/api/admin/newsletters' },
    auth: 'editor',
    body: (v) => ({ subject: v, body: 'Hello.' }),
    value: text('News'),
  },
  {
    label: 'user username',
    fn: { module: adminUsers, method: 'POST', path: '/api/admin/users' },
    auth: 'admin',
    body: (v) => ({ username: v, email: `forged${n()}@test.example`, password: 'a long enough password', role: 'editor' }),
    value: text('forged-user'),
  },
  {
    label: 'content section',
    fn: { module: adminContent, method: 'POST', path: '/api/admin/content' },
    auth: 'editor',
    body: (v) => ({ section: v, key: 'k', value: 'v', type: 'text' }),
    value: text('forged'),
  },
  {
    label: 'content line text (a page title)',
    fn: { module: adminContent, method: 'POST', path: '/api/admin/content' },
    auth: 'editor',
    body: (v) => ({ section: 'home', key: 'heroTitle', value: v, type: 'text' }),
    value: text('Welcome'),
  },
  {
    label: 'content list item title (a service)',
    fn: { module: adminContent, method: 'POST', path: '/api/admin/content' },
    auth: 'editor',
    body: (v) => ({ section: 'services', key: 'items', value: JSON.stringify([{ title: v, text: 'One to one.' }]), type: 'json' }),
    value: text('Coaching'),
  },
  {
    label: 'media name',
    fn: { module: adminMedia, method: 'POST', path: '/api/admin/media' },
    auth: 'editor',
    body: (v) => ({ name: `${v}.pdf`, size: 1000, type: 'application/pdf' }),
    value: text('report'),
  },
]

/** The booking emails' text parts: exactly one line may start with "Email:" at the left edge. */
const emailLineProblems = async (): Promise<string[]> =>
  (await outbox.list()).flatMap((email) => {
    const lines = email.text.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/).filter((line) => line.startsWith('Email:'))
    return email.subject.startsWith('Booking request') && lines.length !== 1
      ? [`booking email with ${lines.length} Email lines: ${JSON.stringify(lines)}`]
      : []
  })

describe('attack: forged lines', () => {
  it(
    `a line break or control character in every one-line field (${BREAKERS.length} characters × ${TARGETS.length} fields)`,
    { timeout: 600_000 },
    async () => {
      let calls = 0
      let accepted = 0
      let errors5xx = 0
      let slow = 0
      let slowestMs = 0
      const problems: string[] = []

      for (const target of TARGETS) {
        for (const breaker of BREAKERS) {
          const value = target.value(breaker)
          const { module, ...request } = target.fn
          const timing = startTiming()
          const answer = await call(module, {
            ...request,
            body: target.body(value),
            // A network of its own per booking: the per-network limit is not what is tested here.
            ip: `198.51.100.${(calls % 250) + 1}`,
            headers: target.auth === 'visitor' ? {} : { authorization: tokens[target.auth] },
          })
          const took = timing()
          calls++
          slowestMs = Math.max(slowestMs, took.ms)
          if (tooSlow(took)) slow++
          if (answer.status >= 500) {
            errors5xx++
            problems.push(`${target.label} ${JSON.stringify(breaker)}: answered ${answer.status}`)
          } else if (answer.status < 300) {
            accepted++
            problems.push(`${target.label} ${JSON.stringify(breaker)}: accepted (${answer.status})`)
          }
        }
      }
      const otherProblems = await emailLineProblems()
      problems.push(...otherProblems)

      reportAttack({
        attack: ATTACK,
        calls,
        errors5xx,
        outside: 0,
        slow,
        otherProblems: otherProblems.length,
        accepted,
        slowestMs,
        slowestStopped: false,
      })
      reportFindings(ATTACK, problems)
      expect(calls).toBeGreaterThan(0)
      expect(problems, `${problems.length} problems in "${ATTACK}" (${calls} calls)`).toEqual([])
    },
  )
})
