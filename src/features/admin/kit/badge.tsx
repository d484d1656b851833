import type { ReactNode } from 'react'
import styles from './badge.module.css'

const TONES = { green: styles.green, amber: styles.amber, gray: styles.gray, red: styles.red }

/** A status word in a list row; green reads as live or done, amber as needing attention, red as stopped. */
export function Badge({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return <span className={`${styles.badge} ${TONES[tone]}`}>{children}</span>
}

/** Badges side by side in one cell. */
export function Badges({ children }: { children: ReactNode }) {
  return <span className={styles.badges}>{children}</span>
}
