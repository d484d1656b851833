import { describe, expect, it, vi } from 'vitest'
import * as bookingReminders from '#functions/booking-reminders.ts'
import { sendReminders } from '#lib/booking/reminders.ts'
import { retryOwedSessionEmails } from '#lib/booking/session-emails.ts'
import { outbox } from '#lib/data/outbox.ts'
import { MAIL_RETRY_AFTER_MS, REMINDER_CLAIM_MS, sessions } from '#lib/data/sessions.ts'
import { book, openAvailability, saveAvailability, slots } from '#tests/support/booking.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { fakeContext, LOCAL_RUNTIME } from '#tests/support/call.ts'
import { expectConsoleError } from '#tests/support/console-guard.ts'

useBlobsServer()

const HOUR = 3_600_000

/** Runs the scheduled function as the platform does. */
const run = async () =>
  (await bookingReminders.default(new Request('http://localhost/.netlify/functions/booking-reminders', { method: 'POST' }), fakeContext()))
    .status

const reminders = async () => (await outbox.list()).filter((email) => /^Tomorrow:/.test(email.subject))

/** Books a session starting about `hours` from now; answers its id and start. */
async function bookIn(hours: number, firstName = 'Ada') {
  const start = (await slots()).find((slot) => Date.parse(slot) >= Date.now() + hours * HOUR)!
  const { status, body } = await book(start, { firstName })
  expect(status).toBe(201)
  return { id: body.session.id, start }
}

describe('booking-reminders', () => {
  it('reminds the visitor and the coach of a session within 24 hours, once, however often it runs', async () => {
    await saveAvailability()
    const soon = await bookIn(20)
    await bookIn(30, 'Later')

    expect(await run()).toBe(204)
    const first = await reminders()
    expect(first.map((email) => email.to).sort()).toEqual(['coach@test.example', (await sessions.get(soon.id))!.email].sort())
    const visitor = first.find((email) => email.to !== 'coach@test.example')!
    expect(visitor.text).toContain('(Europe/London time)')
    expect(visitor.text).toMatch(/\/book-now\/cancel\?token=/)
    expect(first.find((email) => email.to === 'coach@test.example')!.text).toContain('(America/New York time)')
    expect((await sessions.get(soon.id))!.reminder).toMatchObject({ sent: true })

    expect(await run()).toBe(204)
    expect(await run()).toBe(204)
    expect(await reminders()).toHaveLength(2)
  })

  it('runs at the same moment send each reminder once', async () => {
    await saveAvailability()
    await bookIn(3, 'Ada')
    await bookIn(10, 'Bea')
    const statuses = await Promise.all(Array.from({ length: 6 }, run))
    expect(statuses).toEqual(Array(6).fill(204))
    const sent = await reminders()
    expect(sent).toHaveLength(4)
    expect(new Set(sent.map((email) => email.to)).size).toBe(3)
  })

  it('a late run still reminds before the session starts; none after it started; a cancelled one never', async () => {
    await saveAvailability()
    const late = await bookIn(30)
    const cancelled = await bookIn(35, 'Cora')
    const missed = await bookIn(60, 'Bea')
    await sessions.cancel(cancelled.id)
    // The run due a day before the first never came: the next comes 2 hours before it.
    expect(await sendReminders(LOCAL_RUNTIME, Date.parse(late.start) - 2 * HOUR)).toEqual({ sent: 1, failed: 0 })
    // None came before the second started.
    expect(await sendReminders(LOCAL_RUNTIME, Date.parse(missed.start) + 60_000)).toEqual({ sent: 0, failed: 0 })
    expect(
      (await reminders()).map((email) => email.subject).every((subject) => !subject.includes('Bea') && !subject.includes('Cora')),
    ).toBe(true)
    expect(await reminders()).toHaveLength(2)
  })

  it('a failed send is tried again by the next run; a claim left by a run that died is taken over after a while', async () => {
    await saveAvailability()
    const { id } = await bookIn(5)
    const put = vi.spyOn(outbox, 'put').mockRejectedValue(new Error('mail down'))
    expectConsoleError(/an email failed: mail down/)
    expect(await sendReminders(LOCAL_RUNTIME)).toEqual({ sent: 0, failed: 1 })
    put.mockRestore()
    expect((await sessions.get(id))!.reminder).toBeUndefined()
    expect(await sendReminders(LOCAL_RUNTIME)).toEqual({ sent: 1, failed: 0 })

    // A run that claimed and never finished: the next run waits out the claim, then sends.
    const other = await bookIn(6, 'Bea')
    const claimed = await sessions.claimReminders('dead-run')
    expect(claimed.map((session) => session.id)).toEqual([other.id])
    expect(await sendReminders(LOCAL_RUNTIME)).toEqual({ sent: 0, failed: 0 })
    expect(await sendReminders(LOCAL_RUNTIME, Date.now() + REMINDER_CLAIM_MS + 1000)).toEqual({ sent: 1, failed: 0 })
  })

  it('a session moved after its reminder is reminded again for its new time', async () => {
    await saveAvailability()
    const { id } = await bookIn(4)
    expect(await sendReminders(LOCAL_RUNTIME)).toEqual({ sent: 1, failed: 0 })
    const target = (await slots()).find((slot) => Date.parse(slot) >= Date.now() + 8 * HOUR)!
    await sessions.reschedule(id, target, { availability: openAvailability() })
    expect(await sendReminders(LOCAL_RUNTIME)).toEqual({ sent: 1, failed: 0 })
    expect(await sendReminders(LOCAL_RUNTIME)).toEqual({ sent: 0, failed: 0 })
  })
})

describe('emails a change could not send', () => {
  it('are sent by the maintenance job a few minutes later, to whom they did not reach, once', async () => {
    await saveAvailability()
    const real = outbox.put.bind(outbox)
    const put = vi.spyOn(outbox, 'put').mockImplementation(async (email) => {
      if (email.to === 'coach@test.example') throw new Error('mail down')
      return real(email)
    })
    expectConsoleError(/an email failed: mail down/)
    const { id } = await bookIn(30)
    put.mockRestore()
    expect((await outbox.list()).map((email) => email.to)).not.toContain('coach@test.example')
    expect((await sessions.get(id))!.mail).toEqual({ event: 'booked', to: ['coach'] })

    // The request has had its try: nothing before MAIL_RETRY_AFTER_MS.
    expect(await retryOwedSessionEmails(LOCAL_RUNTIME)).toEqual({ sent: 0, failed: 0 })
    const later = Date.now() + MAIL_RETRY_AFTER_MS + 1000
    const [first, second] = await Promise.all([retryOwedSessionEmails(LOCAL_RUNTIME, later), retryOwedSessionEmails(LOCAL_RUNTIME, later)])
    expect(first!.sent + second!.sent).toBe(1)
    const coach = (await outbox.list()).filter((email) => email.to === 'coach@test.example')
    expect(coach).toHaveLength(1)
    expect(coach[0]!.subject).toMatch(/^New session:/)
    expect((await sessions.get(id))!.mail).toBeUndefined()
    expect(await retryOwedSessionEmails(LOCAL_RUNTIME, later + MAIL_RETRY_AFTER_MS)).toEqual({ sent: 0, failed: 0 })
  })

  it('are dropped once the session has started, and every booking records its emails as sent', async () => {
    await saveAvailability()
    const { id, start } = await bookIn(2)
    expect((await sessions.get(id))!.mail).toBeUndefined()
    // Moved through the data module alone: nobody has sent its emails.
    const moved = await sessions.reschedule(
      id,
      (await slots()).find((slot) => slot > start)!,
      { availability: openAvailability() },
    )
    expect(moved.mail).toEqual({ event: 'moved', to: ['visitor', 'coach'] })
    expect(await retryOwedSessionEmails(LOCAL_RUNTIME, Date.parse(moved.start) + 60_000)).toEqual({ sent: 0, failed: 0 })
    expect((await sessions.get(id))!.mail).toBeUndefined()
  })
})
