import type { AnswerOf } from '#domain/api/contract.ts'
import type { bookingServices, bookingSession, bookingSessions, bookingSlots } from '#domain/api/booking.ts'
import type { BookSessionInput } from '#domain/booking-session.ts'
import { api, ApiError, endpointAddress } from '#src/lib/api-client.ts'

/*
 * The booking calls, typed from their contracts. The contracts themselves are imported as types
 * only: their modules bring the schemas (and zod), which the page does not load with itself.
 */

export type ServicesAnswer = AnswerOf<NonNullable<(typeof bookingServices)['methods']['GET']>>
export type ServiceOffer = ServicesAnswer['services'][number]
type SlotsAnswer = AnswerOf<NonNullable<(typeof bookingSlots)['methods']['GET']>>
export type BookedAnswer = AnswerOf<NonNullable<(typeof bookingSessions)['methods']['POST']>>
export type SessionLinkAnswer = AnswerOf<NonNullable<(typeof bookingSession)['methods']['GET']>>
type SessionChangeAnswer = AnswerOf<NonNullable<(typeof bookingSession)['methods']['POST']>>

export async function getBookingSlots(service: string, signal?: AbortSignal): Promise<string[]> {
  const { slots } = await api<SlotsAnswer>(`${endpointAddress('bookingSlots')}?${new URLSearchParams({ service })}`, { signal })
  return slots
}

export function bookSession(body: BookSessionInput): Promise<BookedAnswer> {
  return api<BookedAnswer>(endpointAddress('bookingSessions'), { method: 'POST', body })
}

// Async, so an address that cannot be built (a token of "." or "..", endpointPath) is a refusal, not a throw.
export async function getSessionLink(token: string, signal?: AbortSignal): Promise<SessionLinkAnswer> {
  return api<SessionLinkAnswer>(endpointAddress('bookingSession', { token }), { signal })
}

export async function changeSession(token: string, change: { start: string } | { cancel: true }): Promise<SessionChangeAnswer> {
  return api<SessionChangeAnswer>(endpointAddress('bookingSession', { token }), { method: 'POST', body: change })
}

/** The free times a refusal offers instead of the one just taken (409), or undefined for any other failure. */
export function takenSlots(error: unknown): string[] | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined
  const slots = (error.body as { slots?: unknown } | undefined)?.slots
  return Array.isArray(slots) ? slots.filter((slot): slot is string => typeof slot === 'string') : []
}
