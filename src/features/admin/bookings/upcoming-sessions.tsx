import { CalendarClock, X } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { LOCATION_LABELS } from '#domain/availability.ts'
import { SESSION_MESSAGES, type AdminSession } from '#domain/booking-session.ts'
import { slotsByDay } from '#domain/booking-slot-display.ts'
import { mailtoHref } from '#domain/email-link.ts'
import { Badge } from '#src/features/admin/kit/badge.tsx'
import { useConfirm } from '#src/features/admin/kit/confirm-dialog.tsx'
import { LoadState } from '#src/features/admin/kit/load-state.tsx'
import { Panel } from '#src/features/admin/kit/panel.tsx'
import { RowAction } from '#src/features/admin/kit/row-action.tsx'
import { Muted } from '#src/features/admin/kit/text.tsx'
import { useAdminData } from '#src/features/admin/kit/use-admin-data.ts'
import { failureText, type FlashControl } from '#src/features/admin/kit/use-flash.ts'
import { MoveSessionDialog } from './move-session-dialog'
import { sessionsApi } from './sessions-api'
import { clock, dayHeading, hoursOf, whoOf } from './session-words'
import styles from './bookings.module.css'

/** Her sessions by day, in her zone and her words; each can be moved to a free time or cancelled. */
export function UpcomingSessions({ flash }: { flash: FlashControl }) {
  const [agenda, reload] = useAdminData(sessionsApi.agenda, 'Failed to load sessions')
  const { confirm, dialog } = useConfirm()
  const [moving, setMoving] = useState<AdminSession | null>(null)

  // What a move or a cancellation answered, kept over what the list says: a list read at once
  // after a change may not show it yet.
  const [changed, setChanged] = useState<ReadonlyMap<string, AdminSession>>(new Map())
  const keep = (session: AdminSession) => setChanged((current) => new Map(current).set(session.id, session))

  async function cancel(session: AdminSession, when: string) {
    const ok = await confirm(
      'Cancel this session?',
      `${whoOf(session)}'s ${session.service} on ${when} is cancelled, and we email her to let her know.`,
      { confirmLabel: 'Cancel session', cancelLabel: 'Keep it' },
    )
    if (!ok) return
    flash.clear()
    try {
      const answer = await sessionsApi.cancel(session.id)
      keep(answer.session)
      flash.setFlash({ kind: 'success', text: answer.message ?? SESSION_MESSAGES.adminCancelled })
    } catch (error) {
      flash.setFlash({ kind: 'error', text: failureText(error, 'Failed to cancel the session') })
    }
    reload()
  }

  return (
    <LoadState state={agenda} loading="Loading sessions…">
      {({ sessions: listed, timeZone }) => {
        const sessions = listed.map((session) => changed.get(session.id) ?? session).sort((a, b) => a.start.localeCompare(b.start))
        if (sessions.length === 0)
          return (
            <Panel label="Upcoming sessions">
              <p>No sessions booked yet.</p>
              <Muted as="p">
                Visitors book from your free times, which you set under <Link to="/admin/availability">Availability</Link>.
              </Muted>
            </Panel>
          )
        const days = slotsByDay([...new Set(sessions.map((session) => session.start))], timeZone)
        return (
          <>
            {days.map((day) => {
              const starts = new Set(day.slots)
              return (
                <Panel key={day.date} title={dayHeading(day.date)}>
                  <ul className={styles.agenda}>
                    {sessions
                      .filter((session) => starts.has(session.start))
                      .map((session) => {
                        const when = `${dayHeading(day.date)} at ${clock(session.start, timeZone)}`
                        const cancelled = session.status === 'cancelled'
                        return (
                          <li key={session.id} className={cancelled ? `${styles.session} ${styles.cancelled}` : styles.session}>
                            <div>
                              <p className={styles.sessionLine}>
                                <strong>{hoursOf(session, timeZone)}</strong> · {session.service} · {whoOf(session)}{' '}
                                {cancelled && <Badge tone="gray">Cancelled</Badge>}
                              </p>
                              <Muted as="p">
                                {LOCATION_LABELS[session.location.kind]}
                                {session.location.text && `: ${session.location.text}`} ·{' '}
                                <a href={mailtoHref(session.email)}>{session.email}</a>
                                {session.phone && ` · ${session.phone}`}
                              </Muted>
                              {session.message && <p className={styles.message}>{session.message}</p>}
                            </div>
                            {!cancelled && (
                              <div className={styles.sessionActions}>
                                <RowAction
                                  icon={CalendarClock}
                                  label="Move"
                                  subject={`${whoOf(session)}'s session on ${when}`}
                                  onClick={() => setMoving(session)}
                                />
                                <RowAction
                                  icon={X}
                                  danger
                                  label="Cancel"
                                  subject={`${whoOf(session)}'s session on ${when}`}
                                  onClick={() => void cancel(session, when)}
                                />
                              </div>
                            )}
                          </li>
                        )
                      })}
                  </ul>
                </Panel>
              )
            })}
            {moving && (
              <MoveSessionDialog
                session={moving}
                timeZone={timeZone}
                onClose={() => setMoving(null)}
                onMoved={(session, message) => {
                  setMoving(null)
                  keep(session)
                  flash.setFlash({ kind: 'success', text: message })
                  reload()
                }}
              />
            )}
            {dialog}
          </>
        )
      }}
    </LoadState>
  )
}
