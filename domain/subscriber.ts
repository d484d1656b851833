import * as z from 'zod/mini'
import { EMAIL_MAX, isValidEmail } from './fields'
import { CONFIRM_MESSAGES, SUBSCRIBE_MESSAGES } from './subscriber-messages'

export { CONFIRM_MESSAGES, SUBSCRIBE_MESSAGES }

/** The admin's Remove (an erasure request) and Clear stop: what she is told. */
export const SUBSCRIBER_ADMIN_MESSAGES = {
  invalidEmail: 'Choose a subscriber from the list',
  erased: (email: string) => `${email} has been removed, with everything kept about them.`,
  nothingToErase: (email: string) => `Nothing was kept about ${email}.`,
  cleared: (email: string) => `${email} can receive email again.`,
  notStopped: 'Email to this subscriber was not stopped.',
  notFound: 'This subscriber is no longer on the list.',
} as const

/** The body of the admin's Remove and Clear stop: the subscriber's address, by the one email rule. */
export const SubscriberAddressSchema = z.object({
  email: z
    .string({ error: SUBSCRIBER_ADMIN_MESSAGES.invalidEmail })
    .check(z.overwrite(normalizeEmail), z.refine(isValidEmail, { error: SUBSCRIBER_ADMIN_MESSAGES.invalidEmail })),
})

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

/**
 * `pending` until the person confirms from the email the signup sends (double opt-in);
 * subscribers stored before confirmation existed carry no state and read back as confirmed.
 * `bounced` and `complained` come from SendGrid's event webhook (the address does not exist, or
 * its owner marked our mail as spam): such an address is never mailed again, and signing up again
 * does not change that.
 */
export const SUBSCRIBER_STATES = ['pending', 'confirmed', 'bounced', 'complained'] as const

/** The admin list's filters: the start of an address (no longer than one can be), a page, a state. */
export const SubscriberListQuerySchema = z.object({
  search: z._default(
    z.string().check(z.refine((text) => new TextEncoder().encode(text).length <= EMAIL_MAX, { error: 'Search is too long' })),
    '',
  ),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  state: z.optional(z.enum(SUBSCRIBER_STATES, { error: 'Unknown subscriber state' })),
})
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number]
export const SUBSCRIBER_STATE_LABELS: Record<SubscriberState, string> = {
  pending: 'Awaiting confirmation',
  confirmed: 'Confirmed',
  bounced: 'Bounced',
  complained: 'Marked as spam',
}

export const SubscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  created_at: z.string(),
  state: z._default(z.enum(SUBSCRIBER_STATES), 'confirmed'),
  confirmed_at: z.optional(z.string()),
  /** When and why mail stopped (bounced or complained): SendGrid's reason, shown to the admin. */
  stopped_at: z.optional(z.string()),
  stopped_reason: z.optional(z.string()),
  /** Added by an import: who imported the address (their username), shown to the admin. */
  imported_by: z.optional(z.string()),
  /**
   * Added confirmed by an admin's import: how these people gave their consent, in the admin's
   * words, kept with each of them as the record of it (domain/subscriber-import.ts).
   */
  consent_statement: z.optional(z.string()),
})
export type Subscriber = z.infer<typeof SubscriberSchema>

/** An unconfirmed signup, and its confirmation link, last this long. */
export const CONFIRM_TTL_DAYS = 7

export const UnsubscribeSchema = z.object({
  email: z.string().check(z.overwrite(normalizeEmail), z.refine(isValidEmail)),
  token: z.string().check(z.regex(/^[\w-]{20,100}$/)),
})

export const SUBSCRIBERS_PAGE_SIZE = 50

/** The body of POST /api/subscribers/confirm: the signed token from the email's link. */
export const ConfirmSubscriptionSchema = z.object({
  token: z
    .string({ error: CONFIRM_MESSAGES.invalid })
    .check(z.regex(/^[\w-]{1,500}\.[\w-]{1,1000}\.[\w-]{1,200}$/, { error: CONFIRM_MESSAGES.invalid })),
})
