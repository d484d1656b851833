import type { Context } from '@netlify/functions'
import { rateLimits, type Limit } from './data/rate-limits'
import { clientAddress, HttpError } from './http'

/**
 * Per-address limits for the public forms: generous enough that a person never meets them,
 * tight enough that a script cannot flood the coach's inbox or the list.
 */
const LIMITS: Record<'booking' | 'subscribe', Limit> = {
  booking: { scope: 'booking', max: 5, windowMs: 60 * 60_000 },
  subscribe: { scope: 'subscribe', max: 10, windowMs: 60 * 60_000 },
}

export async function limitPublicForm(form: keyof typeof LIMITS, req: Request, context: Context): Promise<void> {
  const limit = LIMITS[form]
  const address = clientAddress(req, context)
  // One step, not check-then-count: concurrent requests would all pass a check made before any counted.
  const { allowed, retryAfterSeconds } = await rateLimits.take(limit, address)
  if (!allowed) {
    throw new HttpError(429, 'Too many requests from your connection. Please try again later.', {
      'Retry-After': String(retryAfterSeconds),
    })
  }
}
