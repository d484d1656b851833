import type { ReactNode } from 'react'
import {
  activitySentence,
  readLine,
  type ActivityChange,
  type ActivityEntry,
  type ChangeValue,
  type FieldChange,
} from '#domain/activity.ts'
import { formatDateTime } from '#domain/text.ts'
import { Muted } from '#src/features/admin/kit/text.tsx'
import styles from './activity-list.module.css'

/** History entries, newest first: when, who, what, and the short before/after summary. */
export function ActivityList({ entries, empty }: { entries: ActivityEntry[]; empty: string }) {
  if (entries.length === 0) return <Muted as="p">{empty}</Muted>
  return (
    <ol className={styles.activity}>
      {entries.map((entry) => {
        const changes = entry.changes.map(changeLine).filter((line) => line !== null)
        return (
          <li key={entry.id} className={styles.entry}>
            <time dateTime={entry.at} className={styles.time}>
              {formatDateTime(entry.at)}
            </time>
            <p className={styles.what}>
              <strong>{entry.actor.username}</strong> {activitySentence(entry)}
            </p>
            {changes.length > 0 && (
              <ul className={styles.changes}>
                {changes.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            )}
          </li>
        )
      })}
    </ol>
  )
}

const time = (iso: string) => formatDateTime(iso)

/** One line of an entry's summary, or null when it says nothing. */
function changeLine(change: ActivityChange): ReactNode {
  if (typeof change === 'string') return readLine(change, time)
  if (change.kind === 'long') return `${change.label} changed`
  if (change.value !== undefined) return <FieldValue change={change} value={change.value} />
  if (change.before === undefined && change.after === undefined) return null
  return (
    <>
      {change.label}: <Value change={change} value={change.before} /> → <Value change={change} value={change.after} />
    </>
  )
}

function FieldValue({ change, value }: { change: FieldChange; value: ChangeValue }) {
  return (
    <>
      {change.label}: <Value change={change} value={value} />
    </>
  )
}

/** A value as she reads it: a moment in her time zone, a list item by item, a text in quotes, nothing as "(empty)". */
function Value({ change, value }: { change: FieldChange; value: ChangeValue | undefined }) {
  if (value === undefined) return <span className={styles.empty}>(empty)</span>
  if (Array.isArray(value))
    return (
      <ul className={styles.values}>
        {value.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    )
  if (change.kind === 'time') return <>{formatDateTime(value) || value}</>
  return <>“{value}”</>
}
