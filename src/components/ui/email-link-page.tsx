import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
// The same centred box as the not-found messages.
import styles from './not-found-message.module.css'

/**
 * The page a link in an email opens (confirm a subscription, unsubscribe): a heading, what it is
 * about, one button, and the way home. Opening the page changes nothing, since mail scanners open
 * links too; the button does.
 */
export function EmailLinkPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="section">
      <div className={`container ${styles.box}`}>
        <h1>{title}</h1>
        {children}
        <Link to="/">Back to Home</Link>
      </div>
    </section>
  )
}

/** What a page's one button says, and how much it stands out. */
export type OneClickTexts = {
  label: string
  /** What the button says while its call runs. */
  busyLabel: string
  variant: 'primary' | 'secondary'
  /** Said to screen readers while the call runs, when the label alone would not reach them. */
  announce?: string
}

/** Where the page's call stands: running, failed (said beneath the button, which stays for another try), or neither. */
export type OneClickState = { status: string; message?: string }

/** The one button of such a page, with its busy state and its error. */
export function OneClickButton({ texts, state, onClick }: { texts: OneClickTexts; state: OneClickState; onClick: () => void }) {
  const busy = state.status === 'working'
  return (
    <>
      <button type="button" className={`btn btn-${texts.variant}`} onClick={onClick} disabled={busy}>
        {busy ? texts.busyLabel : texts.label}
      </button>
      {texts.announce !== undefined && (
        <div role="status" aria-live="polite">
          {busy && <span className="visually-hidden">{texts.announce}</span>}
        </div>
      )}
      {state.status === 'error' && (
        <p className="notice notice-error" role="alert">
          {state.message}
        </p>
      )}
    </>
  )
}
