import { Check, RotateCcw } from 'lucide-react'
import type { StoredBooking } from '../../../domain/booking'
import { mailtoHref } from '../../../domain/email-link'
import { adminApi } from '../../features/admin/api/admin-api'
import { AdminPageHeader } from '../../features/admin/components/admin-page-header'
import { AdminList, type Column } from '../../features/admin/components/admin-table'
import styles from '../../features/admin/components/admin-ui.module.css'
import { Badge } from '../../features/admin/components/badge'
import { EmailSetupNotice } from '../../features/admin/components/email-setup-notice'
import { FlashBanner } from '../../features/admin/components/flash-banner'
import { LoadState } from '../../features/admin/components/load-state'
import { RowAction } from '../../features/admin/components/row-action'
import { useAdminData } from '../../features/admin/use-admin-data'
import { useFlash } from '../../features/admin/use-flash'

const columns: Column<StoredBooking>[] = [
  {
    label: 'From',
    cell: (booking) => (
      <>
        <span className={styles.cellStrong}>
          {booking.firstName} {booking.lastName}
        </span>
        <br />
        <a href={mailtoHref(booking.email)}>{booking.email}</a>
        {booking.phone && <div className={styles.muted}>{booking.phone}</div>}
        <div className={styles.muted}>{[booking.company, booking.country].filter(Boolean).join(' · ')}</div>
      </>
    ),
  },
  {
    label: 'Request',
    cell: (booking) => (
      <>
        <span className={styles.muted}>
          {new Date(booking.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
        </span>
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
          <div className={styles.muted}>Email {booking.emailStatus === 'failed' ? 'failed, will retry' : 'pending'}</div>
        )}
      </>
    ),
  },
]

/** Every booking request is kept; admins see it here even when its email failed or email is not set up. */
export function BookingsPage() {
  const [bookings, reload] = useAdminData(adminApi.bookings, 'Failed to load bookings')
  const [stats] = useAdminData(adminApi.stats, 'Failed to load data')
  const { flash, run, clear } = useFlash()

  async function setStatus(booking: StoredBooking, status: StoredBooking['status']) {
    const ok = await run(() => adminApi.setBookingStatus(booking.id, status), {
      success: status === 'handled' ? 'Booking marked as handled' : 'Booking marked as new',
      failure: 'Failed to update booking',
    })
    if (ok) reload()
  }

  /** A new request can be marked handled, a handled one new again. */
  const actions = (booking: StoredBooking) => {
    const subject = `for ${booking.firstName} ${booking.lastName}`
    return booking.status === 'new' ? (
      <RowAction icon={Check} label="Mark handled" subject={subject} onClick={() => setStatus(booking, 'handled')} />
    ) : (
      <RowAction icon={RotateCcw} label="Mark new" subject={subject} onClick={() => setStatus(booking, 'new')} />
    )
  }

  return (
    <>
      <AdminPageHeader title="Bookings" description="Requests sent through the Book Now form, newest first." />
      <FlashBanner flash={flash} onClose={clear} />
      {stats.status === 'ready' && <EmailSetupNotice email={stats.data.email} />}
      <LoadState state={bookings} loading="Loading bookings…">
        {(rows) => <AdminList columns={columns} rows={rows} actions={actions} empty="No booking requests yet." />}
      </LoadState>
    </>
  )
}
