import type { ReactNode } from 'react'
import styles from './admin-ui.module.css'

export function AdminPageHeader({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <div className={styles.pageHeader}>
      <div>
        <h1>{title}</h1>
        {description && <p>{description}</p>}
      </div>
      {children}
    </div>
  )
}
