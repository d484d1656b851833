import { useId, useMemo, useState } from 'react'
import { visitorTimeZone } from '#domain/booking-slot-display.ts'
import { Button } from '#src/features/admin/kit/button.tsx'
import { TextField } from '#src/features/admin/kit/field.tsx'
import { Panel } from '#src/features/admin/kit/panel.tsx'
import { Intro } from '#src/features/admin/kit/text.tsx'
import { inHerWords, zoneChoices, zoneLabel, zoneOfText } from './availability-words'
import type { AvailabilityForm } from './use-availability-form'

/**
 * Her time zone, typed and picked from the runtime's list of places (a search as she types), each
 * shown by its place and zone name. The zone this device is set to is offered when it differs.
 */
export function TimeZoneField({ form, saved }: { form: AvailabilityForm; saved: string }) {
  const listId = useId()
  const device = visitorTimeZone()
  const choices = useMemo(() => zoneChoices([saved, device]), [saved, device])
  const labelOf = (zone: string) => choices.find((choice) => choice.zone === zone)?.label ?? zoneLabel(zone)
  const [text, setText] = useState(() => labelOf(form.values.timeZone))
  // Four hundred places: put on the page once she starts choosing, and drawn once, not on every
  // change to the form.
  const [listed, setListed] = useState(false)
  const list = useMemo(
    () => <datalist id={listId}>{listed && choices.map((choice) => <option key={choice.zone} value={choice.label} />)}</datalist>,
    [listed, listId, choices],
  )
  const { values, errors, change } = form

  const choose = (typed: string) => {
    setText(typed)
    const zone = zoneOfText(typed, choices)
    change((current) => ({ ...current, timeZone: zone }))
  }

  return (
    <Panel title="Your time zone">
      <Intro>Your hours and dates are in this time zone. Visitors see the times in their own.</Intro>
      <TextField
        label="Time zone"
        hint="Type a city near you, then pick it from the list."
        error={errors.timeZone ? inHerWords(errors.timeZone) : undefined}
        list={listId}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onFocus={() => setListed(true)}
        onChange={(event) => choose(event.target.value)}
        // Leaving the box with a zone chosen writes it out in full, as the list shows it.
        onBlur={() => values.timeZone && setText(labelOf(values.timeZone))}
      />
      {list}
      {device !== values.timeZone && choices.some((choice) => choice.zone === device) && (
        <p>
          This device is set to {labelOf(device)}.{' '}
          <Button variant="link" onClick={() => choose(labelOf(device))}>
            Use {labelOf(device)}
          </Button>
        </p>
      )}
    </Panel>
  )
}
