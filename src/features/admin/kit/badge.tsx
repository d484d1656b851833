import type { ReactNode } from 'react'
import styles from './admin-ui.module.css'

const TONES = { green: styles.badgeGreen, amber: styles.badgeAmber, gray: styles.badgeGray, red: styles.badgeRed }

/** A status word in a list row; green reads as live or done, amber as needing attention, red as stopped. */
export function Badge({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return <span className={`${styles.badge} ${TONES[tone]}`}>{children}</span>
}
