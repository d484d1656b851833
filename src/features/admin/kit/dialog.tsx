import { useEffect, useId, useRef, type ReactNode } from 'react'
import styles from './dialog.module.css'

/**
 * A native modal <dialog>, open while drawn: it keeps the focus inside, and Escape calls
 * `onCancel` (the dialog is then removed by its owner, not closed by the browser). `actions` are
 * its buttons, at the end.
 */
export function Dialog({
  title,
  description,
  wide = false,
  onCancel,
  actions,
  children,
}: {
  title: ReactNode
  /** The id of what describes it (a question's message). */
  description?: string
  wide?: boolean
  onCancel: () => void
  actions: ReactNode
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    ref.current?.showModal()
  }, [])
  return (
    <dialog
      ref={ref}
      className={wide ? `${styles.dialog} ${styles.wide}` : styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={description}
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
    >
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {children}
      <div className={styles.actions}>{actions}</div>
    </dialog>
  )
}
