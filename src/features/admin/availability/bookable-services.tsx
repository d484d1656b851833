import { AVAILABILITY_LIMITS, LOCATION_KINDS, LOCATION_LABELS, SESSION_LENGTHS, type LocationKind } from '#domain/availability.ts'
import { CheckboxField, SelectField, TextField } from '#src/features/admin/kit/field.tsx'
import { Panel } from '#src/features/admin/kit/panel.tsx'
import { Intro, Muted } from '#src/features/admin/kit/text.tsx'
import { inHerWords } from './availability-words'
import type { AvailabilityForm, ServiceChoice } from './use-availability-form'
import styles from './availability.module.css'

const LENGTHS = Object.fromEntries(SESSION_LENGTHS.map((minutes) => [String(minutes), `${minutes} minutes`]))
const isKind = (value: string): value is LocationKind => (LOCATION_KINDS as readonly string[]).includes(value)

/** What the where-text asks for, by kind: a place must be named; a call's details are optional. */
const PLACE_FIELD: Record<LocationKind, { label: string; hint: string }> = {
  video: {
    label: 'Video call details (optional)',
    hint: 'Shown to the visitor once booked, e.g. "I will email you a link the day before".',
  },
  phone: { label: 'Phone call details (optional)', hint: 'Shown to the visitor once booked, e.g. "I will call the number you give".' },
  place: { label: 'Where you meet', hint: 'The address or place, as the visitor will read it once booked.' },
}

/**
 * Each service on her Services page, and whether it can be booked online: its length, where it
 * happens and a line for the visitor's confirmation email. The others keep the request form.
 */
export function BookableServices({ form, dropped }: { form: AvailabilityForm; dropped: readonly string[] }) {
  const { values, errors, change } = form
  const update = (row: number, next: Partial<ServiceChoice>) =>
    change((current) => ({ ...current, services: current.services.map((service, at) => (at === row ? { ...service, ...next } : service)) }))
  const error = (key: string) => (errors[key] ? inHerWords(errors[key]) : undefined)
  return (
    <Panel title="Services booked online">
      <Intro>
        Visitors pick a free time for a service that can be booked online. The others keep the request form: visitors send you a message and
        you reply.
      </Intro>
      {values.services.length === 0 && <Muted as="p">Your Services page lists no services yet.</Muted>}
      {dropped.length > 0 && (
        <p className="notice notice-warning">
          {dropped.map((name) => `“${name}”`).join(', ')} {dropped.length === 1 ? 'is' : 'are'} no longer on your Services page, so{' '}
          {dropped.length === 1 ? 'it' : 'they'} cannot be booked. Saving removes {dropped.length === 1 ? 'it' : 'them'} here.
        </p>
      )}
      {errors.services && <p className="field-error">{inHerWords(errors.services)}</p>}
      <ul className={styles.services}>
        {values.services.map((service, row) => {
          const at = `services.${row}`
          const place = PLACE_FIELD[service.kind]
          return (
            <li key={service.name} className={styles.service}>
              <h3 className={styles.serviceName}>{service.name}</h3>
              <CheckboxField
                label="Can be booked online"
                hint={service.on ? undefined : 'Visitors send a request for it.'}
                error={error(`${at}.name`)}
                checked={service.on}
                onChange={(on) => update(row, { on })}
              />
              {service.on && (
                <div className={styles.serviceFields}>
                  <SelectField
                    label="Length"
                    options={LENGTHS}
                    error={error(`${at}.minutes`)}
                    value={String(service.minutes)}
                    onChange={(event) => update(row, { minutes: Number(event.target.value) as ServiceChoice['minutes'] })}
                  />
                  <SelectField
                    label="Where"
                    options={LOCATION_LABELS}
                    error={error(`${at}.location.kind`) ?? error(`${at}.location`)}
                    value={service.kind}
                    onChange={(event) => isKind(event.target.value) && update(row, { kind: event.target.value })}
                  />
                  <TextField
                    label={place.label}
                    hint={place.hint}
                    error={error(`${at}.location.text`)}
                    maxLength={AVAILABILITY_LIMITS.placeText}
                    value={service.text}
                    onChange={(event) => update(row, { text: event.target.value })}
                    wide
                  />
                  <TextField
                    label="Line for the confirmation email (optional)"
                    hint="Added to the visitor's confirmation, e.g. how to get ready for the session."
                    error={error(`${at}.confirmation`)}
                    maxLength={AVAILABILITY_LIMITS.confirmationText}
                    value={service.confirmation}
                    onChange={(event) => update(row, { confirmation: event.target.value })}
                    wide
                  />
                </div>
              )}
            </li>
          )
        })}
      </ul>
    </Panel>
  )
}
