import type { ReactNode } from 'react'
import styles from './stat.module.css'

/** A number and what it counts, the number large (a dashboard total). */
export function StatFigure({ value, label }: { value: ReactNode; label: string }) {
  return (
    <span>
      <span className={styles.value}>{value}</span>
      <span className={styles.label}>{label}</span>
    </span>
  )
}

/** A row of counts, each named over its number (how a send went). */
export function StatCounts({ items }: { items: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <dl className={styles.counts}>
      {items.map(([label, value]) => (
        <div key={label} className={styles.count}>
          <dt className={styles.label}>{label}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
