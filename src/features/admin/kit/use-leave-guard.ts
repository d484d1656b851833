import { useLayoutEffect, useRef } from 'react'
import { useNavigate } from 'react-router-dom'
import { useConfirm } from './confirm-dialog'

export const LEAVE_QUESTION = {
  title: 'Leave without saving?',
  message: 'You have unsaved changes. If you leave now, they will be lost.',
  labels: { confirmLabel: 'Leave', cancelLabel: 'Keep editing' },
} as const

/**
 * While `active` (a form holds changes not yet saved), leaving asks first: a link anywhere on the
 * page (caught before the router sees the click, then followed if she agrees), Cancel (through
 * `leave`), and closing or reloading the tab (the browser's own question). The app's router is
 * the declarative one, which has no navigation blocker, so links are caught here.
 */
export function useLeaveGuard(active: boolean) {
  const { confirm, dialog } = useConfirm()
  const navigate = useNavigate()
  // Set once she has agreed to leave, so the browser does not ask a second time.
  const agreed = useRef(false)
  const ask = () => confirm(LEAVE_QUESTION.title, LEAVE_QUESTION.message, LEAVE_QUESTION.labels)

  // A layout effect: the guard ends in the commit that saves or closes the form, before the page
  // shows the outcome. As a passive effect it ended a moment after the success banner was on
  // screen, and leaving the page at once (a test opening the post just saved) was asked about
  // changes already saved, and stopped.
  useLayoutEffect(() => {
    if (!active) return
    agreed.current = false
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (agreed.current) return
      event.preventDefault()
      event.returnValue = ''
    }
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return
      event.preventDefault()
      event.stopPropagation()
      void ask().then((ok) => {
        if (!ok) return
        agreed.current = true
        const url = new URL(link.href)
        if (url.origin === window.location.origin) void navigate(`${url.pathname}${url.search}${url.hash}`)
        else window.location.assign(url)
      })
    }
    window.addEventListener('beforeunload', beforeUnload)
    document.addEventListener('click', click, true)
    return () => {
      window.removeEventListener('beforeunload', beforeUnload)
      document.removeEventListener('click', click, true)
    }
    // `ask` is stable in what it does (confirm and navigate are stable); it is left out on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active])

  /** Runs `cancel` at once when nothing would be lost, else only if she agrees. */
  const leave = (cancel: () => void) => {
    if (!active) return cancel()
    void ask().then((ok) => ok && cancel())
  }

  return { leave, dialog }
}
