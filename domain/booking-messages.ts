/**
 * The service of a request that names none: the form's preselected choice, what the server keeps
 * when the field is missing or empty, and what bookings sent before the form asked read back as.
 */
export const SERVICE_NOT_SURE = 'Not sure yet'

/** The longest service title a request may carry (a title the coach lists, or one renamed since). */
export const SERVICE_MAX = 120

/**
 * The booking form's outcome words, kept apart from the schemas in booking.ts (which re-exports
 * them): the form shows them without loading the validation library with the page.
 */
export const BOOKING_MESSAGES = {
  success: "Thanks! Your request has been sent. We'll be in touch shortly.",
  failed: 'Failed to send booking',
  unexpected: 'Something went wrong. Please try again later.',
} as const

/** A booking's status as the admin reads it (the Bookings list, the history). */
export const BOOKING_STATUS_LABELS = { new: 'New', handled: 'Handled' } as const
