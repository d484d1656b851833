import { Check, RotateCcw } from 'lucide-react'
import { useSearchParams } from 'react-router-dom'
import type { StoredBooking } from '#domain/booking.ts'
import { FilteredEmptyState } from '#src/components/ui/empty-state.tsx'
import { bookingsApi } from '#src/features/admin/bookings/bookings-api.ts'
import { shellApi } from '#src/features/admin/shell/shell-api.ts'
import { AdminPageHeader } from '#src/features/admin/kit/admin-page-header.tsx'
import { bookingColumns, serviceChoices } from '#src/features/admin/bookings/booking-columns.tsx'
import { AdminList } from '#src/features/admin/kit/admin-table.tsx'
import { FilterRow, FilterSelect } from '#src/features/admin/kit/filter.tsx'
import { EmailSetupNotice } from '#src/features/admin/shell/email-setup-notice.tsx'
import { FlashBanner } from '#src/features/admin/kit/flash-banner.tsx'
import { TabPanel, Tabs } from '#src/features/admin/kit/tabs.tsx'
import { UpcomingSessions } from '#src/features/admin/bookings/upcoming-sessions.tsx'
import { LoadState } from '#src/features/admin/kit/load-state.tsx'
import { RowAction } from '#src/features/admin/kit/row-action.tsx'
import { useAdminData } from '#src/features/admin/kit/use-admin-data.ts'
import { useFlash } from '#src/features/admin/kit/use-flash.ts'
import { isTitledText, useListText } from '#src/features/content/site-texts.tsx'

/** The two views; the one shown lives in the address, so a link can open either. */
const VIEWS = [
  { id: 'requests', name: 'Requests' },
  { id: 'sessions', name: 'Upcoming sessions' },
] as const

/**
 * Requests and sessions booked online, each in its tab. Every booking request is kept; admins see it here even when its email failed or email is not set
 * up. The service filter is kept in the address (`?service=`), so a view can be shared; the list is
 * read whole, so it filters what has loaded.
 */
export function BookingsPage() {
  const [bookings, reload] = useAdminData(bookingsApi.bookings, 'Failed to load bookings')
  const [params, setParams] = useSearchParams()
  const service = params.get('service') || undefined
  const listed = useListText('services', 'items', isTitledText).map((item) => item.title.trim())
  const [stats] = useAdminData(shellApi.stats, 'Failed to load data')
  const flashControl = useFlash()
  const { flash, run, clear } = flashControl
  const view = VIEWS.find(({ id }) => id === params.get('view')) ?? VIEWS[0]

  async function setStatus(booking: StoredBooking, status: StoredBooking['status']) {
    const ok = await run(() => bookingsApi.setBookingStatus(booking.id, status), {
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

  const requests = (
    <>
      <FilterRow label="Filter bookings">
        <FilterSelect
          label="Service"
          all="All services"
          options={serviceChoices(listed, bookings.status === 'ready' ? bookings.data : [], service).map(
            (choice) => [choice, choice] as const,
          )}
          value={service ?? ''}
          onChange={(value) => setParams(value ? { service: value } : {})}
        />
      </FilterRow>
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
          return <AdminList columns={bookingColumns} rows={rows} actions={actions} />
        }}
      </LoadState>
    </>
  )

  return (
    <>
      <AdminPageHeader
        title="Bookings"
        description="Requests sent through the Book Now form, newest first, and the sessions booked online."
      />
      {stats.status === 'ready' && <EmailSetupNotice email={stats.data.email} />}
      <Tabs
        label="Bookings views"
        tabs={VIEWS}
        current={view.id}
        onSelect={(id) => {
          clear()
          setParams(id === 'sessions' ? { view: id } : {}, { replace: true })
        }}
      />
      <FlashBanner flash={flash} onClose={clear} />
      <TabPanel current={view.id}>{view.id === 'sessions' ? <UpcomingSessions flash={flashControl} /> : requests}</TabPanel>
    </>
  )
}
