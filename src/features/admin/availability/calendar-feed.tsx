import { Copy, RefreshCw } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '#src/features/admin/kit/button.tsx'
import { useConfirm } from '#src/features/admin/kit/confirm-dialog.tsx'
import { Panel } from '#src/features/admin/kit/panel.tsx'
import { Intro, Muted } from '#src/features/admin/kit/text.tsx'
import styles from './availability.module.css'

export const RENEW_QUESTION = {
  title: 'Make a new calendar address?',
  message: 'The old address stops working: a calendar that uses it stops showing your sessions until you add the new one.',
  labels: { confirmLabel: 'Make a new address', cancelLabel: 'Keep this one' },
} as const

/**
 * Her private calendar address: her booked sessions, for her own calendar app to subscribe to.
 * Copy, and a new address when the old one has been shared by mistake. `renew` makes or renews it
 * and answers whether it worked (the screen shows its banner).
 */
export function CalendarFeed({ feedUrl, renew }: { feedUrl: string | null; renew: () => Promise<boolean> }) {
  const id = useId()
  const { confirm, dialog } = useConfirm()
  const [busy, setBusy] = useState(false)
  const [copied, setCopied] = useState<string | null>(null)

  async function make(ask: boolean) {
    if (ask && !(await confirm(RENEW_QUESTION.title, RENEW_QUESTION.message, RENEW_QUESTION.labels))) return
    setBusy(true)
    setCopied(null)
    await renew()
    setBusy(false)
  }

  async function copy(address: string) {
    try {
      await navigator.clipboard.writeText(address)
      setCopied('Copied. Paste it into your calendar app.')
    } catch {
      // A browser that refuses the clipboard: the address is selected for her to copy by hand.
      const input = document.getElementById(id)
      if (input instanceof HTMLInputElement) input.select()
      setCopied('Press Ctrl+C (or ⌘+C) to copy the selected address.')
    }
  }

  return (
    <Panel title="Your calendar">
      <Intro>
        Your booked sessions can show in your own calendar (Google, Apple or Outlook). Keep this address to yourself: anyone who has it can
        see your sessions.
      </Intro>
      {feedUrl ? (
        <>
          <div className="field">
            <label htmlFor={id}>Private calendar address</label>
            <div className={styles.feedRow}>
              <input id={id} className="input" readOnly value={feedUrl} onFocus={(event) => event.target.select()} />
              <Button icon={Copy} onClick={() => void copy(feedUrl)}>
                Copy
              </Button>
            </div>
          </div>
          <p role="status" className={styles.copied}>
            {copied}
          </p>
          <ul className={styles.howTo}>
            <li>
              <strong>Google Calendar</strong> (on a computer): Other calendars, then +, then From URL; paste the address.
            </li>
            <li>
              <strong>Apple Calendar</strong>: File, then New Calendar Subscription; paste the address.
            </li>
            <li>
              <strong>Outlook</strong>: Add calendar, then Subscribe from web; paste the address.
            </li>
          </ul>
          <Muted as="p">Calendar apps check the address every few hours, so a new booking can take a while to show there.</Muted>
          <div className={styles.feedActions}>
            <Button variant="outline" icon={RefreshCw} busy={busy} busyLabel="Making…" onClick={() => void make(true)}>
              Make a new address
            </Button>
          </div>
        </>
      ) : (
        <Button variant="secondary" busy={busy} busyLabel="Making…" onClick={() => void make(false)}>
          Make my calendar address
        </Button>
      )}
      {dialog}
    </Panel>
  )
}
