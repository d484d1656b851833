import { describe, expect, it } from 'vitest'
import { SESSION_MESSAGES } from '#domain/booking-session.ts'
import { outbox } from '#lib/data/outbox.ts'
import { sessions } from '#lib/data/sessions.ts'
import { openStore } from '#lib/storage/blobs.ts'
import { book, saveAvailability, slots } from '#tests/support/booking.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { useUpPublicLimit } from '#tests/support/limits.ts'
import { PUBLIC_LIMITS, TOO_MANY_REQUESTS } from '#lib/forms/public-forms.ts'

useBlobsServer()

describe('fifty people booking one time at once', () => {
  it('books exactly one; the other 49 are answered 409 with the next free times; no orphan record; one email pair', async () => {
    await saveAvailability()
    const start = (await slots())[10]!
    // Each from a network of its own: this is about the calendar, not the per-network limit.
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => book(start, { firstName: `Racer${i}` })))

    const won = answers.filter((answer) => answer.status === 201)
    const lost = answers.filter((answer) => answer.status === 409)
    expect(won).toHaveLength(1)
    expect(lost).toHaveLength(49)
    for (const { body } of lost) {
      expect(body.message).toBe(SESSION_MESSAGES.taken)
      expect(body.slots!.length).toBe(6)
      expect(body.slots).not.toContain(start)
    }
    const stored = await sessions.list()
    expect(stored).toHaveLength(1)
    expect(stored[0]!.id).toBe(won[0]!.body.session.id)
    // Nothing else was written anywhere for the losers: the sessions store holds its one document.
    expect(await openStore('sessions').keys()).toEqual(['index'])
    const emails = await outbox.list()
    expect(emails.map((email) => email.to).sort()).toEqual(['coach@test.example', stored[0]!.email].sort())
  })
})

describe('a hall of people booking from one network', () => {
  it('lets twenty book twenty times at once, then refuses a script past the limit with 429', async () => {
    await saveAvailability()
    const free = await slots()
    const hall = '192.0.2.77'
    const answers = await Promise.all(
      free
        .slice(0, 80)
        .filter((_, i) => i % 4 === 0)
        .map((start) => book(start, {}, hall)),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201))
    // The rest of the hour's allowance, then one more.
    await useUpPublicLimit('session', hall, PUBLIC_LIMITS.session.max - 20)
    const refused = await book(free[100]!, {}, hall)
    expect(refused).toMatchObject({ status: 429, body: { message: TOO_MANY_REQUESTS } })
    expect(refused.headers.get('retry-after')).toBe('3600')
    expect(await sessions.list()).toHaveLength(20)
  })
})
