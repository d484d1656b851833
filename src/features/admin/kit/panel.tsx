import { useId, type ReactNode } from 'react'
import styles from './admin-ui.module.css'

/** A white panel named by its heading, e.g. a create form or a dashboard section. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id} className={styles.panelTitle}>
        {title}
      </h2>
      {children}
    </section>
  )
}
