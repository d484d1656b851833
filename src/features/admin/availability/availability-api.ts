import * as z from 'zod/mini'
import { adminAvailability, adminCalendarFeed } from '#domain/api/booking.ts'
import { availabilitySchema, type AvailabilityInput } from '#domain/availability.ts'
import { adminCall } from '#src/features/admin/kit/admin-call.ts'
import type { Issue } from './use-availability-form'

/** Her availability (with the Services page's titles and her calendar address), saving it, and a new calendar address. */
export const availabilityApi = {
  load: () => adminCall(adminAvailability, 'GET'),
  save: (availability: AvailabilityInput) => adminCall(adminAvailability, 'PUT', { body: availability }),
  renewFeed: () => adminCall(adminCalendarFeed, 'POST'),
}

/**
 * Where a refusal's message belongs. The function answers its first failing check as a message;
 * checked here against every rule the schema has (every service counted as off the Services page,
 * the one check the browser cannot make for certain: the page may have changed since this screen
 * loaded), the issues carrying that same message are the fields it speaks of.
 */
export function placesOf(message: string, sent: AvailabilityInput): Issue[] {
  const parsed = z.safeParse(availabilitySchema([]), sent)
  return parsed.success ? [] : parsed.error.issues.filter((issue) => issue.message === message)
}
