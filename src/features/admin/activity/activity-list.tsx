import { activitySentence, type ActivityEntry } from '#domain/activity.ts'
import { formatDateTime } from '#domain/text.ts'
import { Muted } from '#src/features/admin/kit/text.tsx'
import styles from './activity-list.module.css'

/** History entries, newest first: when, who, what, and the short before/after summary. */
export function ActivityList({ entries, empty }: { entries: ActivityEntry[]; empty: string }) {
  if (entries.length === 0) return <Muted as="p">{empty}</Muted>
  return (
    <ol className={styles.activity}>
      {entries.map((entry) => (
        <li key={entry.id} className={styles.entry}>
          <time dateTime={entry.at} className={styles.time}>
            {formatDateTime(entry.at)}
          </time>
          <p className={styles.what}>
            <strong>{entry.actor.username}</strong> {activitySentence(entry)}
          </p>
          {entry.changes.length > 0 && (
            <ul className={styles.changes}>
              {entry.changes.map((change, i) => (
                <li key={i}>{change}</li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  )
}
