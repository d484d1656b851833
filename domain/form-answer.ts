import { functionPath, SITE_ENDPOINTS } from './route-map'

/**
 * What a form's function answered when the browser posted the form itself (before the page's code
 * ran, or with JavaScript off). The function renders the page again with this in it, so the form
 * shows the outcome: the success message, or the first failing check's message next to its field
 * with everything that was typed. The page's code reads the same answer when it starts, so the
 * hydrated page shows the same thing.
 */
export const BOOKING_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'company', 'country', 'service', 'message'] as const
export type BookingField = (typeof BOOKING_FIELDS)[number]

export type BookingAnswer = {
  form: 'booking'
  ok: boolean
  message: string
  /** The field whose check failed, if the failure belongs to one. */
  field?: BookingField
  /** What was typed, kept on a failure; empty after a success, as the form clears. */
  values: Partial<Record<BookingField, string>>
}

export type NewsletterAnswer = {
  form: 'newsletter'
  ok: boolean
  message: string
  email: string
}

export type FormAnswer = BookingAnswer | NewsletterAnswer

/**
 * Where the prerendered forms post. The function paths answer on every host (the site's own
 * addresses are rewrites to them); the fragment brings the answer page to where its outcome shows:
 * the booking form's notice (by its button; the form is long on a phone), the newsletter box.
 * A booking answer whose failure belongs to a field has no notice, so nothing matches the fragment
 * and the browser honours that field's autofocus instead (it does not while a fragment matches).
 */
export const FORM_ANCHORS = { booking: 'booking-answer', newsletter: 'newsletter' } as const

export const FORM_ACTIONS = {
  booking: `${functionPath(SITE_ENDPOINTS.booking.function)}#${FORM_ANCHORS.booking}`,
  newsletter: `${functionPath(SITE_ENDPOINTS.subscribers.function)}#${FORM_ANCHORS.newsletter}`,
} as const

/** The pages a newsletter form sits on, by the path the form reports: the answer renders that page. */
export const NEWSLETTER_PAGE_FIELD = 'page'
