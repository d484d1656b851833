import { Plus, type LucideIcon } from 'lucide-react'
import styles from './admin-ui.module.css'

type RowActionProps = {
  icon: LucideIcon
  label: string
  /** What the action acts on, added for screen readers so each row's buttons have their own names. */
  subject: string
  danger?: boolean
} & ({ onClick: () => void; disabled?: boolean; href?: undefined } | { href: string })

/** A small icon button (or a link that opens a new tab) in a list row's actions. */
export function RowAction({ icon: Icon, label, subject, danger = false, ...action }: RowActionProps) {
  const content = (
    <>
      <Icon aria-hidden="true" size={16} />
      {` ${label}`}
      <span className="visually-hidden">{` ${subject}`}</span>
    </>
  )
  if (action.href !== undefined)
    return (
      <a className={styles.iconButton} href={action.href} target="_blank" rel="noopener noreferrer">
        {content}
      </a>
    )
  return (
    <button
      type="button"
      className={danger ? `${styles.iconButton} ${styles.dangerLink}` : styles.iconButton}
      onClick={action.onClick}
      disabled={action.disabled}
    >
      {content}
    </button>
  )
}

/** The button that opens a list's create form. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="btn btn-secondary btn-small" onClick={onClick}>
      <Plus aria-hidden="true" size={18} /> {label}
    </button>
  )
}
