import { CalendarClock, Send, TestTube2 } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { NEWSLETTER_MESSAGES, type Newsletter } from '#domain/newsletter.ts'
import { formatDateTime, fromLocalInput, toLocalInput } from '#domain/text.ts'
import { NEWSLETTER_TEXTS } from './newsletter-texts'
import type { Flash } from '#src/features/admin/kit/use-flash.ts'
import styles from '#src/features/admin/kit/admin-ui.module.css'
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
const lastTestTo = ({ testSentTo, testSentBy }: Newsletter) => (testSentTo ? ` to ${testSentTo}` : testSentBy ? `, sent by ${testSentBy}` : '')

/**
 * A saved draft's or scheduled newsletter's ways out: a test to her own address, the send to
 * everyone (after a question that says it cannot be undone), or a time to send it. Only the saved
 * version is ever sent, so with unsaved changes the buttons wait for Save. An editor may test, but
 * only an admin can send, so an editor is told so instead of being offered the buttons.
 */
export function NewsletterSendPanel({
  newsletter,
  dirty,
  canSend,
  actions,
}: {
  newsletter: Newsletter
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
    const question = NEWSLETTER_TEXTS.sendQuestion(newsletter.subject)
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
        <div className={styles.quickActions}>
          <button
            type="button"
            className="btn btn-outline btn-small"
            onClick={() => run('test', actions.test)}
            disabled={waiting}
            aria-describedby={`${id}-test`}
          >
            <TestTube2 aria-hidden="true" size={18} /> {busy === 'test' ? 'Sending test…' : 'Send a test to me'}
          </button>
        </div>
        <p id={`${id}-test`} className={styles.muted}>
          {dirty ? NEWSLETTER_TEXTS.testNeedsSave : NEWSLETTER_TEXTS.testExplained}
          {newsletter.testSentAt &&
            ` Last test: ${formatDateTime(newsletter.testSentAt)}${lastTestTo(newsletter)}.`}
        </p>

        {!canSend ? (
          <p className="notice notice-warning">{NEWSLETTER_TEXTS.editorCannotSend}</p>
        ) : (
          <>
            {scheduled && (
              <p className="notice notice-warning">
                Scheduled for {formatDateTime(newsletter.scheduledAt)}. {NEWSLETTER_TEXTS.editingScheduled}
              </p>
            )}
            <div className={styles.quickActions}>
              <button type="button" className="btn btn-secondary btn-small" onClick={sendNow} disabled={waiting}>
                <Send aria-hidden="true" size={18} /> {busy === 'sendNow' ? 'Starting…' : 'Send to all confirmed subscribers…'}
              </button>
              {scheduled ? (
                <button
                  type="button"
                  className="btn btn-outline btn-small"
                  onClick={() => run('cancelSchedule', actions.cancelSchedule)}
                  disabled={busy !== null}
                >
                  {busy === 'cancelSchedule' ? 'Cancelling…' : 'Cancel schedule'}
                </button>
              ) : (
                <button
                  type="button"
                  className="btn btn-outline btn-small"
                  aria-expanded={scheduling}
                  aria-controls={`${id}-schedule`}
                  onClick={() => {
                    setScheduling((open) => !open)
                    setAt((value) => value || earliest())
                  }}
                  disabled={waiting}
                >
                  <CalendarClock aria-hidden="true" size={18} /> Schedule…
                </button>
              )}
            </div>
            {dirty && <p className={styles.muted}>Save your changes before sending: only the saved version goes out.</p>}
            {scheduling && !scheduled && (
              <form id={`${id}-schedule`} className={styles.scheduleForm} onSubmit={schedule} noValidate aria-label="Schedule the send">
                <TextField
                  label="Send on"
                  hint={`Your local time (${zone}).`}
                  type="datetime-local"
                  value={at}
                  min={earliest()}
                  error={atError}
                  onChange={(event) => setAt(event.target.value)}
                />
                <button type="submit" className="btn btn-secondary btn-small" disabled={waiting}>
                  {busy === 'schedule' ? 'Scheduling…' : 'Schedule send'}
                </button>
                <button type="button" className="btn btn-outline btn-small" onClick={() => setScheduling(false)}>
                  Cancel
                </button>
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
