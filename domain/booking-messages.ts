/**
 * The booking form's outcome words, kept apart from the schemas in booking.ts (which re-exports
 * them): the form shows them without loading the validation library with the page.
 */
export const BOOKING_MESSAGES = {
  success: "Thanks! Your request has been sent. We'll be in touch shortly.",
  failed: 'Failed to send booking',
  unexpected: 'Something went wrong. Please try again later.',
} as const
