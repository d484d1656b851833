import { Copy, RefreshCw } from 'lucide-react'
import { useId, useState } from 'react'
import { SESSION_MESSAGES } from '#domain/booking-session.ts'
import { Button } from '#src/features/admin/kit/button.tsx'
import { useConfirm } from '#src/features/admin/kit/confirm-dialog.tsx'
import { Panel } from '#src/features/admin/kit/panel.tsx'
import { Intro, Muted } from '#src/features/admin/kit/text.tsx'
import { failureText } from '#src/features/admin/kit/use-flash.ts'
import { availabilityApi } from './availability-api'
import styles from './availability.module.css'

export const RENEW_QUESTION = {
  title: 'Make a new calendar address?',
  message: 'The old address stops working: a calendar that uses it stops showing your sessions until you add the new one.',
  labels: { confirmLabel: 'Make a new address', cancelLabel: 'Keep this one' },
} as const

const FEED_FAILED = 'Failed to make a new calendar address'

type Note = { kind: 'success' | 'error'; text: string } | null

/**
 * Her private calendar address: her booked sessions, for her own calendar app to subscribe to.
 * Copy, and a new address when the old one has been shared by mistake. What a click did is said
 * under the address, where she is looking (the screen's banner is a long way up).
 */
export function CalendarFeed({ initial }: { initial: string | null }) {
  const id = useId()
  const { confirm, dialog } = useConfirm()
  const [feedUrl, setFeedUrl] = useState(initial)
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState<Note>(null)

  async function make(ask: boolean) {
    if (ask && !(await confirm(RENEW_QUESTION.title, RENEW_QUESTION.message, RENEW_QUESTION.labels))) return
    setBusy(true)
    setNote(null)
    try {
      const answer = await availabilityApi.renewFeed()
      setFeedUrl(answer.feedUrl)
      setNote({ kind: 'success', text: answer.message ?? SESSION_MESSAGES.feedMade })
    } catch (error) {
      setNote({ kind: 'error', text: failureText(error, FEED_FAILED) })
    }
    setBusy(false)
  }

  async function copy(address: string) {
    try {
      await navigator.clipboard.writeText(address)
      setNote({ kind: 'success', text: 'Copied. Paste it into your calendar app.' })
    } catch {
      // A browser that refuses the clipboard: the address is selected for her to copy by hand.
      const input = document.getElementById(id)
      if (input instanceof HTMLInputElement) input.select()
      setNote({ kind: 'success', text: 'Press Ctrl+C (or ⌘+C) to copy the selected address.' })
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
          <Said note={note} />
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
        <>
          <Button variant="secondary" busy={busy} busyLabel="Making…" onClick={() => void make(false)}>
            Make my calendar address
          </Button>
          <Said note={note} />
        </>
      )}
      {dialog}
    </Panel>
  )
}

/** What the last click did: announced, and kept in place so nothing below it moves. */
function Said({ note }: { note: Note }) {
  return (
    <>
      <p role="status" className={styles.note}>
        {note?.kind === 'success' && note.text}
      </p>
      <p role="alert" className={`field-error ${styles.note}`} hidden={note?.kind !== 'error'}>
        {note?.kind === 'error' && note.text}
      </p>
    </>
  )
}
