import type { Context } from '@netlify/functions'
import { clientNetwork } from '#lib/http/client-network.ts'
import { rateLimits, type Limit } from '#lib/data/rate-limits.ts'
import { HttpError } from '#lib/http/route.ts'

/**
 * Per-network limits for what visitors send. They are sized for a room of real people on one
 * network (a church hall's Wi-Fi after a talk: a hundred people subscribing and twenty booking
 * within ten minutes all get through) and stop a script long before it floods the list, the
 * coach's inbox or storage. Abuse of one recipient is bounded separately (one welcome email per
 * address a day, see newsletter.ts). The numbers are listed in the README's Security section.
 */
export const PUBLIC_LIMITS = {
  subscribe: { scope: 'subscribe', max: 300, windowMs: 60 * 60_000 },
  booking: { scope: 'booking', max: 40, windowMs: 60 * 60_000 },
  /**
   * Booking a session online, and moving or cancelling one from its emailed link. A little more
   * than requests: a time just taken is answered 409 and the visitor tries the next one.
   */
  session: { scope: 'session', max: 60, windowMs: 60 * 60_000 },
  download: { scope: 'download', max: 300, windowMs: 60 * 60_000 },
  /**
   * "Forgot your password?" requests. Its own scope, so a network that uses it up is refused
   * nothing else; each account gets at most one email per interval whoever asks (password-reset.ts).
   */
  passwordReset: { scope: 'reset-request', max: 20, windowMs: 60 * 60_000 },
} as const satisfies Record<string, Limit>

export const TOO_MANY_REQUESTS = 'Too many requests from your connection. Please try again later.'

export async function limitPublicForm(form: keyof typeof PUBLIC_LIMITS, req: Request, context: Context): Promise<void> {
  // One step, not check-then-count: concurrent requests would all pass a check made before any counted.
  const { allowed, retryAfterSeconds } = await rateLimits.take(PUBLIC_LIMITS[form], clientNetwork(req, context))
  if (!allowed) throw new HttpError(429, TOO_MANY_REQUESTS, { 'Retry-After': String(retryAfterSeconds) })
}
