import { createHmac } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { getStore } from '@netlify/blobs'
import fc from 'fast-check'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdminStats } from '#domain/admin-stats.ts'
import * as z from 'zod/mini'
import { BOOKING_MESSAGES, BookingRequestSchema } from '#domain/booking.ts'
import { mailtoHref } from '#domain/email-link.ts'
import { SUBSCRIBE_MESSAGES } from '#domain/subscriber.ts'
import * as devSeed from '#dev-functions/dev-seed.ts'
import * as adminBlogPost from '#functions/admin-blog-post.ts'
import * as adminBlogPosts from '#functions/admin-blog-posts.ts'
import * as adminContent from '#functions/admin-content.ts'
import * as adminLogin from '#functions/admin-login.ts'
import * as adminStats from '#functions/admin-stats.ts'
import * as adminSubscriberExports from '#functions/admin-subscriber-exports.ts'
import * as aboutPage from '#functions/about-page.ts'
import * as blogListPage from '#functions/blog-list-page.ts'
import * as blogPage from '#functions/blog-page.ts'
import * as content from '#functions/content.ts'
import * as resourceDownload from '#functions/resource-download.ts'
import * as resourcesPage from '#functions/resources-page.ts'
import * as robots from '#functions/robots.ts'
import * as rss from '#functions/rss.ts'
import * as sendBookingEmail from '#functions/send-booking-email.ts'
import * as sitemap from '#functions/sitemap.ts'
import * as subscribersFunction from '#functions/subscribers.ts'
import * as unsubscribe from '#functions/unsubscribe.ts'
import { openStore } from '#lib/storage/blobs.ts'
import { retryBookingEmails } from '#lib/email/booking-email.ts'
import { bookings } from '#lib/data/bookings.ts'
import { outbox } from '#lib/data/outbox.ts'
import { posts } from '#lib/data/posts.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { users } from '#lib/data/users.ts'
import { isSafeKey, keys, UnsafeKeyError, type BlobKey, type KeyPrefix } from '#lib/storage/keys.ts'
import { unsubscribeToken } from '#lib/subscribers/unsubscribe.ts'
import { createAdmin, createEditor, TEST_PASSWORD } from '#tests/support/auth.ts'
import { LOGIN_LIMITS } from '#lib/auth/login.ts'
import { PUBLIC_LIMITS } from '#lib/forms/public-forms.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { useBuiltPages } from '#tests/support/built-pages.ts'
import { afterAnswers, call, fakeContext, LOCAL_RUNTIME, TEST_ORIGIN } from '#tests/support/call.ts'
import { expectConsoleError } from '#tests/support/console-guard.ts'
import { bookingInput, postInput } from '#tests/support/factories.ts'
import { shrinkLimits, useUpPublicLimit } from '#tests/support/limits.ts'
import { createPost, createResource } from '#tests/support/records.ts'
import { sendgridAccepts, useSendgridMock, type SentMessage } from '#tests/support/sendgrid.ts'

/**
 * The holes an attacker found in a served copy of the site, one test each, written to fail on the
 * code as it was and to keep the classes they belong to closed. The wider sweep (every field of
 * every function) is the attack suite, tests/attack.
 */
const blobs = useBlobsServer()
const mail = useSendgridMock()

const CRAFTED_IDS = [
  '../index#',
  '../index',
  '..%2Findex',
  '%2e%2e/index',
  'body/../../index',
  '../../users/index#',
  '.',
  '..',
  'index?x=1',
  'a/b',
  'a#b',
  'a b',
  '',
]

/** Every key of every store with its content: what "nothing else was read or written" is checked against. */
async function everything(): Promise<Record<string, string>> {
  const all: Record<string, string> = {}
  for (const name of ['posts', 'users', 'content', 'resources'] as const) {
    for (const key of await openStore(name).keys()) all[`${name}/${key}`] = (await openStore(name).get(key)) ?? ''
  }
  return all
}

describe('ids that reach storage keys', () => {
  it.each(CRAFTED_IDS)('an editor updating post %j is refused, and nothing is deleted or planted', async (id) => {
    const { authorization } = await createEditor()
    await createPost({ status: 'published', title: 'Kept one' })
    await createPost({ status: 'published', title: 'Kept two' })
    const before = await everything()

    const first = await call(adminBlogPosts, {
      method: 'PUT',
      path: '/api/admin/blog-posts',
      headers: { authorization },
      body: { ...postInput(), id },
    })
    // The second request of the attack: a body crafted to become a posts index pointing elsewhere.
    const planted = JSON.stringify({ posts: [{ id: 'x', bodyKey: '../users/index' }] })
    const second = await call(adminBlogPosts, {
      method: 'PUT',
      path: '/api/admin/blog-posts',
      headers: { authorization },
      body: { ...postInput({ content: planted }), id },
    })

    expect([first.status, second.status]).toEqual([400, 400])
    expect(await everything()).toEqual(before)
    expect((await posts.listPublished()).map((post) => post.title).sort()).toEqual(['Kept one', 'Kept two'])
    expect(
      (await call(adminBlogPosts, { method: 'POST', path: '/api/admin/blog-posts', headers: { authorization }, body: postInput() })).status,
    ).toBe(201)
  })

  it.each(CRAFTED_IDS.filter(Boolean))('reading or deleting post %j by its path answers 404 and touches nothing', async (id) => {
    const { authorization } = await createEditor()
    await createPost({ status: 'published' })
    const before = await everything()
    for (const method of ['GET', 'DELETE']) {
      const { status, body } = await call(adminBlogPost, {
        method,
        path: '/api/admin/blog-posts/x',
        headers: { authorization },
        params: { id },
      })
      expect(status).toBe(404)
      expect(JSON.stringify(body)).not.toContain('passwordHash')
    }
    expect(await everything()).toEqual(before)
  })

  it('never follows a stored pointer outside the post it belongs to', async () => {
    const admin = await createAdmin()
    const { authorization } = await createEditor()
    const post = await createPost()
    // Someone with access to the store plants an index whose body pointer climbs into the users store.
    const raw = getStore({ name: 'posts', consistency: 'strong' })
    const index = JSON.parse((await raw.get('index', { type: 'text' })) ?? '{}') as { posts: { bodyKey: string }[] }
    index.posts[0]!.bodyKey = `body/${post.id}/../../../users/index`
    await raw.set('index', JSON.stringify(index))
    expectConsoleError(/storage unavailable/)

    const { status, body } = await call(adminBlogPost, {
      path: `/api/admin/blog-posts/${post.id}`,
      headers: { authorization },
      params: { id: post.id },
    })

    expect(status).toBe(503)
    expect(JSON.stringify(body)).not.toContain(admin.user.passwordHash)
    expect(JSON.stringify(body)).not.toContain('passwordHash')
  })

  it('has the store refuse an unsafe key on every operation, before any request leaves', async () => {
    const store = openStore('posts')
    const before = { ...blobs.current.requests }
    for (const key of ['../index', 'a/../b', 'a//b', 'a#b', 'a?b', '%2e%2e', 'x'.repeat(601), '', 'a/./b']) {
      const unsafe = key as BlobKey
      expect(() => store.get(unsafe)).toThrow(UnsafeKeyError)
      expect(() => store.getEntry(unsafe)).toThrow(UnsafeKeyError)
      expect(() => store.set(unsafe, 'x')).toThrow(UnsafeKeyError)
      expect(() => store.setIfNew(unsafe, 'x')).toThrow(UnsafeKeyError)
      expect(() => store.setIfMatch(unsafe, 'x', 'etag')).toThrow(UnsafeKeyError)
      expect(() => store.delete(unsafe)).toThrow(UnsafeKeyError)
      if (key) expect(() => store.keys(key as KeyPrefix)).toThrow(UnsafeKeyError)
    }
    expect(blobs.current.requests).toEqual(before)
  })

  it('builds only keys that survive URL parsing unchanged, whatever the parts (property-based)', () => {
    const builders: ((part: string) => BlobKey)[] = [
      (part) => keys.postBody(part, 'rev'),
      (part) => keys.postBody('post', part),
      (part) => keys.booking(part),
      (part) => keys.subscriber(part),
      (part) => keys.rateLimitEntry(part.replace(/[^\w-]/g, '') || 'scope', part, 'entry'),
      (part) => keys.welcomeMarker(part, '2026-11-23'),
      (part) => keys.download('event', part),
      (part) => keys.revokedToken(part),
    ]
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.nat(builders.length - 1), (part, which) => {
        let key: string
        try {
          key = builders[which]!(part)
        } catch (error) {
          expect(error).toBeInstanceOf(UnsafeKeyError)
          return
        }
        expect(isSafeKey(key)).toBe(true)
        // What the Blobs client does with a key: a path segment of a URL. It must come out as it went in.
        const url = new URL(`https://blobs.example/site/store/${key}`)
        expect(url.pathname).toBe(`/site/store/${key}`)
        expect(url.search + url.hash).toBe('')
      }),
      { numRuns: 2_000 },
    )
  })
})

describe('patterns on request text', () => {
  const worst = ['@.'.repeat(32_000) + ' x', 'a@' + 'a.'.repeat(32_000) + '!', `${'a'.repeat(250)}@${'b.'.repeat(20_000)}`]

  it.each(worst.map((email, i) => [i, email]))('answer worst-case email %i at the body limit as a refusal, at once', async (_, email) => {
    const started = performance.now()
    const subscribe = await call(subscribersFunction, { method: 'POST', path: '/api/subscribers', body: { email } })
    const book = await call(sendBookingEmail, {
      method: 'POST',
      path: '/.netlify/functions/send-booking-email',
      body: bookingInput({ email }),
    })
    const leave = await call(unsubscribe, {
      method: 'POST',
      path: `/api/unsubscribe?email=${encodeURIComponent(email.slice(0, 4000))}&token=${'a'.repeat(43)}`,
    })
    const elapsed = performance.now() - started

    expect(subscribe).toMatchObject({ status: 400, body: { message: SUBSCRIBE_MESSAGES.invalidEmail } })
    expect(book).toMatchObject({ status: 400, body: { message: 'Enter a valid email' } })
    expect(leave.status).toBe(400)
    // Before: 44 s for 8 KB. A bound far above any machine's noise, far below a backtracking pattern's cost.
    expect(elapsed).toBeLessThan(3_000)
  })
})

describe('names that are built-in properties', () => {
  it('content items named constructor, keys, toString or hasOwnProperty are plain texts', async () => {
    const { authorization } = await createEditor()
    const items = [
      { section: 'constructor', key: 'keys', value: 'one' },
      { section: 'toString', key: 'valueOf', value: 'two' },
      { section: 'hero', key: 'constructor', value: 'three' },
      { section: 'hasOwnProperty', key: 'prototype', value: 'four' },
    ]
    for (const item of items)
      expect(
        (await call(adminContent, { method: 'POST', path: '/api/admin/content', headers: { authorization }, body: item })).status,
      ).toBe(200)

    const { status, body } = await call<{ success: boolean; content: Record<string, Record<string, string>> }>(content, {
      path: '/api/content',
    })

    expect(status).toBe(200)
    for (const { section, key, value } of items) expect(body.content[section]?.[key]).toBe(value)
    // Nothing leaked into the process either: a second call answers the same.
    expect((await call(content, { path: '/api/content' })).status).toBe(200)
    expect(typeof Object.keys).toBe('function')
  })
})

describe('text that reaches a template', () => {
  const POST_SHELL = '<!doctype html><html><head><title>Site</title></head><body><div id="root"><!--page--></div></body></html>'

  it.each(['$`', "$'", '$&', '$1', '$$', '$<name>'])('a post title with %s puts exactly one head into the post page', async (pattern) => {
    useBuiltPages({ 'post-shell.html': POST_SHELL })
    const post = await createPost({ status: 'published', title: `Saving ${pattern} first ${pattern}`, excerpt: `Excerpt ${pattern}` })

    const response = await blogPage.default(new Request(`${TEST_ORIGIN}/blog/${post.slug}`), fakeContext({ params: { slug: post.slug } }))
    const page = await response.text()

    expect(response.status).toBe(200)
    expect(page.match(/<\/head>/g)).toHaveLength(1)
    expect(page.match(/<title>/g)).toHaveLength(1)
    const escaped = `Saving ${pattern} first ${pattern}`.replace(
      /[<>&'"]/g,
      (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": '#39', '"': 'quot' }[c]};`,
    )
    expect(page).toContain(`<title>${escaped} | `)
  })
})

describe('addresses that add recipients', () => {
  it.each([
    'me@x.co?bcc=someone@else.example',
    'a@b.cc<victim@example.com>',
    'a@b.cc,c@d.ee',
    '"a"@b.cc',
    'a@b.cc\r\nBcc: x@y.z',
    'a@b@c.cc',
    "o'hara&co@x.co",
  ])('refuses %j on the booking and newsletter forms', async (email) => {
    const book = await call(sendBookingEmail, {
      method: 'POST',
      path: '/.netlify/functions/send-booking-email',
      body: bookingInput({ email }),
    })
    const subscribe = await call(subscribersFunction, { method: 'POST', path: '/api/subscribers', body: { email } })
    expect(book).toMatchObject({ status: 400, body: { message: 'Enter a valid email' } })
    expect(subscribe).toMatchObject({ status: 400, body: { message: SUBSCRIBE_MESSAGES.invalidEmail } })
    expect(await bookings.list()).toEqual([])
  })

  it('hands SendGrid one recipient and a reply-to as address objects, and a one-line subject', async () => {
    vi.stubEnv('SENDGRID_API_KEY', 'SG.test-key')
    const sent: SentMessage[] = []
    mail.use(sendgridAccepts(sent))

    // A name with a line break is refused at the door (docs/decisions.md, One-line fields)…
    const { status, body } = await call(sendBookingEmail, {
      method: 'POST',
      path: '/.netlify/functions/send-booking-email',
      body: bookingInput({ firstName: 'Ann\r\nBcc: x@evil.example', email: 'ann@example.com' }),
    })
    expect({ status, body }).toEqual({ status: 400, body: { success: false, message: 'First Name must be plain text on one line' } })
    // …and one stored before that rule still makes a one-line subject.
    await bookings.add({ ...z.parse(BookingRequestSchema, bookingInput({ email: 'ann@example.com' })), firstName: 'Ann\r\nBcc: x@evil.example' })
    expect(await retryBookingEmails(LOCAL_RUNTIME)).toEqual({ sent: 1, failed: 0 })

    expect(sent).toHaveLength(1)
    expect(sent[0]!.personalizations).toEqual([{ to: [{ email: 'coach@test.example' }] }])
    expect(sent[0]!.reply_to).toEqual({ email: 'ann@example.com' })
    expect(sent[0]!.subject).not.toMatch(/[\r\n]/)
  })

  it('writes mailto: links that name one address whatever was stored', () => {
    expect(mailtoHref('me@x.co?bcc=someone@else.example')).toBe('mailto:me%40x.co%3Fbcc%3Dsomeone@else.example')
    expect(mailtoHref('ann@example.com')).toBe('mailto:ann@example.com')
  })
})

describe('production is production', () => {
  it('keeps the development helpers out of the deployed functions folder', () => {
    const deployed = readdirSync('netlify/functions')
    expect(deployed.filter((file) => file.startsWith('dev-'))).toEqual([])
    for (const file of deployed) expect(readFileSync(`netlify/functions/${file}`, 'utf8')).not.toContain('demo/guard')
  })

  it.each(['NETLIFY_DEV', 'NETLIFY_LOCAL'])(
    'answers the seed endpoint 404 on a deployed site even with %s=true and DEMO_SEED=true',
    async (variable) => {
      vi.stubEnv(variable, 'true')
      vi.stubEnv('DEMO_SEED', 'true')
      const deployed = await call(devSeed, { method: 'POST', path: '/api/dev/seed', runtime: 'deployed' })
      expect(deployed.status).toBe(404)
      expect(await posts.list()).toEqual([])
    },
  )

  it('stores bookings on a deployed site without email settings, mails nobody, says so in the admin, and sends once set up', async () => {
    vi.stubEnv('SENDGRID_API_KEY', undefined)
    const { authorization } = await createAdmin()

    const { status, body } = await call(sendBookingEmail, {
      method: 'POST',
      path: '/.netlify/functions/send-booking-email',
      body: bookingInput(),
      runtime: 'deployed',
    })

    expect(status).toBe(200)
    expect(body).toEqual({ success: true, message: BOOKING_MESSAGES.success })
    expect(await bookings.list()).toEqual([expect.objectContaining({ emailStatus: 'pending' })])
    expect(await outbox.list()).toEqual([])
    const stats = await call<{ success: boolean; stats: AdminStats }>(adminStats, {
      path: '/api/admin/stats',
      headers: { authorization },
      runtime: 'deployed',
    })
    expect(stats.body.stats.email).toEqual({ transport: 'none', missing: ['SENDGRID_API_KEY'] })

    vi.stubEnv('SENDGRID_API_KEY', 'SG.test-key')
    const sent: SentMessage[] = []
    mail.use(sendgridAccepts(sent))
    expect(await retryBookingEmails({ local: false })).toEqual({ sent: 1, failed: 0 })
    expect(sent).toHaveLength(1)
  })

  it('derives the unsubscribe key instead of using the session signing key', () => {
    const withSigningKey = createHmac('sha256', process.env.JWT_SECRET!).update('reader@example.com').digest('base64url')
    expect(unsubscribeToken('reader@example.com')).not.toBe(withSigningKey)
    vi.stubEnv('UNSUBSCRIBE_SECRET', 'a-separate-unsubscribe-secret-of-32-characters')
    const withOwnKey = unsubscribeToken('reader@example.com')
    expect(withOwnKey).not.toBe(withSigningKey)
    expect(withOwnKey).toBe(
      createHmac('sha256', 'a-separate-unsubscribe-secret-of-32-characters').update('reader@example.com').digest('base64url'),
    )
  })
})

describe('counts an address can drive', () => {
  it('limits download records per network', async () => {
    const resource = await createResource()
    shrinkLimits({ [PUBLIC_LIMITS.download.scope]: 3 })
    await useUpPublicLimit('download', '198.51.100.40', 3)
    const download = (ip: string) =>
      call(resourceDownload, { method: 'POST', path: `/api/resources/${resource.id}/download`, params: { id: resource.id }, ip })
    expect((await download('198.51.100.40')).status).toBe(429)
    expect((await download('198.51.100.41')).status).toBe(200)
  })

  it('keeps the users document untouched by all of the above', async () => {
    const { user } = await createAdmin()
    expect((await users.findById(user.id))?.role).toBe('admin')
  })
})

describe('what a second look found', () => {
  it('renders a post body nested 2,000 deep or full of emphasis markers without failing', async () => {
    const { renderMarkdown } = await import('#lib/pages/markdown.ts')
    for (const body of [
      '>'.repeat(2_000),
      `${'a.'.repeat(32_000)}@`,
      '- > '.repeat(2_000),
      '_a'.repeat(30_000),
      `a${' '.repeat(60_000)}b`,
      'a\n✅\n\n'.repeat(7_000),
    ]) {
      expect(() => renderMarkdown(body)).not.toThrow()
    }
  })

  it('mails one confirmation a day to an inbox however its address is spelled', async () => {
    for (const email of [
      'ann.lee+1@gmail.com',
      'annlee+2@googlemail.com',
      'A.N.N.L.E.E@gmail.com',
      'ａｎｎｌｅｅ@gmail.com',
      'ann.lee@gmail.com',
    ]) {
      await call(subscribersFunction, { method: 'POST', path: '/api/subscribers', body: { email } })
    }
    expect(await outbox.list()).toHaveLength(1)
  })

  it(
    'lets only networks she has signed in from try her username while it is guessed at from many networks',
    { timeout: 120_000 },
    async () => {
      const { user } = await createAdmin({ username: 'Grace' })
      const login = (password: string, ip: string) =>
        call(adminLogin, { method: 'POST', path: '/api/admin/login', body: { username: user.username, password }, ip })
      // The username's limit, smaller: 10 tries from all networks together.
      shrinkLimits({ [LOGIN_LIMITS.perUsername.scope]: 10 })
      expect((await login(TEST_PASSWORD, '203.0.113.7')).status).toBe(200)
      // 3 networks of one /48, five guesses each: 15 tries at her username within the window.
      for (let n = 1; n <= 3; n++) {
        await Promise.all(Array.from({ length: 5 }, (_, i) => login(`guess ${i}`, `2001:db8:77:${n.toString(16)}::1`)))
      }

      expect((await login(TEST_PASSWORD, '2001:db8:77:ff::1')).status).toBe(429)
      expect((await login(TEST_PASSWORD, '203.0.113.7')).status).toBe(200)
    },
  )

  // A free slot used while refusals arrive together: the race in subscribers.test.ts.

  it('keeps control characters out of the RSS feed', async () => {
    // Stored before one-line fields were checked: straight through the data module.
    await posts.create({ ...postInput({ status: 'published' }), title: 'Bad \u0001 title\u000b', tags: ['tag\u0002'] }, 'Coach Test')
    const { default: rss } = await import('#functions/rss.ts')
    const xml = await (await rss(new Request(`${TEST_ORIGIN}/rss.xml`), fakeContext())).text()
    expect(xml).toContain('<title>Bad  title</title>')
    expect([...xml].filter((c) => c < ' ' && c !== '\n' && c !== '\t' && c !== '\r')).toEqual([])
  })

  it('answers a subscriber search longer than an address as a 400, not a storage error', async () => {
    const { authorization } = await createEditor()
    const { status } = await call(subscribersFunction, {
      path: `/api/subscribers?search=${encodeURIComponent('€'.repeat(254))}`,
      headers: { authorization },
    })
    expect(status).toBe(400)
  })

  it.each([
    ['a signup', subscribersFunction, '/api/subscribers', { email: 'visitor@example.com' }],
    ['a booking (which emails the coach)', sendBookingEmail, '/.netlify/functions/send-booking-email', bookingInput()],
    ['a download record', resourceDownload, '/api/resources/{id}/download', undefined],
  ])(
    'refuses %s posted from another site as text/plain (a no-cors fetch: no preflight), storing nothing',
    async (_what, fn, path, body) => {
      const resource = await createResource()
      const options = {
        method: 'POST',
        path: path.replace('{id}', resource.id),
        params: { id: resource.id },
        body: body === undefined ? '' : JSON.stringify(body),
      }
      const plain = { 'content-type': 'text/plain;charset=UTF-8' }
      // The browser names the other site: 403 before anything is read or counted.
      const fromElsewhere = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }
      expect((await call(fn, { ...options, headers: { ...plain, ...fromElsewhere }, ip: '198.51.100.60' })).status).toBe(403)
      // The same text from no browser at all is still not read as JSON: it does not say it is JSON.
      expect((await call(fn, { ...options, headers: plain, ip: '198.51.100.61' })).status).toBe(415)
      expect(await subscribers.all()).toEqual([])
      expect(await bookings.list()).toEqual([])
      expect(await outbox.list()).toEqual([])
      expect(await openStore('downloads').keys()).toEqual([])
      expect(await openStore('rate-limits').keys()).toEqual([])
    },
  )
})

describe('the host a request names', () => {
  // Anyone can send any Host. Here it names a server that answers every address with its own page.
  const FORGED = 'http://127.0.0.9:7777'
  const MARKER = 'served-by-the-forged-host'
  let asked: string[] = []
  beforeEach(() => {
    asked = []
    mail.use(
      http.all(/^http:\/\/127\.0\.0\.9:7777\//, ({ request }) => {
        asked.push(`${request.method} ${request.url}`)
        return HttpResponse.html(`<!doctype html><html><head><title>${MARKER}</title></head><body><div id="root"><!--page--></div></body></html>`)
      }),
    )
  })
  const forged = (path: string, init: RequestInit = {}) => new Request(`${FORGED}${path}`, init)

  it('builds every page from the pages shipped with the function, and asks that host for nothing', async () => {
    const post = await createPost({ status: 'published', tags: ['Budgeting'] })
    const answers = [
      await blogPage.default(forged(`/blog/${post.slug}`), fakeContext({ params: { slug: post.slug }, runtime: 'deployed' })),
      await blogPage.default(forged('/blog/no-such-post'), fakeContext({ params: { slug: 'no-such-post' }, runtime: 'deployed' })),
      await aboutPage.default(forged('/about'), fakeContext({ runtime: 'deployed' })),
      await resourcesPage.default(forged('/resources'), fakeContext({ runtime: 'deployed' })),
      await blogListPage.default(forged('/blog?tag=Budgeting'), fakeContext({ runtime: 'deployed' })),
      await sendBookingEmail.default(
        forged('/api/send-booking-email', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
          body: new URLSearchParams(bookingInput() as Record<string, string>).toString(),
        }),
        fakeContext({ runtime: 'deployed' }),
      ),
    ]
    for (const answer of answers) {
      expect(answer.status).toBeLessThan(500)
      expect(await answer.text()).not.toContain(MARKER)
    }
    expect(asked).toEqual([])
  })

  it("starts the background export at this deploy's address, with its signature, never at that host", async () => {
    const { authorization } = await createEditor()
    const fetched = vi.spyOn(globalThis, 'fetch')
    const answer = await adminSubscriberExports.default(forged('/api/admin/subscribers/exports', { method: 'POST', headers: { authorization } }), fakeContext())
    expect(answer.status).toBe(202)
    const urls = fetched.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input))
    expect(urls).toContain('https://site.test.example/.netlify/functions/subscribers-export-background')
    expect(urls.filter((url) => url.startsWith(FORGED))).toEqual([])
    expect(asked).toEqual([])
  })

  it('puts the configured address, never that host, in emails, feeds and the robots file', async () => {
    // URL unset (as it never is on Netlify): the fixed local address, still not the request's.
    for (const configured of ['https://site.test.example', '']) {
      vi.stubEnv('URL', configured)
      const post = await createPost({ status: 'published' })
      const email = `reader-${configured.length}@example.com`
      await subscribersFunction.default(
        forged('/api/subscribers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) }),
        fakeContext(),
      )
      await afterAnswers()
      const confirmation = (await outbox.list()).find((sent) => sent.to === email)
      const feeds = await Promise.all(
        [
          rss.default(forged('/rss.xml'), fakeContext()),
          sitemap.default(forged('/sitemap.xml'), fakeContext()),
          robots.default(forged('/robots.txt'), fakeContext()),
          blogPage.default(forged(`/blog/${post.slug}`), fakeContext({ params: { slug: post.slug } })),
        ].map(async (answer) => (await answer).text()),
      )
      const origin = configured || 'http://localhost:8888'
      expect(JSON.stringify(confirmation)).toContain(`${origin}/confirm?token=`)
      for (const text of [JSON.stringify(confirmation), ...feeds]) expect(text).not.toContain('127.0.0.9')
      expect(feeds[2]).toContain(`Sitemap: ${origin}/sitemap.xml`)
    }
  })
})
