import { useCallback, useEffect, useId, useState } from 'react'
import { Button } from './button'
import { Dialog } from './dialog'

/** The two answers; the safe one (cancel) has the focus. */
export type ConfirmLabels = { confirmLabel: string; cancelLabel: string }
const DELETE_LABELS: ConfirmLabels = { confirmLabel: 'Delete', cancelLabel: 'Cancel' }

type Pending = { title: string; message: string; labels: ConfirmLabels; resolve: (ok: boolean) => void; opener: Element | null }

/**
 * Deletes ask for confirmation naming the item (and leaving with unsaved changes asks too). A
 * native modal <dialog> keeps focus inside and closes on Escape. `confirm()` resolves true only
 * for the confirming button.
 */
export function useConfirm() {
  const [pending, setPending] = useState<Pending | null>(null)
  const confirm = useCallback(
    (title: string, message: string, labels = DELETE_LABELS) =>
      new Promise<boolean>((resolve) => setPending({ title, message, labels, resolve, opener: document.activeElement })),
    [],
  )
  const close = (ok: boolean) => {
    pending?.resolve(ok)
    setPending(null)
  }
  const dialog = pending ? <ConfirmDialog {...pending} onClose={close} /> : null
  return { confirm, dialog }
}

function ConfirmDialog({ title, message, labels, opener, onClose }: Omit<Pending, 'resolve'> & { onClose: (ok: boolean) => void }) {
  const messageId = useId()
  useEffect(
    // The dialog is removed rather than closed by the browser, which would give the focus back to
    // what opened it: that is done once it is gone (while it is open, the rest of the page is inert).
    () => () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    },
    [opener],
  )
  return (
    <Dialog
      title={title}
      description={messageId}
      onCancel={() => onClose(false)}
      actions={
        <>
          <Button onClick={() => onClose(false)} autoFocus>
            {labels.cancelLabel}
          </Button>
          <Button variant="danger" onClick={() => onClose(true)}>
            {labels.confirmLabel}
          </Button>
        </>
      }
    >
      <p id={messageId}>{message}</p>
    </Dialog>
  )
}
