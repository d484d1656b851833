import { SESSION_MESSAGES } from '#domain/booking-session.ts'
import { SlotTakenError } from '#lib/data/sessions.ts'
import { json } from '#lib/http/route.ts'

/**
 * A time no longer free, answered 409 with the next free times, so the page can offer them at
 * once. `message` as every refusal carries it, and `error`, the same words.
 */
export async function answeringTaken<T>(work: () => Promise<T>): Promise<T | Response> {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof SlotTakenError)) throw error
    return json({ success: false, message: SESSION_MESSAGES.taken, error: SESSION_MESSAGES.taken, slots: error.slots }, { status: 409 })
  }
}
