import { useEffect, useRef } from 'react'
import type { Availability } from '#domain/availability.ts'
import { Button } from '#src/features/admin/kit/button.tsx'
import { useLeaveGuard } from '#src/features/admin/kit/use-leave-guard.ts'
import { todayIn } from './availability-words'
import { BookableServices } from './bookable-services'
import { BookingRules } from './booking-rules'
import { DatesOff, ExtraHoursList } from './dates-off'
import { TimeZoneField } from './time-zone-field'
import { useAvailabilityForm, valuesOf, type Issue } from './use-availability-form'
import { WeeklyHours } from './weekly-hours'
import styles from './availability.module.css'

/**
 * Everything she sets about when she can be booked, saved at once. Checked with the shared schema
 * before it is sent; the first field with a message then takes the focus, so a message further
 * down the page is not missed. Leaving with unsaved changes asks first.
 */
export function AvailabilityForm({
  availability,
  serviceTitles,
  onSave,
  saved = false,
}: {
  availability: Availability
  serviceTitles: readonly string[]
  /** Opened again with what was just saved: the bar says so until the next change (the banner is up at the top). */
  saved?: boolean
  onSave: (input: Availability) => Promise<readonly Issue[] | null>
}) {
  const form = useAvailabilityForm({ initial: valuesOf(availability, serviceTitles), serviceTitles, onSave })
  const guard = useLeaveGuard(form.dirty && !form.saving)
  const ref = useRef<HTMLFormElement>(null)
  const today = todayIn(form.values.timeZone || availability.timeZone)
  const dropped = availability.services.map((service) => service.name).filter((name) => !serviceTitles.includes(name))

  useEffect(() => {
    const first = ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    first?.focus()
  }, [form.errors])

  return (
    <form ref={ref} className={styles.form} onSubmit={(event) => void form.submit(event)} noValidate aria-label="Availability">
      <TimeZoneField form={form} saved={availability.timeZone} />
      <WeeklyHours form={form} />
      <DatesOff form={form} today={today} />
      <ExtraHoursList form={form} today={today} />
      <BookingRules form={form} />
      <BookableServices form={form} dropped={dropped} />
      <div className={styles.saveBar}>
        <Button type="submit" variant="secondary" busy={form.saving}>
          Save availability
        </Button>
        {form.dirty && !form.saving && <span className={styles.unsaved}>You have unsaved changes</span>}
        {saved && !form.dirty && <span className={styles.saved}>All changes saved</span>}
      </div>
      {guard.dialog}
    </form>
  )
}
