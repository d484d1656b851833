import * as z from 'zod/mini'
import { isValidEmail } from './fields'
import { SUBSCRIBE_MESSAGES } from './subscriber-messages'

export { SUBSCRIBE_MESSAGES }

/** Emails are kept trimmed and lower-cased, so one person is one subscriber (docs/decisions.md, Subscribers). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

export const SubscribeSchema = z.object({
  email: z
    .string({ error: SUBSCRIBE_MESSAGES.invalidEmail })
    .check(z.overwrite(normalizeEmail), z.refine(isValidEmail, { error: SUBSCRIBE_MESSAGES.invalidEmail })),
  // Honeypot, as on the booking form.
  website: z.optional(z.string().check(z.maxLength(500))),
})
export type SubscribeInput = z.input<typeof SubscribeSchema>

/** The form's check, as a function: the form loads this module only when someone subscribes. */
export function checkSubscribe(input: SubscribeInput) {
  return z.safeParse(SubscribeSchema, input)
}

export const SubscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  created_at: z.string(),
})
export type Subscriber = z.infer<typeof SubscriberSchema>

export const UnsubscribeSchema = z.object({
  email: z.string().check(z.overwrite(normalizeEmail), z.refine(isValidEmail)),
  token: z.string().check(z.regex(/^[\w-]{20,100}$/)),
})

export const SUBSCRIBERS_PAGE_SIZE = 50
