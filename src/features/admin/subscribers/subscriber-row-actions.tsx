import { MailCheck, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { isStopped } from '#domain/sendgrid-event.ts'
import type { Subscriber } from '#domain/subscriber.ts'
import { useConfirm } from '#src/features/admin/kit/confirm-dialog.tsx'
import { RowAction } from '#src/features/admin/kit/row-action.tsx'
import { failureText, type FlashControl } from '#src/features/admin/kit/use-flash.ts'
import { subscribersApi } from './subscribers-api'

/**
 * A subscriber row's buttons: Remove (an erasure request: the record and everything kept under the
 * address go, after a dialog naming the address) and, for an admin, Clear stop on an address that
 * bounced or marked a newsletter as spam. Each says how it went in the page's banner and reloads
 * the list.
 */
export function useSubscriberRowActions({
  flash,
  reload,
  canClearStop,
}: {
  flash: FlashControl
  reload: () => void
  canClearStop: boolean
}) {
  const { confirm, dialog } = useConfirm()
  const [busy, setBusy] = useState<string | null>(null)

  async function act(subscriber: Subscriber, call: () => Promise<{ message: string }>, failure: string) {
    setBusy(subscriber.email)
    try {
      flash.setFlash({ kind: 'success', text: (await call()).message })
    } catch (error) {
      flash.setFlash({ kind: 'error', text: failureText(error, failure) })
    } finally {
      setBusy(null)
    }
    reload()
  }

  async function remove(subscriber: Subscriber) {
    const sure = await confirm(
      'Remove subscriber?',
      `Remove ${subscriber.email} and everything kept about them? Use this when someone asks to be forgotten: it cannot be undone, and the history will not name them.`,
      { confirmLabel: 'Remove', cancelLabel: 'Keep' },
    )
    if (sure) await act(subscriber, () => subscribersApi.erase(subscriber.email), 'Could not remove the subscriber')
  }

  async function clearStop(subscriber: Subscriber) {
    const sure = await confirm(
      'Send email to this address again?',
      `Email to ${subscriber.email} was stopped (“${subscriber.stopped_reason ?? 'SendGrid reported a problem with this address'}”). Clear the stop only if they asked to receive your email again. If SendGrid also lists the address among its own suppressions, remove it there too.`,
      { confirmLabel: 'Clear stop', cancelLabel: 'Cancel' },
    )
    if (sure) await act(subscriber, () => subscribersApi.clearStop(subscriber.email), 'Could not clear the stop')
  }

  const actions = (subscriber: Subscriber) => (
    <>
      {canClearStop && isStopped(subscriber.state) && (
        <RowAction
          icon={MailCheck}
          label="Clear stop"
          subject={subscriber.email}
          onClick={() => void clearStop(subscriber)}
          disabled={busy !== null}
        />
      )}
      <RowAction
        icon={Trash2}
        label="Remove"
        subject={subscriber.email}
        danger
        onClick={() => void remove(subscriber)}
        disabled={busy !== null}
        busy={busy === subscriber.email}
        busyLabel="Working…"
      />
    </>
  )

  return { actions, dialog }
}
