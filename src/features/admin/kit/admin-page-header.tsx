import type { ReactNode } from 'react'
import styles from './admin-page-header.module.css'

/** A screen's title and what it is for; `children` (its buttons) sit beside it, side by side. */
export function AdminPageHeader({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <div className={styles.pageHeader}>
      <div>
        <h1>{title}</h1>
        {description && <p>{description}</p>}
      </div>
      {children && <div className={styles.actions}>{children}</div>}
    </div>
  )
}
