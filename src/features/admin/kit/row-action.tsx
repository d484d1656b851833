import { Plus, type LucideIcon } from 'lucide-react'
import { Button, ButtonLink } from './button'

type RowActionProps = {
  icon: LucideIcon
  label: string
  /** What the action acts on, added for screen readers so each row's buttons have their own names. */
  subject: string
  danger?: boolean
} & ({ onClick: () => void; disabled?: boolean; busy?: boolean; busyLabel?: string; href?: undefined } | { href: string })

/** A small icon button (or a link that opens a new tab) in a list row's actions. */
export function RowAction({ icon, label, subject, danger = false, ...action }: RowActionProps) {
  const named = (words: string) => (
    <>
      {words}
      <span className="visually-hidden">{` ${subject}`}</span>
    </>
  )
  const content = named(label)
  if (action.href !== undefined)
    return (
      <ButtonLink variant="row" icon={icon} href={action.href}>
        {content}
      </ButtonLink>
    )
  const { onClick, disabled, busy, busyLabel } = action
  return (
    <Button
      variant={danger ? 'rowDanger' : 'row'}
      icon={icon}
      onClick={onClick}
      disabled={disabled}
      busy={busy}
      busyLabel={busyLabel && named(busyLabel)}
    >
      {content}
    </Button>
  )
}

/** The button that opens a list's create form. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="secondary" icon={Plus} onClick={onClick}>
      {label}
    </Button>
  )
}
