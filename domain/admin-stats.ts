/** What GET /api/admin/stats answers: the dashboard's numbers and the state of email. */
export type AdminStats = {
  users: number
  contentItems: number
  lastUpdated: string | null
  posts: number
  resources: number
  email: EmailStatus
}

/**
 * How the site sends email: through SendGrid, into the local outbox (local development only), or
 * not at all because settings are missing on a deployed site. Bookings are stored either way.
 */
export type EmailStatus = { transport: 'sendgrid' | 'outbox' | 'none'; missing: string[] }

export const EMAIL_NOT_CONFIGURED =
  'Email is not set up on this site yet. Booking requests are still saved and listed under Bookings, but no email reaches you or your subscribers until these settings are added in Netlify:'
