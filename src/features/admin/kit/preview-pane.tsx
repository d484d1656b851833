import { useId, type ReactNode } from 'react'
import styles from './preview-pane.module.css'

/**
 * An editor (or what was sent) and its preview beside it; the editor's side is a column of its
 * own. `after` goes under both (under the editor where they sit side by side).
 */
export function WithPreview({ children, preview, after }: { children: ReactNode; preview: ReactNode; after?: ReactNode }) {
  return (
    <div className={styles.withPreview}>
      <div className={styles.column}>{children}</div>
      {preview}
      {after}
    </div>
  )
}

/**
 * A preview pane, named by its note (what it shows, or that it is updating), announced as it
 * changes; busy while a new one is made.
 */
export function PreviewPane({ note, busy, children }: { note: string; busy: boolean; children: ReactNode }) {
  const id = useId()
  return (
    <section className={styles.preview} aria-labelledby={id} aria-busy={busy}>
      <p id={id} className={styles.note} role="status">
        {note}
      </p>
      {children}
    </section>
  )
}
