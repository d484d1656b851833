import styles from './editor.module.css'

/** The editor's place while its code arrives (the first time a post is opened): the same size, said to be loading. */
export function EditorLoading({ label }: { label: string }) {
  return (
    <div className={`field ${styles.field}`}>
      <span className={styles.loadingLabel}>{label}</span>
      <div className={`${styles.frame} ${styles.loading}`} role="status">
        Loading the editor…
      </div>
    </div>
  )
}
