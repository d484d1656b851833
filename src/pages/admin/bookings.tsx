import { Check, RotateCcw } from 'lucide-react'
import type { StoredBooking } from '../../../domain/booking'
import { EmptyState } from '../../components/ui/empty-state'
import { Loading } from '../../components/ui/loading'
import { adminApi } from '../../features/admin/api/admin-api'
import { mailtoHref } from '../../../domain/email-link'
import { AdminPageHeader } from '../../features/admin/components/admin-page-header'
import { EmailSetupNotice } from '../../features/admin/components/email-setup-notice'
import styles from '../../features/admin/components/admin-ui.module.css'
import { FlashBanner } from '../../features/admin/components/flash-banner'
import { useAdminData } from '../../features/admin/use-admin-data'
import { useFlash } from '../../features/admin/use-flash'

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

  return (
    <>
      <AdminPageHeader title="Bookings" description="Requests sent through the Book Now form, newest first." />
      <FlashBanner flash={flash} onClose={clear} />
      {stats.status === 'ready' && <EmailSetupNotice email={stats.data.email} />}
      {bookings.status === 'loading' && <Loading label="Loading bookings…" />}
      {bookings.status === 'error' && (
        <p className="notice notice-error" role="alert">
          {bookings.error}
        </p>
      )}
      {bookings.status === 'ready' && bookings.data.length === 0 && <EmptyState message="No booking requests yet." />}
      {bookings.status === 'ready' && bookings.data.length > 0 && (
        <div className={styles.panel}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col">Request</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {bookings.data.map((booking) => (
                <tr key={booking.id}>
                  <td data-label="From">
                    <span className={styles.cellStrong}>
                      {booking.firstName} {booking.lastName}
                    </span>
                    <br />
                    <a href={mailtoHref(booking.email)}>{booking.email}</a>
                    {booking.phone && <div className={styles.muted}>{booking.phone}</div>}
                    <div className={styles.muted}>{[booking.company, booking.country].filter(Boolean).join(' · ')}</div>
                  </td>
                  <td data-label="Request">
                    <span className={styles.muted}>
                      {new Date(booking.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
                    </span>
                    <p className={styles.message}>{booking.message}</p>
                  </td>
                  <td data-label="Status">
                    <span className={`${styles.badge} ${booking.status === 'new' ? styles.badgeAmber : styles.badgeGreen}`}>
                      {booking.status === 'new' ? 'New' : 'Handled'}
                    </span>
                    {booking.emailStatus !== 'sent' && (
                      <div className={styles.muted}>Email {booking.emailStatus === 'failed' ? 'failed, will retry' : 'pending'}</div>
                    )}
                  </td>
                  <td className={styles.actions}>
                    {booking.status === 'new' ? (
                      <button type="button" className={styles.iconButton} onClick={() => setStatus(booking, 'handled')}>
                        <Check aria-hidden="true" size={16} /> Mark handled
                        <span className="visually-hidden">
                          {' '}
                          for {booking.firstName} {booking.lastName}
                        </span>
                      </button>
                    ) : (
                      <button type="button" className={styles.iconButton} onClick={() => setStatus(booking, 'new')}>
                        <RotateCcw aria-hidden="true" size={16} /> Mark new
                        <span className="visually-hidden">
                          {' '}
                          for {booking.firstName} {booking.lastName}
                        </span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
