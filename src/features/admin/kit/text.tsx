import { Fragment, type ReactNode } from 'react'
import styles from './text.module.css'

/** Words that stand aside: a detail, an empty list, a note under buttons. `intro` opens a panel. */
export function Muted({
  as: Element = 'span',
  intro = false,
  id,
  children,
}: {
  as?: 'span' | 'p' | 'div'
  intro?: boolean
  id?: string
  children: ReactNode
}) {
  return (
    <Element id={id} className={intro ? `${styles.muted} ${styles.intro}` : styles.muted}>
      {children}
    </Element>
  )
}

/** The sentence that opens a panel, before its form or list, in the panel's own words' colour. */
export function Intro({ children }: { children: ReactNode }) {
  return <p className={styles.intro}>{children}</p>
}

/** Label and value pairs, the labels quiet and the values strong. */
export function Details({ items }: { items: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <dl className={styles.details}>
      {items.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  )
}
