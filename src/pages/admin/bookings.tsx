import { Check, RotateCcw } from 'lucide-react'
import { useSearchParams } from 'react-router-dom'
import type { StoredBooking } from '#domain/booking.ts'
import { SERVICE_NOT_SURE } from '#domain/booking-messages.ts'
import { mailtoHref } from '#domain/email-link.ts'
import { FilteredEmptyState } from '#src/components/ui/empty-state.tsx'
import { adminApi } from '#src/features/admin/kit/admin-api.ts'
import { AdminPageHeader } from '#src/features/admin/kit/admin-page-header.tsx'
import { AdminList, type Column } from '#src/features/admin/kit/admin-table.tsx'
import styles from '#src/features/admin/kit/admin-ui.module.css'
import { Badge } from '#src/features/admin/kit/badge.tsx'
import { EmailSetupNotice } from '#src/features/admin/shell/email-setup-notice.tsx'
import { FlashBanner } from '#src/features/admin/kit/flash-banner.tsx'
import { LoadState } from '#src/features/admin/kit/load-state.tsx'
import { RowAction } from '#src/features/admin/kit/row-action.tsx'
import { useAdminData } from '#src/features/admin/kit/use-admin-data.ts'
import { useFlash } from '#src/features/admin/kit/use-flash.ts'
import { isTitledText, useListText } from '#src/features/content/site-texts.tsx'

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
        <div>
          <span className={styles.muted}>Service:</span> <span className={styles.cellStrong}>{booking.service}</span>
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
          <div className={styles.muted}>Email {booking.emailStatus === 'failed' ? 'failed, will retry' : 'pending'}</div>
        )}
      </>
    ),
  },
]

/**
 * The services to filter by: the ones the site lists now, "Not sure yet", then any other that
 * bookings carry (a service renamed or removed since), and the one in the address.
 */
function serviceChoices(listed: string[], bookings: StoredBooking[], current: string | undefined): string[] {
  const others = [...bookings.map((booking) => booking.service), ...(current ? [current] : [])].sort((a, b) => a.localeCompare(b))
  return [...new Set([...listed, SERVICE_NOT_SURE, ...others])]
}

/**
 * Every booking request is kept; admins see it here even when its email failed or email is not set
 * up. The service filter is kept in the address (`?service=`), so a view can be shared; the list is
 * read whole, so it filters what has loaded.
 */
export function BookingsPage() {
  const [bookings, reload] = useAdminData(adminApi.bookings, 'Failed to load bookings')
  const [params, setParams] = useSearchParams()
  const service = params.get('service') || undefined
  const listed = useListText('services', 'items', isTitledText).map((item) => item.title.trim())
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
      <form className={styles.filterRow} aria-label="Filter bookings" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor="bookings-service">Service</label>
          <select
            id="bookings-service"
            className="input"
            value={service ?? ''}
            onChange={(event) => setParams(event.target.value ? { service: event.target.value } : {})}
          >
            <option value="">All services</option>
            {serviceChoices(listed, bookings.status === 'ready' ? bookings.data : [], service).map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        </div>
      </form>
      <LoadState state={bookings} loading="Loading bookings…">
        {(all) => {
          const rows = service ? all.filter((booking) => booking.service === service) : all
          if (rows.length === 0)
            return (
              <FilteredEmptyState
                filtered={service ? `No booking requests for "${service}".` : null}
                messages={{ empty: 'No booking requests yet.', viewAll: 'Show all bookings' }}
                onShowAll={() => setParams({})}
              />
            )
          return <AdminList columns={columns} rows={rows} actions={actions} />
        }}
      </LoadState>
    </>
  )
}
