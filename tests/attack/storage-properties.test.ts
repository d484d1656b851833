import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { BookingRequestSchema } from '#domain/booking.ts'
import { bookings } from '#lib/data/bookings.ts'
import { content } from '#lib/data/content.ts'
import { posts } from '#lib/data/posts.ts'
import { resources } from '#lib/data/resources.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { startRecordingBlobsServer, type RecordingBlobsServer } from '#tests/support/attack-blobs.ts'
import { TRAVERSAL_IDS } from '#tests/support/attack-inputs.ts'
import { documentRead, documentWrite, list, read, readPrefix, write, writePattern, writePrefix, AttackRunner, type Touches } from '#tests/support/attack-runner.ts'
import { attackScaled, reportAttack, reportFindings } from '#tests/support/attack-scale.ts'
import { bookingInput, postInput, resourceInput } from '#tests/support/factories.ts'
import { createPost, createResource } from '#tests/support/records.ts'
import { subscriberKey } from '#tests/support/attack-targets.ts'

/**
 * Ids and keys at the storage layer (fast-check): arbitrary strings used as ids through the data
 * modules reach nothing outside the record they name, and nothing is thrown but a 4xx HttpError.
 * The calls run in this process against the recording Blobs server; each is judged as the HTTP
 * attacks are (attack-runner.ts runLocal).
 */
const RUNS = attackScaled(12, 150)
const SEED = Number(process.env.ATTACK_SEED ?? 20261123)

let blobs: RecordingBlobsServer
let runner: AttackRunner

beforeAll(async () => {
  blobs = await startRecordingBlobsServer()
  runner = new AttackRunner(blobs, 'http://localhost:8888', { admin: '', editor: '' })
})

afterAll(async () => {
  await blobs?.stop()
})

/** Traversal pieces, arbitrary strings and long ones: what an id from a request might be. */
const anyId = fc.oneof(
  fc.constantFrom(...TRAVERSAL_IDS.map((id) => id.value)),
  fc
    .array(fc.constantFrom('..', '.', '%2e%2e', '/', '\\', '#', '?', '%2F', 'index', 'body', '__proto__', 'a', '~', '😀', ' ', '\n'), { minLength: 1, maxLength: 8 })
    .map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 590, maxLength: 700 }),
)
const anyEmail = fc.oneof(
  fc.emailAddress(),
  anyId.map((id) => `${id}@test.example`),
  anyId,
  fc.string({ unit: 'grapheme', minLength: 200, maxLength: 400 }).map((text) => `${text}@test.example`),
)

describe('storage properties: arbitrary ids through the data modules', () => {
  it(`${RUNS} ids per operation (seed ${SEED}): only the named record is touched, only 4xx HttpErrors are thrown`, { timeout: 1_200_000 }, async () => {
    // The data modules log nothing on these paths; anything logged is shown with the findings.
    const logs: string[] = []
    vi.mocked(console.error).mockImplementation((...args: unknown[]) => {
      logs.push(args.map(String).join(' ').slice(0, 200))
    })
    const post = await createPost({ status: 'published' })
    await createResource()
    await content.save({ section: 'home', key: 'title', value: 'Welcome', type: 'text' }, 'seed')
    await bookings.add(z.parse(BookingRequestSchema, bookingInput()))
    await subscribers.add('reader@test.example')
    await runner.resync()

    const ids = fc.sample(anyId, { numRuns: RUNS, seed: SEED })
    const emails = fc.sample(anyEmail, { numRuns: RUNS, seed: SEED + 1 })
    const fields = postInput({ status: 'draft' })
    const resourceFields = resourceInput()
    const show = (value: string) => `${JSON.stringify(value.slice(0, 50))}${value.length > 50 ? `…(${value.length})` : ''}`
    const postRead: Touches = { always: documentRead('posts') }

    for (const id of ids) {
      const bodies = readPrefix('posts', `body/${id}/`)
      await runner.runLocal('storage properties', `posts.find({ id: ${show(id)} })`, () => posts.find({ id }), { always: [...documentRead('posts'), bodies] })
      await runner.runLocal('storage properties', `posts.update(${show(id)}, fields)`, () => posts.update(id, fields), {
        always: [...documentRead('posts'), ...documentRead('content')],
        transient: [writePrefix('posts', `body/${id}/`)],
        onSuccess: [...documentWrite('posts'), writePrefix('posts', `body/${id}/`)],
      })
      await runner.runLocal('storage properties', `posts.remove(${show(id)})`, () => posts.remove(id), { ...postRead, onSuccess: [...documentWrite('posts'), writePrefix('posts', `body/${id}/`)] })
      await runner.runLocal('storage properties', `resources.get(${show(id)})`, () => resources.get(id), { always: documentRead('resources') })
      await runner.runLocal('storage properties', `resources.update(${show(id)}, fields)`, () => resources.update(id, resourceFields), { always: documentRead('resources'), onSuccess: documentWrite('resources') })
      await runner.runLocal('storage properties', `content.remove(${show(id)})`, () => content.remove(id), { always: documentRead('content'), onSuccess: documentWrite('content') })
      await runner.runLocal('storage properties', `bookings.get(${show(id)})`, () => bookings.get(id), { always: [read('bookings', id)] })
      await runner.runLocal('storage properties', `bookings.setStatus(${show(id)}, 'handled')`, () => bookings.setStatus(id, 'handled'), {
        always: [read('bookings', id), list('bookings', id)],
        onSuccess: [write('bookings', id)],
      })
    }
    for (const email of emails) {
      const key = subscriberKey(email)
      await runner.runLocal('storage properties', `subscribers.add(${show(email)})`, () => subscribers.add(email), {
        always: [read('subscribers', key)],
        // The unconfirmed signup's marker: the day, then the subscriber's own key.
        onSuccess: [write('subscribers', key), writePattern('pending-subscribers', new RegExp(`^\\d{4}-\\d{2}-\\d{2}/${key}$`))],
      })
      // Stopped by a bounce (compare-and-swap on the record), then kept by an unsubscribe.
      await runner.runLocal('storage properties', `subscribers.stop(${show(email)})`, () => subscribers.stop({ email, state: 'bounced', reason: 'Bounced: x' }), {
        always: [read('subscribers', key), list('subscribers', key)],
        onSuccess: [write('subscribers', key)],
      })
      await runner.runLocal('storage properties', `subscribers.unsubscribe(${show(email)})`, () => subscribers.unsubscribe(email), {
        always: [read('subscribers', key), list('subscribers', key)],
        onSuccess: [write('subscribers', key)],
      })
      await runner.runLocal('storage properties', `subscribers.remove(${show(email)})`, () => subscribers.remove(email), { onSuccess: [write('subscribers', key)] })
    }
    // The seeded records are all still there and whole.
    const kept = await posts.find({ id: post.id }).catch((error: unknown) => String(error))
    runner.note('storage properties', 'the seeded post after the run', kept && typeof kept === 'object' ? null : `lost: ${String(kept)}`)

    const { row, problems } = runner.result('storage properties')
    if (logs.length > 0) problems.push(`logged: ${logs.slice(0, 5).join(' | ')}`)
    reportAttack(row)
    reportFindings('storage properties', problems)
    expect(problems, `${problems.length} problems in ${row.calls} storage calls`).toEqual([])
  })
})
