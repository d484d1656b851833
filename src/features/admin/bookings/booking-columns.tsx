import type { StoredBooking } from '#domain/booking.ts'
import { SERVICE_NOT_SURE } from '#domain/booking-messages.ts'
import { mailtoHref } from '#domain/email-link.ts'
import { formatDateTime } from '#domain/text.ts'
import { CellText, type Column } from '#src/features/admin/kit/admin-table.tsx'
import { Badge } from '#src/features/admin/kit/badge.tsx'
import styles from './bookings.module.css'

/** A booking request as listed: who sent it, what they asked for, and where it stands. */
export const bookingColumns: Column<StoredBooking>[] = [
  {
    label: 'From',
    cell: (booking) => (
      <>
        <CellText look="strong">
          {booking.firstName} {booking.lastName}
        </CellText>
        <br />
        <a href={mailtoHref(booking.email)}>{booking.email}</a>
        {booking.phone && (
          <CellText look="muted" as="div">
            {booking.phone}
          </CellText>
        )}
        <CellText look="muted" as="div">
          {[booking.company, booking.country].filter(Boolean).join(' · ')}
        </CellText>
      </>
    ),
  },
  {
    label: 'Request',
    cell: (booking) => (
      <>
        <CellText look="muted">{formatDateTime(booking.createdAt)}</CellText>
        <div>
          <CellText look="muted">Service:</CellText> <CellText look="strong">{booking.service}</CellText>
        </div>
        <p className={styles.message}>{booking.message}</p>
      </>
    ),
  },
  {
    label: 'Status',
    cell: (booking) => (
      <>
        <Badge tone={booking.status === 'new' ? 'amber' : 'green'}>{booking.status === 'new' ? 'New' : 'Handled'}</Badge>
        {booking.emailStatus !== 'sent' && (
          <CellText look="muted" as="div">
            Email {booking.emailStatus === 'failed' ? 'failed, will retry' : 'pending'}
          </CellText>
        )}
      </>
    ),
  },
]

/**
 * The services to filter by: the ones the site lists now, "Not sure yet", then any other that
 * bookings carry (a service renamed or removed since), and the one in the address.
 */
export function serviceChoices(listed: string[], bookings: StoredBooking[], current: string | undefined): string[] {
  const others = [...bookings.map((booking) => booking.service), ...(current ? [current] : [])].sort((a, b) => a.localeCompare(b))
  return [...new Set([...listed, SERVICE_NOT_SURE, ...others])]
}
