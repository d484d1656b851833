import { activitySentence, type ActivityEntry } from '#domain/activity.ts'
import { formatDateTime } from '#domain/text.ts'
import styles from '#src/features/admin/kit/admin-ui.module.css'

/** History entries, newest first: when, who, what, and the short before/after summary. */
export function ActivityList({ entries, empty }: { entries: ActivityEntry[]; empty: string }) {
  if (entries.length === 0) return <p className={styles.muted}>{empty}</p>
  return (
    <ol className={styles.activity}>
      {entries.map((entry) => (
        <li key={entry.id} className={styles.activityEntry}>
          <time dateTime={entry.at} className={styles.activityTime}>
            {formatDateTime(entry.at)}
          </time>
          <p className={styles.activityWhat}>
            <strong>{entry.actor.username}</strong> {activitySentence(entry)}
          </p>
          {entry.changes.length > 0 && (
            <ul className={styles.activityChanges}>
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
