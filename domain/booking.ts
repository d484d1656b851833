import * as z from 'zod/mini'
import { SERVICE_MAX, SERVICE_NOT_SURE } from './booking-messages'
import { isCountry } from './countries'
import { emailField, IdSchema, linesCheck, optionalText, requiredText } from './fields'

export { BOOKING_MESSAGES, SERVICE_MAX, SERVICE_NOT_SURE } from './booking-messages'

export const COUNTRY_NOT_LISTED = 'Choose a country from the list'

/**
 * The service a request is about: one of the titles the coach lists, but not checked against them
 * (she may rename one between a visitor's page load and the send). Missing or empty means "Not sure
 * yet".
 */
const serviceField = z.pipe(
  z.optional(
    z.nullable(
      z
        .string({ error: 'Service must be text' })
        .check(
          z.trim(),
          z.maxLength(SERVICE_MAX, { error: `Service must be at most ${SERVICE_MAX} characters` }),
          linesCheck('Service'),
        ),
    ),
  ),
  z.transform((value) => value || SERVICE_NOT_SURE),
)

/**
 * The checks run in this key order and the first failing message is shown (docs/product.md, Validation).
 * `website` is a honeypot: people never see it, so anything in it marks a bot. Every field but the
 * message is one line (docs/decisions.md, One-line fields): each is a line of the coach's email.
 */
export const BookingRequestSchema = z.object({
  firstName: requiredText('First Name is required', 100, 'First Name'),
  lastName: requiredText('Last Name is required', 100, 'Last Name'),
  email: emailField('Email is required', 'Enter a valid email'),
  phone: optionalText(40, 'Phone'),
  company: optionalText(120, 'Company'),
  country: requiredText('Country is required', 80, 'Country').check(
    // Empty is already "Country is required"; one message per field.
    z.refine((value) => value === '' || isCountry(value), { error: COUNTRY_NOT_LISTED }),
  ),
  service: serviceField,
  message: requiredText('Your message is required', 5000, 'Your message', 'many'),
  website: z.optional(z.string().check(z.maxLength(500))),
})

export type BookingRequestInput = z.input<typeof BookingRequestSchema>
export type BookingRequest = z.output<typeof BookingRequestSchema>

/** For the form, which loads this module only when it is used: the parse, without zod's own import. */
export function checkBookingRequest(input: BookingRequestInput) {
  return z.safeParse(BookingRequestSchema, input)
}

/**
 * Who wrote, as a request or a booked session keeps it: the form's contact fields as they were
 * sent (read back without the form's rules, which may have changed since).
 */
export const STORED_VISITOR_FIELDS = {
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.optional(z.string()),
  company: z.optional(z.string()),
  country: z.string(),
}

export const BOOKING_STATUSES = ['new', 'handled'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]
/** `sending` is a claim held by one delivery attempt, so two never send the same email. */
export const EMAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const

/**
 * A stored booking: the request as sent, plus what the office and the mailer know about it.
 * Bookings sent before the form listed countries keep the country as typed; those sent before it
 * asked for a service read back as "Not sure yet".
 */
export const StoredBookingSchema = z.object({
  id: IdSchema,
  ...STORED_VISITOR_FIELDS,
  service: z.pipe(
    z.optional(z.string()),
    z.transform((value) => value ?? SERVICE_NOT_SURE),
  ),
  message: z.string(),
  status: z.enum(BOOKING_STATUSES),
  emailStatus: z.enum(EMAIL_STATUSES),
  emailAttempts: z.number(),
  emailClaimedAt: z.optional(z.string()),
  /** Which delivery attempt holds the claim: a time alone could be shared by two attempts. */
  emailClaim: z.optional(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type StoredBooking = z.infer<typeof StoredBookingSchema>

export const BookingStatusUpdateSchema = z.object({
  status: z.enum(BOOKING_STATUSES, { error: 'Status must be new or handled' }),
})
