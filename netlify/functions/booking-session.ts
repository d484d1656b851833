import type { Config } from '@netlify/functions'
import { bookingSession } from '#domain/api/booking.ts'
import { publicSession, SESSION_MESSAGES, type StoredSession } from '#domain/booking-session.ts'
import { ConflictError, NotFoundError } from '#domain/errors.ts'
import { readSessionLink, type SessionLink } from '#lib/booking/session-links.ts'
import { deliverSessionEmails } from '#lib/booking/session-emails.ts'
import { answeringTaken } from '#lib/booking/taken.ts'
import { runtimeOf } from '#lib/config/env.ts'
import { availability } from '#lib/data/availability.ts'
import { rulesFor, sessions, slotsOf, SlotTakenError } from '#lib/data/sessions.ts'
import { limitPublicForm } from '#lib/forms/public-forms.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError } from '#lib/http/route.ts'

/**
 * GET/POST /api/booking/sessions/:token: what an emailed link opens. The token is signed for one
 * purpose (reschedule or cancel), names the session and the version of it the email showed, and
 * expires when the session starts (lib/booking/session-links.ts). Anything else, a link used
 * already or made before a later change included, is one answer: 404, the same words, no hint.
 */
const invalid = () => new HttpError(404, SESSION_MESSAGES.linkInvalid)

async function linked(token: string | undefined, now: number): Promise<{ link: SessionLink; session: StoredSession }> {
  const link = typeof token === 'string' ? await readSessionLink(token) : undefined
  if (!link) throw invalid()
  const session = await sessions.get(link.sessionId)
  if (!session || session.status !== 'booked' || Date.parse(session.start) <= now || session.sequence !== link.sequence) throw invalid()
  return { link, session }
}

/** A change refused because the session moved on meanwhile (used, cancelled, started) reads as the link's end. */
async function asLink<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof SlotTakenError) throw error
    if (error instanceof NotFoundError || error instanceof ConflictError) throw invalid()
    throw error
  }
}

export default endpoint(bookingSession, {
  GET: async ({ params }) => {
    const now = Date.now()
    const { link, session } = await linked(params.token, now)
    if (link.purpose === 'cancel') return { session: publicSession(session), purpose: link.purpose }
    const rules = rulesFor(await availability.get(), session)
    return { session: publicSession(session), purpose: link.purpose, slots: await slotsOf(rules, session.service, now, session.id) }
  },

  POST: async ({ req, context, params, body }) => {
    await limitPublicForm('session', req, context)
    const now = Date.now()
    const { link, session } = await linked(params.token, now)
    const runtime = runtimeOf(context)
    if (link.purpose === 'cancel') {
      if (!body.cancel) throw invalid()
      const cancelled = await asLink(() => sessions.cancel(session.id, { now, expect: link.sequence }))
      const rules = await availability.get()
      await deliverSessionEmails(cancelled, runtime, rules.timeZone)
      return { message: SESSION_MESSAGES.cancelled }
    }
    const start = body.start
    if (start === undefined) throw invalid()
    const rules = await availability.get()
    return answeringTaken(async () => {
      const moved = await asLink(() => sessions.reschedule(session.id, start, { availability: rules, now, expect: link.sequence }))
      await deliverSessionEmails(moved, runtime, rules.timeZone)
      return { session: publicSession(moved), message: SESSION_MESSAGES.moved }
    })
  },
})

export const config: Config = { path: '/api/booking/sessions/:token' }
