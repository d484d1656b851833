import { CalendarClock, Send, TestTube2 } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { NEWSLETTER_MESSAGES, type Newsletter, type NewsletterReport } from '#domain/newsletter.ts'
import { formatDateTime, fromLocalInput, toLocalInput } from '#domain/text.ts'
import { NEWSLETTER_TEXTS } from './newsletter-texts'
import type { Flash } from '#src/features/admin/kit/use-flash.ts'
import { Button } from '#src/features/admin/kit/button.tsx'
import layout from '#src/features/admin/kit/layout.module.css'
import { Muted } from '#src/features/admin/kit/text.tsx'
import styles from './newsletters.module.css'
import { useConfirm } from '#src/features/admin/kit/confirm-dialog.tsx'
import { TextField } from '#src/features/admin/kit/field.tsx'
import { Panel } from '#src/features/admin/kit/panel.tsx'

/** What the page does for each button; each answers what to say (the server's words). */
export type NewsletterSendActions = {
  test: () => Promise<Flash>
  sendNow: () => Promise<Flash>
  schedule: (at: string) => Promise<Flash>
  cancelSchedule: () => Promise<Flash>
}

type Busy = keyof NewsletterSendActions | null

/** The earliest time the server accepts, a minute ahead (rounded up to the next whole minute). */
const earliest = () => toLocalInput(new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000).toISOString())

/** Whom the last test went to: the address when the server shows it (an admin, or her own), else who sent it. */
const lastTestTo = ({ testSentTo, testSentBy }: Newsletter) =>
  testSentTo ? ` to ${testSentTo}` : testSentBy ? `, sent by ${testSentBy}` : ''

/**
 * A saved draft's or scheduled newsletter's ways out: a test to her own address, the send to
 * everyone (after a question that says it cannot be undone), or a time to send it. Only the saved
 * version is ever sent, so with unsaved changes the buttons wait for Save. An editor may test, but
 * only an admin can send, so an editor is told so instead of being offered the buttons.
 */
export function NewsletterSendPanel({
  newsletter,
  recipients,
  dirty,
  canSend,
  actions,
}: {
  newsletter: Newsletter
  /** How many it would go to, as the page was told (an admin's answer). */
  recipients?: NewsletterReport['recipients']
  dirty: boolean
  canSend: boolean
  actions: NewsletterSendActions
}) {
  const id = useId()
  const { confirm, dialog } = useConfirm()
  const [busy, setBusy] = useState<Busy>(null)
  const [answer, setAnswer] = useState<Flash>(null)
  const [scheduling, setScheduling] = useState(false)
  const [at, setAt] = useState('')
  const [atError, setAtError] = useState<string>()
  const scheduled = newsletter.status === 'scheduled'
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone

  async function run(action: keyof NewsletterSendActions, call: () => Promise<Flash>) {
    setBusy(action)
    setAnswer(null)
    const said = await call()
    setBusy(null)
    setAnswer(said)
    return said
  }

  async function sendNow() {
    const question = NEWSLETTER_TEXTS.sendQuestion(newsletter.subject, recipients)
    if (!(await confirm(question.title, question.message, question.labels))) return
    await run('sendNow', actions.sendNow)
  }

  async function schedule(event: FormEvent) {
    event.preventDefault()
    const instant = fromLocalInput(at)
    if (!instant || Number.isNaN(Date.parse(instant)) || Date.parse(instant) < Date.now() + 60_000) {
      setAtError(NEWSLETTER_MESSAGES.scheduleInPast)
      return
    }
    setAtError(undefined)
    const said = await run('schedule', () => actions.schedule(instant))
    if (said?.kind === 'success') setScheduling(false)
  }

  const waiting = dirty || busy !== null

  return (
    <Panel title="Send">
      <div className={styles.sendActions}>
        <div className={layout.actions}>
          <Button
            icon={TestTube2}
            onClick={() => run('test', actions.test)}
            disabled={waiting}
            busy={busy === 'test'}
            busyLabel="Sending test…"
            aria-describedby={`${id}-test`}
          >
            Send a test to me
          </Button>
        </div>
        <Muted as="p" id={`${id}-test`}>
          {dirty ? NEWSLETTER_TEXTS.testNeedsSave : NEWSLETTER_TEXTS.testExplained}
          {newsletter.testSentAt && ` Last test: ${formatDateTime(newsletter.testSentAt)}${lastTestTo(newsletter)}.`}
        </Muted>

        {!canSend ? (
          <p className="notice notice-warning">{NEWSLETTER_TEXTS.editorCannotSend}</p>
        ) : (
          <>
            {scheduled && (
              <p className="notice notice-warning">
                Scheduled for {formatDateTime(newsletter.scheduledAt)}. {NEWSLETTER_TEXTS.editingScheduled}
              </p>
            )}
            <div className={layout.actions}>
              <Button variant="secondary" icon={Send} onClick={sendNow} disabled={waiting} busy={busy === 'sendNow'} busyLabel="Starting…">
                Send to all confirmed subscribers…
              </Button>
              {scheduled ? (
                <Button
                  onClick={() => run('cancelSchedule', actions.cancelSchedule)}
                  disabled={busy !== null}
                  busy={busy === 'cancelSchedule'}
                  busyLabel="Cancelling…"
                >
                  Cancel schedule
                </Button>
              ) : (
                <Button
                  icon={CalendarClock}
                  aria-expanded={scheduling}
                  aria-controls={`${id}-schedule`}
                  onClick={() => {
                    setScheduling((open) => !open)
                    setAt((value) => value || earliest())
                  }}
                  disabled={waiting}
                >
                  Schedule…
                </Button>
              )}
            </div>
            {dirty && <Muted as="p">Save your changes before sending: only the saved version goes out.</Muted>}
            {scheduling && !scheduled && (
              <form id={`${id}-schedule`} className={styles.inlineForm} onSubmit={schedule} noValidate aria-label="Schedule the send">
                <TextField
                  label="Send on"
                  hint={`Your local time (${zone}).`}
                  type="datetime-local"
                  value={at}
                  min={earliest()}
                  error={atError}
                  onChange={(event) => setAt(event.target.value)}
                />
                <Button type="submit" variant="secondary" disabled={waiting} busy={busy === 'schedule'} busyLabel="Scheduling…">
                  Schedule send
                </Button>
                <Button onClick={() => setScheduling(false)}>Cancel</Button>
              </form>
            )}
          </>
        )}

        {/* What the last action answered, next to the buttons that asked. */}
        {answer && (
          <p className={`notice notice-${answer.kind}`} role={answer.kind === 'error' ? 'alert' : 'status'}>
            {answer.text}
            {answer.text === NEWSLETTER_MESSAGES.postalAddressMissing && (
              <>
                {' '}
                <Link to="/admin/content">Open Content</Link>
              </>
            )}
          </p>
        )}
      </div>
      {dialog}
    </Panel>
  )
}
