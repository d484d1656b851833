import type { LucideIcon } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'
import { Link } from 'react-router-dom'
import styles from './button.module.css'

/**
 * How a button looks: `secondary` (filled green) does the form's main thing, `primary` (amber)
 * the page's one big step, `outline` the others, `danger` a confirmed delete; `row` and
 * `rowDanger` are a list row's small buttons; `link` reads as a link inside a sentence.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'danger' | 'row' | 'rowDanger' | 'link'

type Look = {
  variant?: ButtonVariant
  /** `large` for the sign-in pages' single button; the admin's screens use the small one. */
  size?: 'small' | 'large'
  /** Drawn before the words, hidden from screen readers (the words name the button). */
  icon?: LucideIcon
  iconSize?: number
}

function classes({ variant = 'outline', size = 'small' }: Look, extra?: string): string {
  const site = (name: string) => ['btn', name, size === 'small' ? 'btn-small' : ''].filter(Boolean).join(' ')
  const look = {
    primary: site('btn-primary'),
    secondary: site('btn-secondary'),
    outline: site('btn-outline'),
    danger: `${site('')} ${styles.danger}`,
    row: styles.row,
    rowDanger: `${styles.row} ${styles.rowDanger}`,
    link: styles.link,
  }[variant]
  return [look, extra].filter(Boolean).join(' ')
}

function Content({ icon: Icon, iconSize, variant, children }: Look & { children: ReactNode }) {
  if (!Icon) return children
  const size = iconSize ?? (variant === 'row' || variant === 'rowDanger' ? 16 : 18)
  return (
    <>
      <Icon aria-hidden="true" size={size} /> {children}
    </>
  )
}

/**
 * Every admin button. While `busy` (its action is under way) it is disabled, tells assistive
 * technology so (aria-busy) and shows `busyLabel` instead of its words, so no screen swaps the
 * words by hand. A button is `type="button"` unless it says it submits.
 */
export function Button({
  variant,
  size,
  icon,
  iconSize,
  busy = false,
  busyLabel = 'Saving…',
  type = 'button',
  disabled,
  className,
  children,
  ...button
}: Look & ComponentProps<'button'> & { busy?: boolean; busyLabel?: ReactNode }) {
  return (
    <button
      type={type}
      className={classes({ variant, size }, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...button}
    >
      <Content {...{ icon, iconSize, variant }}>{busy ? busyLabel : children}</Content>
    </button>
  )
}

/**
 * A link that looks like a button: `to` moves within the admin; `href` opens another page in a
 * new tab (a public page, a file).
 */
export function ButtonLink({
  variant,
  size,
  icon,
  iconSize,
  to,
  href,
  className,
  children,
}: Look & { className?: string; children: ReactNode } & ({ to: string; href?: undefined } | { href: string; to?: undefined })) {
  const content = <Content {...{ icon, iconSize, variant }}>{children}</Content>
  const look = classes({ variant, size }, className)
  if (to !== undefined)
    return (
      <Link to={to} className={look}>
        {content}
      </Link>
    )
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={look}>
      {content}
    </a>
  )
}
