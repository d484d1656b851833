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
  const { allowed, retryAfterSeconds } = await rateLimits.check(limit, address)
  if (!allowed) {
    throw new HttpError(429, 'Too many requests from your connection. Please try again later.', {
      'Retry-After': String(retryAfterSeconds),
    })
  }
  await rateLimits.count(limit, address)
}
