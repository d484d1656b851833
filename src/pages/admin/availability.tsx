import { useState } from 'react'
import type { Availability } from '#domain/availability.ts'
import { SESSION_MESSAGES } from '#domain/booking-session.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { availabilityApi, placesOf } from '#src/features/admin/availability/availability-api.ts'
import { inHerWords } from '#src/features/admin/availability/availability-words.ts'
import { AvailabilityForm } from '#src/features/admin/availability/availability-form.tsx'
import { CalendarFeed } from '#src/features/admin/availability/calendar-feed.tsx'
import { AdminPageHeader } from '#src/features/admin/kit/admin-page-header.tsx'
import { FlashBanner } from '#src/features/admin/kit/flash-banner.tsx'
import { LoadState } from '#src/features/admin/kit/load-state.tsx'
import { useAdminData } from '#src/features/admin/kit/use-admin-data.ts'
import { failureText, useFlash } from '#src/features/admin/kit/use-flash.ts'

const LOAD_FAILED = 'Failed to load availability'
const SAVE_FAILED = 'Failed to save availability'

/**
 * When the coach can be booked online: her zone, weekly hours, dates off and extra hours, the
 * spacing rules and the services visitors book; and her private calendar address.
 */
export function AvailabilityPage() {
  const [loaded] = useAdminData(availabilityApi.load, LOAD_FAILED)
  const flash = useFlash()
  // What was saved since the screen loaded: the form opens with it again (its key), so leaving
  // after a save asks nothing.
  const [saved, setSaved] = useState<{ availability: Availability; version: number } | null>(null)

  async function save(input: Availability) {
    flash.clear()
    try {
      const { availability, message } = await availabilityApi.save(input)
      setSaved((current) => ({ availability, version: (current?.version ?? 0) + 1 }))
      flash.setFlash({ kind: 'success', text: message ?? SESSION_MESSAGES.availabilitySaved })
      return null
    } catch (error) {
      const text = failureText(error, SAVE_FAILED)
      flash.setFlash({ kind: 'error', text: inHerWords(text) })
      return error instanceof ApiError && error.status === 400 && error.serverMessage ? placesOf(error.serverMessage, input) : []
    }
  }

  return (
    <>
      <AdminPageHeader
        title="Availability"
        description="When visitors can book a session with you online: your hours, your days off and the services they can book."
      />
      <FlashBanner flash={flash.flash} onClose={flash.clear} />
      <LoadState state={loaded} loading="Loading availability…">
        {(data) => (
          <>
            <AvailabilityForm
              key={saved?.version ?? 0}
              availability={saved?.availability ?? data.availability}
              serviceTitles={data.serviceTitles}
              onSave={save}
              saved={saved !== null}
            />
            <CalendarFeed initial={data.feedUrl} />
          </>
        )}
      </LoadState>
    </>
  )
}
