import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Context } from '@netlify/functions'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import * as adminNewsletterPreview from '#functions/admin-newsletter-preview.ts'
import * as adminNewsletters from '#functions/admin-newsletters.ts'
import * as adminSubscriberExports from '#functions/admin-subscriber-exports.ts'
import * as aboutPage from '#functions/about-page.ts'
import * as bookNowPage from '#functions/book-now-page.ts'
import * as homePage from '#functions/home-page.ts'
import * as notFoundPage from '#functions/not-found-page.ts'
import * as servicesPage from '#functions/services-page.ts'
import * as blogListPage from '#functions/blog-list-page.ts'
import * as blogPage from '#functions/blog-page.ts'
import * as resourcesPage from '#functions/resources-page.ts'
import * as robots from '#functions/robots.ts'
import * as rss from '#functions/rss.ts'
import * as sendBookingEmail from '#functions/send-booking-email.ts'
import * as sitemap from '#functions/sitemap.ts'
import * as subscribers from '#functions/subscribers.ts'
import { outbox } from '#lib/data/outbox.ts'
import { reportAttack, reportFindings, startTiming, tooSlow, attackScaled, type AttackRow } from '#tests/support/attack-scale.ts'
import { createEditor } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { fakeContext, TEST_ORIGIN } from '#tests/support/call.ts'
import { bookingInput } from '#tests/support/factories.ts'
import { createPost, createResource } from '#tests/support/records.ts'

/**
 * Forged host: a request's Host (its URL, to a function) is whatever the sender writes. Here it
 * names a hostile server on 127.0.0.9 that answers every address with a page of its own, marked.
 * A request the site went along with is counted as accepted: an answer with that page (or its
 * mark) in it, a call from the site to that server (a page fetched, a background job started
 * there with its signature), or that server's address in what the site makes for others (an
 * email's links, the feed, the sitemap, a newsletter). A page kept per function instance would
 * serve the hostile page to everyone after: each page is asked for again from the real address
 * after the forged requests.
 *
 * Functions run in this process against a local Blobs server, deployed and local, with the site's
 * address configured (as Netlify always sets it) and without (the fallback must not be the Host).
 */

const MARKER = 'served-by-the-forged-host'
const HOSTILE_PAGE = `<!doctype html><html><head><title>${MARKER}</title></head><body><div id="root"><!--page--></div><script>/*${MARKER}*/</script></body></html>`

type Handler = { default: (req: Request, context: Context) => Promise<Response> }

let hostile: Server
let hostileOrigin = ''
/** Every request the hostile server got, and every fetch this process made to it (some are answered in-process). */
const contacted: string[] = []

beforeAll(async () => {
  hostile = createServer((req, res) => {
    contacted.push(`server: ${req.method} ${req.url}`)
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HOSTILE_PAGE)
  })
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.9', resolve))
  hostileOrigin = `http://127.0.0.9:${(hostile.address() as AddressInfo).port}`
  // Outermost: the function tests answer the export worker's address in-process, on any host.
  const inner = globalThis.fetch
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (url.startsWith(hostileOrigin)) contacted.push(`fetch: ${init?.method ?? 'GET'} ${url}`)
    return inner(input, init)
  }
})
afterAll(async () => {
  hostile?.closeAllConnections()
  await new Promise<void>((resolve) => hostile?.close(() => resolve()))
})
useBlobsServer()

describe('forged host', () => {
  it('nothing the site serves, sends or calls comes from the host a request names', { timeout: 300_000 }, async () => {
    const rounds = attackScaled(1, 5)
    // Exports are limited per person an hour: an editor for each.
    const exporters = await Promise.all(Array.from({ length: rounds * 4 }, () => createEditor()))
    const editor = exporters[0]!
    const post = await createPost({ title: 'Saving with purpose', status: 'published', tags: ['Budgeting'] })
    await createResource()

    type Call = {
      name: string
      fn: Handler
      path: string
      init?: RequestInit
      params?: Record<string, string>
      emails?: boolean
      /** What it answers when it did its work (anything else means the attack was not tried). */
      done?: number
    }
    const form = (fields: Record<string, string>): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams(fields).toString(),
    })
    const asEditor = (body?: unknown, authorization = editor.authorization): RequestInit => ({
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
    let reader = 0
    const pagesToAsk: Call[] = [
      { name: 'GET /', fn: homePage, path: '/' },
      { name: 'GET /about', fn: aboutPage, path: '/about' },
      { name: 'GET /services', fn: servicesPage, path: '/services' },
      { name: 'GET /book-now', fn: bookNowPage, path: '/book-now' },
      { name: 'GET /{unknown}', fn: notFoundPage, path: '/no-such-page', done: 404 },
      { name: 'GET /resources', fn: resourcesPage, path: '/resources' },
      { name: 'GET /blog', fn: blogListPage, path: '/blog?tag=Budgeting' },
      { name: 'GET /blog/{slug}', fn: blogPage, path: `/blog/${post.slug}`, params: { slug: post.slug } },
      { name: 'GET /blog/{missing}', fn: blogPage, path: '/blog/no-such-post', params: { slug: 'no-such-post' }, done: 404 },
    ]
    const calls = (): Call[] => [
      ...pagesToAsk,
      {
        name: 'POST /api/send-booking-email (form)',
        fn: sendBookingEmail,
        path: '/.netlify/functions/send-booking-email',
        init: form(bookingInput({ email: `booker${++reader}@example.com` }) as Record<string, string>),
      },
      {
        name: 'POST /api/subscribers (form, from a post)',
        fn: subscribers,
        path: '/api/subscribers',
        init: form({ email: `reader${++reader}@example.com`, page: `/blog/${post.slug}` }),
        emails: true,
      },
      {
        name: 'POST /api/subscribers',
        fn: subscribers,
        path: '/api/subscribers',
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `reader${++reader}@example.com` }),
        },
        emails: true,
      },
      {
        name: 'POST /api/admin/subscribers/exports',
        fn: adminSubscriberExports,
        path: '/api/admin/subscribers/exports',
        init: asEditor(undefined, exporters.pop()?.authorization),
        done: 202,
      },
      {
        name: 'POST /api/admin/newsletters (from a post)',
        fn: adminNewsletters,
        path: '/api/admin/newsletters',
        init: asEditor({ fromPostId: post.id }),
        done: 201,
      },
      {
        name: 'POST /api/admin/newsletter-preview',
        fn: adminNewsletterPreview,
        path: '/api/admin/newsletter-preview',
        init: asEditor({ subject: 'Hello', body: 'A letter.' }),
      },
      { name: 'GET /rss.xml', fn: rss, path: '/rss.xml' },
      { name: 'GET /sitemap.xml', fn: sitemap, path: '/sitemap.xml' },
      { name: 'GET /robots.txt', fn: robots, path: '/robots.txt' },
    ]

    const problems: string[] = []
    const row: AttackRow = {
      attack: 'forged host',
      calls: 0,
      errors5xx: 0,
      outside: 0,
      slow: 0,
      otherProblems: 0,
      accepted: 0,
      slowestMs: 0,
      slowestStopped: false,
    }
    const hostileHost = new URL(hostileOrigin).host

    async function judge(name: string, run: () => Promise<Response>, emails: boolean, done = 200) {
      const before = contacted.length
      const sentBefore = emails ? (await outbox.list()).length : 0
      const timing = startTiming()
      const response = await run()
      const text = await response.text()
      const took = timing()
      row.calls++
      row.slowestMs = Math.max(row.slowestMs, took.ms)
      if (tooSlow(took)) row.slow++
      if (response.status >= 500) {
        row.errors5xx++
        problems.push(`${name}: ${response.status}`)
      } else if (response.status !== done) {
        row.otherProblems++
        problems.push(`${name}: ${response.status}, not ${done}: the attack was not tried`)
      }
      const sent = emails ? JSON.stringify((await outbox.list()).slice(sentBefore)) : ''
      const found = [
        text.includes(MARKER) && 'its page in the answer',
        (text.includes(hostileHost) || response.headers.get('location')?.includes(hostileHost)) && 'its address in the answer',
        sent.includes(hostileHost) && 'its address in an email',
        contacted.length > before && `a call to it (${contacted.slice(before).join(', ').slice(0, 120)})`,
      ].filter(Boolean)
      if (found.length > 0) {
        row.accepted!++
        problems.push(`${name}: ${found.join('; ')}`)
      }
    }

    for (const configured of [process.env.URL ?? '', '']) {
      vi.stubEnv('URL', configured)
      for (const runtime of ['deployed', 'local'] as const) {
        for (let round = 0; round < rounds; round++) {
          for (const call of calls()) {
            const request = () => new Request(`${hostileOrigin}${call.path}`, call.init)
            const name = `${call.name} [${runtime}${configured ? '' : ', no URL'}]`
            await judge(
              name,
              () => call.fn.default(request(), fakeContext({ params: call.params, runtime })),
              Boolean(call.emails),
              call.done,
            )
          }
          // The same pages from the site's own address: nothing kept from the forged requests.
          for (const call of pagesToAsk) {
            const request = new Request(`${TEST_ORIGIN}${call.path}`)
            const name = `${call.name} afterwards, from the real address [${runtime}]`
            await judge(name, () => call.fn.default(request, fakeContext({ params: call.params, runtime })), false, call.done)
          }
        }
      }
    }
    vi.unstubAllEnvs()

    reportAttack(row)
    reportFindings('forged host', problems)
    expect(problems, `${row.accepted} of ${row.calls} forged requests accepted`).toEqual([])
  })
})
