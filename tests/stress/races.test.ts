import { isDeepStrictEqual } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { BOOKING_MESSAGES, BookingRequestSchema } from '#domain/booking.ts'
import { PostInputSchema, type PostInput } from '#domain/blog-post.ts'
import { ContentInputSchema } from '#domain/content-item.ts'
import { MEDIA_PART_BYTES } from '#domain/media.ts'
import { ResourceInputSchema, type ResourceInput } from '#domain/resource.ts'
import { SUBSCRIBE_MESSAGES } from '#domain/subscriber.ts'
import { slugify } from '#domain/text.ts'
import * as adminBlogPosts from '#functions/admin-blog-posts.ts'
import * as adminContent from '#functions/admin-content.ts'
import * as adminResources from '#functions/admin-resources.ts'
import * as resourceDownload from '#functions/resource-download.ts'
import * as sendBookingEmail from '#functions/send-booking-email.ts'
import * as subscribersFunction from '#functions/subscribers.ts'
import { openStore } from '#lib/storage/blobs.ts'
import { keys } from '#lib/storage/keys.ts'
import { deliverBookingEmail, retryBookingEmails } from '#lib/email/booking-email.ts'
import { bookings } from '#lib/data/bookings.ts'
import { content } from '#lib/data/content.ts'
import { outbox } from '#lib/data/outbox.ts'
import { posts } from '#lib/data/posts.ts'
import { resources } from '#lib/data/resources.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { createAdmin, type SignedInUser } from '#tests/support/auth.ts'
import { startBlobsServer, type RunningBlobsServer } from '#tests/support/blobs-server.ts'
import { call, LOCAL_RUNTIME } from '#tests/support/call.ts'
import { expectConsoleError } from '#tests/support/console-guard.ts'
import { bookingInput } from '#tests/support/factories.ts'
import { createPost, createResource } from '#tests/support/records.ts'
import { useSendgridMock } from '#tests/support/sendgrid.ts'
import { bookingIdOf, controllableSendgrid, duplicatesOf, type SendgridMode } from '#tests/support/stress-mail.ts'
import { nextIp, reportStress, scaled, STRESS_FULL } from '#tests/support/stress-scale.ts'
import { raceRounds, raceUpload, type RaceResult } from '#tests/support/upload-races.ts'

/**
 * docs/decisions.md, Concurrent writes, under pressure: concurrent requests against the real local Blobs server (with
 * the patched, atomic conditional writes, see patches/README.md), handlers called in-process.
 * Sizes: full with STRESS_SCALE=full (`npm run stress`), small otherwise.
 */
const DOWNLOADS = scaled(40, 500)
const SUBSCRIBERS = scaled(20, 250)
const EDIT_ROUNDS = scaled(4, 25)
const SAME_TITLE_ROUNDS = scaled(3, 20)
const BOOKINGS = scaled(12, 100)
const RETRIES_AT_ONCE = scaled(3, 6)
const UPLOAD_ROUNDS = scaled(6, 90)
const STREAMED_UPLOAD_ROUNDS = scaled(2, 12)

// One server for the file, never emptied: admins are slow to make (bcrypt), and every test works
// on records of its own.
let blobs: RunningBlobsServer
let alice: SignedInUser
let bob: SignedInUser

beforeAll(async () => {
  blobs = await startBlobsServer()
  alice = await createAdmin()
  bob = await createAdmin()
})

afterAll(async () => {
  await blobs?.stop()
})

let tagSequence = 0
/** A word unique to one test, for emails, titles and keys. */
const uniqueTag = () => `r${process.pid}x${++tagSequence}`

const elapsed = (since: number) => performance.now() - since
const statusesOf = (answers: { status: number }[]) => answers.map((answer) => answer.status)
const serverErrors = (answers: { status: number }[]) => answers.filter((answer) => answer.status >= 500).length

async function exactCount(id: string): Promise<number | undefined> {
  return (await resources.listWithExactCounts()).find((resource) => resource.id === id)?.downloadCount
}

describe('downloads', () => {
  it(`${DOWNLOADS} concurrent downloads raise the exact count by exactly ${DOWNLOADS}, and folding keeps it`, async () => {
    const started = performance.now()
    const resource = await createResource()
    const other = await createResource()
    const download = () =>
      call(resourceDownload, { method: 'POST', path: `/api/resources/${resource.id}/download`, params: { id: resource.id } })

    const answers = await Promise.all(Array.from({ length: DOWNLOADS }, download))
    const exact = await exactCount(resource.id)

    // Events settle after 5 minutes (downloads.ts): fold as if 10 minutes had passed.
    const later = new Date(Date.now() + 10 * 60_000)
    const folded = await resources.foldDownloads(later)
    const storedAfterFold = (await resources.get(resource.id))?.downloadCount
    const exactAfterFold = await exactCount(resource.id)
    // Two more folds at once, then one more: all of them find nothing new.
    const refolds = [
      ...(await Promise.all([resources.foldDownloads(later), resources.foldDownloads(later)])),
      await resources.foldDownloads(later),
    ]
    const exactAfterRefolds = await exactCount(resource.id)

    // A second wave while the scheduled fold runs at the real time (nothing settled yet to fold).
    const secondWave = await Promise.all([
      ...Array.from({ length: DOWNLOADS }, download),
      ...Array.from({ length: 3 }, () => resources.foldDownloads().then(() => ({ status: 200 }))),
    ])
    const exactAfterSecondWave = await exactCount(resource.id)

    const counted = exactAfterSecondWave ?? 0
    reportStress({
      suite: 'races: downloads',
      calls: DOWNLOADS * 2,
      errors5xx: serverErrors([...answers, ...secondWave]),
      lostWrites: Math.max(0, 2 * DOWNLOADS - counted),
      duplicates: Math.max(0, counted - 2 * DOWNLOADS),
      ms: elapsed(started),
    })

    expect(statusesOf(answers)).toEqual(Array(DOWNLOADS).fill(200))
    expect(exact).toBe(DOWNLOADS)
    expect(folded).toBe(DOWNLOADS)
    expect(storedAfterFold).toBe(DOWNLOADS)
    expect(exactAfterFold).toBe(DOWNLOADS)
    expect(refolds).toEqual([0, 0, 0])
    expect(exactAfterRefolds).toBe(DOWNLOADS)
    expect(statusesOf(secondWave)).toEqual(Array(DOWNLOADS + 3).fill(200))
    expect(exactAfterSecondWave).toBe(2 * DOWNLOADS)
    expect(await exactCount(other.id)).toBe(0)
  })
})

describe('subscriptions', () => {
  it(`${SUBSCRIBERS * 2} concurrent subscribes of ${SUBSCRIBERS} emails (each twice, case and spaces mixed) leave ${SUBSCRIBERS} subscribers`, async () => {
    const started = performance.now()
    const tag = uniqueTag()
    const address = (i: number) => `reader${i}.${tag}@example.org`
    const spellings = (i: number) => [`  Reader${i}.${tag.toUpperCase()}@Example.ORG `, `\tREADER${i}.${tag}@EXAMPLE.org  \n`]
    const subscribe = (email: string) =>
      call(subscribersFunction, { method: 'POST', path: '/api/subscribers', body: { email }, ip: nextIp() })
    const before = (await subscribers.all()).length

    const answers = await Promise.all(
      Array.from({ length: SUBSCRIBERS }, (_, i) => spellings(i))
        .flat()
        .map(subscribe),
    )

    const all = await subscribers.all()
    const mine = all.filter((subscriber) => subscriber.email.endsWith(`.${tag}@example.org`))
    const welcomes = (await outbox.list()).filter((email) => email.to.endsWith(`.${tag}@example.org`))
    reportStress({
      suite: 'races: subscribes',
      calls: answers.length,
      errors5xx: serverErrors(answers),
      lostWrites: Math.max(0, SUBSCRIBERS - new Set(mine.map((s) => s.email)).size),
      duplicates: duplicatesOf(mine.map((s) => s.email)) + duplicatesOf(welcomes.map((w) => w.to)),
      ms: elapsed(started),
    })

    expect(
      answers.every((answer) => answer.status === 200 && answer.body.success && answer.body.message === SUBSCRIBE_MESSAGES.success),
    ).toBe(true)
    expect(mine.map((subscriber) => subscriber.email).sort()).toEqual(Array.from({ length: SUBSCRIBERS }, (_, i) => address(i)).sort())
    expect(all.length - before).toBe(SUBSCRIBERS)
    // One confirmation email each: the second spelling found the day's email already claimed and sent nothing.
    expect(welcomes.map((email) => email.to).sort()).toEqual(Array.from({ length: SUBSCRIBERS }, (_, i) => address(i)).sort())
  })
})

describe('two admins saving the same record at once: one whole version wins, never a mix', () => {
  const results = { calls: 0, errors: 0, mixed: 0, duplicates: 0, ms: 0 }
  afterAll(() => {
    reportStress({
      suite: 'races: same-record saves',
      calls: results.calls,
      errors5xx: results.errors,
      lostWrites: results.mixed,
      duplicates: results.duplicates,
      ms: results.ms,
    })
  })

  /** Both saves answered 2xx; returns which version the stored record equals, or 'mix'. */
  function whichVersion<T>(stored: T, a: T, b: T): 'a' | 'b' | 'mix' {
    // As JSON sees them: an optional field left out and one set to undefined are the same.
    const plain = (value: T) => JSON.parse(JSON.stringify(value)) as unknown
    return isDeepStrictEqual(plain(stored), plain(a)) ? 'a' : isDeepStrictEqual(plain(stored), plain(b)) ? 'b' : 'mix'
  }

  it(`a post, ${EDIT_ROUNDS} times`, async () => {
    const started = performance.now()
    const tag = uniqueTag()
    const outcomes: string[] = []
    for (let round = 0; round < EDIT_ROUNDS; round++) {
      const original = await createPost({ title: `Original ${tag} ${round}` })
      const a: PostInput = {
        title: `Alpha ${tag} ${round}`,
        excerpt: `Alpha excerpt ${round}`,
        content: `# Alpha\n\nAlpha body ${round}, with **bold** text.`,
        featuredImage: `https://img.test.example/alpha-${round}.jpg`,
        status: 'draft',
        tags: ['alpha', 'first'],
      }
      const b: PostInput = {
        title: `Beta ${tag} ${round}`,
        excerpt: `Beta excerpt ${round}`,
        content: `Beta body ${round}.\n\n- one\n- two`,
        status: 'published',
        tags: ['beta'],
      }
      const answers = await Promise.all([
        call(adminBlogPosts, {
          method: 'PUT',
          path: '/api/admin/blog-posts',
          body: { id: original.id, ...a },
          headers: { authorization: alice.authorization },
        }),
        call(adminBlogPosts, {
          method: 'PUT',
          path: '/api/admin/blog-posts',
          body: { id: original.id, ...b },
          headers: { authorization: bob.authorization },
        }),
      ])
      results.calls += 2
      results.errors += serverErrors(answers)
      expect(statusesOf(answers)).toEqual([200, 200])

      const stored = await posts.find({ id: original.id })
      expect(stored).not.toBeNull()
      const storedFields = {
        title: stored!.title,
        excerpt: stored!.excerpt,
        content: stored!.content,
        featuredImage: stored!.featuredImage,
        status: stored!.status,
        tags: stored!.tags,
      }
      const outcome = whichVersion(storedFields, z.parse(PostInputSchema, a), z.parse(PostInputSchema, b))
      outcomes.push(outcome)
      if (outcome === 'mix') results.mixed++
      expect(outcome, JSON.stringify(storedFields)).not.toBe('mix')
      // The slug follows the title of whichever save came first (a slug once public stays): it is one of the two.
      expect([slugify(a.title), slugify(b.title)]).toContain(stored!.slug)
      // Exactly one body blob is left for the post: the loser's and the original's are gone.
      const bodies = await openStore('posts').keys(keys.postBodies(original.id))
      results.duplicates += Math.max(0, bodies.length - 1)
      expect(bodies).toHaveLength(1)
      expect((await posts.list()).filter((post) => post.id === original.id)).toHaveLength(1)
    }
    results.ms += elapsed(started)
    expect(outcomes).toHaveLength(EDIT_ROUNDS)
  })

  it(`a content item, ${EDIT_ROUNDS} times`, async () => {
    const started = performance.now()
    const tag = uniqueTag()
    for (let round = 0; round < EDIT_ROUNDS; round++) {
      const key = `${tag}-${round}`
      await content.save({ section: 'race', key, value: 'Original', type: 'text' }, 'setup')
      const a = { section: 'race', key, value: `Alpha value ${round}`, type: 'text' }
      const b = { section: 'race', key, value: JSON.stringify({ beta: round, list: [1, 2, 3] }), type: 'json' }
      const answers = await Promise.all([
        call(adminContent, { method: 'POST', path: '/api/admin/content', body: a, headers: { authorization: alice.authorization } }),
        call(adminContent, { method: 'POST', path: '/api/admin/content', body: b, headers: { authorization: bob.authorization } }),
      ])
      results.calls += 2
      results.errors += serverErrors(answers)
      expect(statusesOf(answers)).toEqual([200, 200])

      const items = (await content.list()).filter((item) => item.section === 'race' && item.key === key)
      results.duplicates += Math.max(0, items.length - 1)
      expect(items).toHaveLength(1)
      const stored = {
        section: items[0]!.section,
        key: items[0]!.key,
        value: items[0]!.value,
        type: items[0]!.type,
        by: items[0]!.updatedBy,
      }
      const outcome = whichVersion(
        stored,
        { ...z.parse(ContentInputSchema, a), by: alice.user.username },
        { ...z.parse(ContentInputSchema, b), by: bob.user.username },
      )
      if (outcome === 'mix') results.mixed++
      expect(outcome, JSON.stringify(stored)).not.toBe('mix')
    }
    results.ms += elapsed(started)
  })

  it(`a resource, ${EDIT_ROUNDS} times`, async () => {
    const started = performance.now()
    const tag = uniqueTag()
    for (let round = 0; round < EDIT_ROUNDS; round++) {
      const original = await createResource({ title: `Original ${tag} ${round}` })
      const a: ResourceInput = {
        title: `Alpha workbook ${tag} ${round}`,
        description: `Alpha description ${round}`,
        type: 'ebook',
        fileUrl: `https://files.test.example/alpha-${round}.pdf`,
        thumbnailUrl: `https://img.test.example/alpha-${round}.png`,
        isActive: true,
      }
      const b: ResourceInput = {
        title: `Beta video ${tag} ${round}`,
        description: `Beta description ${round}`,
        type: 'video',
        fileUrl: `/files/beta-${round}.mp4`,
        isActive: false,
      }
      const answers = await Promise.all([
        call(adminResources, {
          method: 'PUT',
          path: '/api/admin/resources',
          body: { id: original.id, ...a },
          headers: { authorization: alice.authorization },
        }),
        call(adminResources, {
          method: 'PUT',
          path: '/api/admin/resources',
          body: { id: original.id, ...b },
          headers: { authorization: bob.authorization },
        }),
      ])
      results.calls += 2
      results.errors += serverErrors(answers)
      expect(statusesOf(answers)).toEqual([200, 200])

      const all = await resources.listWithExactCounts()
      const copies = all.filter((resource) => resource.id === original.id)
      results.duplicates += Math.max(0, copies.length - 1)
      expect(copies).toHaveLength(1)
      const { title, description, type, fileUrl, thumbnailUrl, isActive } = copies[0]!
      const stored = { title, description, type, fileUrl, thumbnailUrl, isActive }
      const normal = (input: ResourceInput) => {
        const parsed = z.parse(ResourceInputSchema, input)
        return {
          title: parsed.title,
          description: parsed.description,
          type: parsed.type,
          fileUrl: parsed.fileUrl,
          thumbnailUrl: parsed.thumbnailUrl,
          isActive: parsed.isActive,
        }
      }
      const outcome = whichVersion(stored, normal(a), normal(b))
      if (outcome === 'mix') results.mixed++
      expect(outcome, JSON.stringify(stored)).not.toBe('mix')
      // What the record keeps of itself is untouched by either save.
      expect(copies[0]).toMatchObject({ id: original.id, createdBy: original.createdBy, createdAt: original.createdAt, downloadCount: 0 })
    }
    results.ms += elapsed(started)
  })
})

describe('posts with the same title created at once get distinct slugs', () => {
  const createNamed = (title: string, authorization: string) =>
    call<{ success: boolean; blogPost: { id: string; slug: string } }>(adminBlogPosts, {
      method: 'POST',
      path: '/api/admin/blog-posts',
      body: { title, excerpt: 'Same title, different post.', content: 'Body.', status: 'published' },
      headers: { authorization },
    })

  async function race(title: string, count: number) {
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) => createNamed(title, i % 2 ? bob.authorization : alice.authorization)),
    )
    const stored = (await posts.list()).filter((post) => post.title === title)
    return { answers, stored }
  }

  it(`two at once, ${SAME_TITLE_ROUNDS} times; then 10 at once`, async () => {
    const started = performance.now()
    const tag = uniqueTag()
    let calls = 0
    let errors = 0
    let lost = 0
    let duplicates = 0
    const rounds: { count: number; title: string }[] = [
      ...Array.from({ length: SAME_TITLE_ROUNDS }, (_, round) => ({ count: 2, title: `Same title ${tag} ${round}` })),
      ...Array.from({ length: scaled(1, 3) }, (_, round) => ({ count: 10, title: `Ten at once ${tag} ${round}` })),
    ]
    const failures: string[] = []
    for (const { count, title } of rounds) {
      const { answers, stored } = await race(title, count)
      calls += count
      errors += serverErrors(answers)
      const slugs = stored.map((post) => post.slug)
      lost += Math.max(0, count - stored.length)
      duplicates += duplicatesOf(slugs) + Math.max(0, stored.length - count)
      const base = slugify(title)
      if (!answers.every((answer) => answer.status === 201)) failures.push(`${title}: ${statusesOf(answers).join(',')}`)
      if (stored.length !== count || new Set(slugs).size !== count) failures.push(`${title}: slugs ${slugs.join(',')}`)
      if (!slugs.every((slug) => slug === base || new RegExp(`^${base}-\\d+$`).test(slug)))
        failures.push(`${title}: odd slugs ${slugs.join(',')}`)
      // What each creator was told is what is stored.
      const told = answers.map((answer) => answer.body.blogPost?.slug).sort()
      if (JSON.stringify(told) !== JSON.stringify([...slugs].sort()))
        failures.push(`${title}: answered ${told.join(',')} stored ${slugs.join(',')}`)
    }
    reportStress({ suite: 'races: same-title creates', calls, errors5xx: errors, lostWrites: lost, duplicates, ms: elapsed(started) })
    expect(failures).toEqual([])
  })
})

describe('media uploads: a part rewritten while the upload completes', () => {
  it(
    `${UPLOAD_ROUNDS} one-part and ${STREAMED_UPLOAD_ROUNDS * 2} two-part rounds end refused or served exactly as checked`,
    { timeout: 600_000 },
    async () => {
      const started = performance.now()
      const rounds = [
        ...raceRounds(UPLOAD_ROUNDS, { size: 1_000_000, seed: 41 }),
        ...raceRounds(STREAMED_UPLOAD_ROUNDS, { size: MEDIA_PART_BYTES + 200_000, part: 1, seed: 42 }),
        ...raceRounds(STREAMED_UPLOAD_ROUNDS, { size: MEDIA_PART_BYTES + 200_000, part: 2, seed: 43 }),
      ]
      const results: RaceResult[] = []
      for (const round of rounds) results.push(await raceUpload(alice.authorization, round))
      const swapped = results.filter((result) => result.swapped.length > 0).length
      const counts = new Map<string, number>()
      for (const { outcome } of results) counts.set(outcome, (counts.get(outcome) ?? 0) + 1)
      const outcomes = [...counts].map(([outcome, count]) => `${count} ${outcome}`)
      reportStress({
        suite: 'races: media part rewrites against completes',
        calls: results.reduce((sum, result) => sum + result.calls, 0),
        errors5xx: results.reduce((sum, result) => sum + result.errors5xx, 0),
        // A part write answered as stored whose bytes are not the file, or a completed file not served.
        lostWrites: results.reduce((sum, result) => sum + result.problems.length, 0),
        duplicates: 0,
        ms: elapsed(started),
        note: `${swapped} rounds served other bytes than checked; ${outcomes.join(', ')}`,
      })

      expect(results.flatMap((result) => result.swapped)).toEqual([])
      expect(results.flatMap((result) => result.problems)).toEqual([])
      expect(results.reduce((sum, result) => sum + result.errors5xx, 0)).toBe(0)
    },
  )
})

describe('booking requests and their emails', () => {
  // Only here: msw slows every other request of the process (the Blobs calls pass through it).
  const mail = useSendgridMock()
  const book = (body: unknown) =>
    call(sendBookingEmail, { method: 'POST', path: '/.netlify/functions/send-booking-email', body, ip: nextIp() })
  const SUCCESS = { success: true, message: BOOKING_MESSAGES.success }

  /**
   * Whether the same-millisecond claim bug (the it.fails below) is still there: two claims with one
   * clock reading both win. While it is, the race below may send an email twice; once it is fixed,
   * any second send fails the race.
   */
  async function sameMillisecondClaimsBothWin(): Promise<boolean> {
    const probe = await bookings.add(z.parse(BookingRequestSchema, bookingInput({ lastName: 'Claim probe' })))
    const now = new Date()
    const both = (await bookings.claimEmail(probe.id, now)) && (await bookings.claimEmail(probe.id, now))
    await bookings.markEmail(probe.id, true)
    return both
  }

  async function retryUntilNothingDue(rounds = 5) {
    for (let round = 0; round < rounds; round++) {
      const { sent, failed } = await retryBookingEmails(LOCAL_RUNTIME)
      if (sent === 0 && failed === 0) return
    }
  }

  it(`stores ${BOOKINGS * 2} concurrent bookings once each, and emails each exactly once while ${RETRIES_AT_ONCE} retries race first attempts`, async () => {
    const started = performance.now()
    vi.stubEnv('SENDGRID_API_KEY', 'SG.test-key')
    const sendgrid = controllableSendgrid('fail')
    mail.use(sendgrid.handler)
    expectConsoleError(/email failed/)
    const tag = uniqueTag()
    const inputs = Array.from({ length: BOOKINGS * 2 }, (_, i) => bookingInput({ lastName: `Race ${tag} ${i}` }))

    // First wave while SendGrid is down: every visitor is told it worked, every booking is kept.
    const firstWave = await Promise.all(inputs.slice(0, BOOKINGS).map(book))
    const afterFirst = (await bookings.list()).filter((booking) => booking.lastName.startsWith(`Race ${tag} `))

    // SendGrid is back, a little slow: a second wave's first attempts and several retries run at once.
    sendgrid.state.mode = 'accept'
    sendgrid.state.delayMs = 15
    const secondWave = await Promise.all([
      ...inputs.slice(BOOKINGS).map(book),
      ...Array.from({ length: RETRIES_AT_ONCE }, () => retryBookingEmails(LOCAL_RUNTIME).then(() => ({ status: 200, body: SUCCESS }))),
    ])
    await retryUntilNothingDue()

    const stored = (await bookings.list()).filter((booking) => booking.lastName.startsWith(`Race ${tag} `))
    const storedIds = new Set(stored.map((booking) => booking.id))
    const sentIds = sendgrid.state.accepted.map(bookingIdOf).filter((id) => id !== undefined && storedIds.has(id))
    const secondSends = duplicatesOf(sentIds)
    const tolerated = secondSends > 0 && (await sameMillisecondClaimsBothWin()) ? secondSends : 0
    reportStress({
      suite: 'races: bookings + email retry',
      calls: inputs.length + RETRIES_AT_ONCE,
      errors5xx: serverErrors([...firstWave, ...secondWave]),
      lostWrites: Math.max(0, inputs.length - stored.length) + Math.max(0, stored.length - new Set(sentIds).size),
      duplicates: duplicatesOf(stored.map((booking) => booking.lastName)) + secondSends,
      ms: elapsed(started),
      note: tolerated ? `${tolerated} emails sent twice: claimEmail same-millisecond bug (it.fails)` : undefined,
    })

    expect([...firstWave, ...secondWave].map((answer) => answer.body)).toEqual(Array(inputs.length + RETRIES_AT_ONCE).fill(SUCCESS))
    expect(afterFirst).toHaveLength(BOOKINGS)
    expect(afterFirst.every((booking) => booking.emailStatus === 'failed' && booking.emailAttempts === 1)).toBe(true)
    expect(stored.map((booking) => booking.lastName).sort()).toEqual(inputs.map((input) => input.lastName).sort())
    expect(stored.every((booking) => booking.emailStatus === 'sent')).toBe(true)
    expect([...new Set(sentIds)].sort()).toEqual([...storedIds].sort())
    expect(secondSends - tolerated, 'emails sent twice').toBe(0)
    expect(await bookings.unsent()).toEqual([])
  })

  it('two delivery attempts in the same millisecond send the email once', async () => {
    vi.stubEnv('SENDGRID_API_KEY', 'SG.test-key')
    const sendgrid = controllableSendgrid('accept')
    mail.use(sendgrid.handler)
    const booking = await bookings.add(z.parse(BookingRequestSchema, bookingInput()))

    // The visitor's own attempt and a scheduled retry, reading the clock in the same millisecond.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() })
    try {
      await Promise.all([deliverBookingEmail(booking, LOCAL_RUNTIME), deliverBookingEmail(booking, LOCAL_RUNTIME)])
    } finally {
      vi.useRealTimers()
    }

    expect(sendgrid.state.accepted.filter((message) => bookingIdOf(message) === booking.id)).toHaveLength(1)
  })

  // SendGrid's three ways to fail: the booking is kept, the visitor sees the booking's success
  // text (the request was received; the email is the office's business), and the retry sends it once.
  const failures: [SendgridMode, string, boolean][] = [
    ['fail', 'answers 500', true],
    ['refuse', 'refuses (400)', true],
    // mailer.ts waits SEND_TIMEOUT_MS (10 s, no test setting) and fake timers do not reach it: full size only.
    ['hang', 'never answers (10 s mailer timeout)', STRESS_FULL],
  ]

  it.each(failures)(
    'SendGrid %s: stored, success shown, retried until sent exactly once',
    { timeout: 60_000 },
    async (mode, _name, run) => {
      if (!run) return
      const started = performance.now()
      vi.stubEnv('SENDGRID_API_KEY', 'SG.test-key')
      const sendgrid = controllableSendgrid(mode)
      mail.use(sendgrid.handler)
      expectConsoleError(/email failed/)
      const input = bookingInput({ lastName: `Fault ${uniqueTag()}` })

      const answer = await book(input)
      const answeredIn = elapsed(started)
      const [kept] = (await bookings.list()).filter((booking) => booking.lastName === input.lastName)

      // Still down at the next scheduled run: one more failed attempt, nothing sent.
      const stillDown = await retryBookingEmails(LOCAL_RUNTIME)
      const afterSecondTry = kept && (await bookings.get(kept.id))

      sendgrid.state.mode = 'accept'
      await retryUntilNothingDue()
      await retryBookingEmails(LOCAL_RUNTIME)
      const final = kept && (await bookings.get(kept.id))
      const sent = sendgrid.state.accepted.filter((message) => bookingIdOf(message) === kept?.id)
      reportStress({
        suite: `faults: SendGrid ${mode}`,
        calls: 1,
        errors5xx: answer.status >= 500 ? 1 : 0,
        lostWrites: kept ? 0 : 1,
        duplicates: Math.max(0, sent.length - 1),
        ms: elapsed(started),
        note: `visitor answered in ${Math.round(answeredIn)} ms`,
      })

      expect(answer.status).toBe(200)
      expect(answer.body).toEqual(SUCCESS)
      expect(kept).toMatchObject({ emailStatus: 'failed', emailAttempts: 1 })
      expect(stillDown.sent).toBe(0)
      expect(afterSecondTry).toMatchObject({ emailStatus: 'failed', emailAttempts: 2 })
      expect(final).toMatchObject({ emailStatus: 'sent', emailAttempts: 3 })
      expect(sent).toHaveLength(1)
    },
  )
})
