import { useId, type ReactNode } from 'react'
import styles from './panel.module.css'

/**
 * A white panel: named by its heading (`title`, e.g. a create form or a dashboard section), or,
 * holding its own heading or none, by `label` or `labelledBy`. `as` picks the element (a list
 * item in a grid of panels). `className` adds a room's own spacing.
 */
export function Panel({
  title,
  label,
  labelledBy,
  id,
  as: Element = 'section',
  className,
  children,
}: {
  title?: string
  label?: string
  labelledBy?: string
  id?: string
  as?: 'section' | 'div' | 'li'
  className?: string
  children: ReactNode
}) {
  const titleId = useId()
  const named = title ? titleId : labelledBy
  return (
    <Element
      id={id}
      className={className ? `${styles.panel} ${className}` : styles.panel}
      aria-labelledby={Element === 'section' ? named : undefined}
      aria-label={Element === 'section' ? label : undefined}
    >
      {title && (
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
      )}
      {children}
    </Element>
  )
}

/** A panel's heading drawn by the room (beside a link, in its own header): the panel's look. */
export const panelTitleClass = styles.title
