import type { ReactNode } from 'react'
import { Panel } from '#src/features/admin/kit/panel.tsx'
import { StatFigure } from '#src/features/admin/kit/stat.tsx'
import styles from './shell.module.css'

/** The dashboard's totals, side by side where there is room. */
export function DashboardStats({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className={styles.statGrid} aria-label={label}>
      {children}
    </ul>
  )
}

/** One total in its own panel, with its icon. */
export function DashboardStat({ icon, value, label }: { icon: ReactNode; value: string; label: string }) {
  return (
    <Panel as="li" className={styles.stat}>
      <span className={styles.statIcon} aria-hidden="true">
        {icon}
      </span>
      <StatFigure value={value} label={label} />
    </Panel>
  )
}
