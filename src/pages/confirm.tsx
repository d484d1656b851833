import { useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { FORM_ANCHORS } from '#domain/form-answer.ts'
import { PAGES } from '#domain/route-map.ts'
import { CONFIRM_MESSAGES } from '#domain/subscriber-messages.ts'
import { api, ApiError, errorMessage, paths } from '#src/lib/api-client.ts'
import { usePageTitle } from './use-page-title'
import { EmailLinkPage, OneClickButton, type OneClickTexts } from '#src/components/ui/email-link-page.tsx'
// The same centred box as the not-found messages.
import styles from '#src/components/ui/not-found-message.module.css'

const CONFIRM_BUTTON: OneClickTexts = {
  label: 'Confirm my subscription',
  busyLabel: 'Confirming…',
  variant: 'primary',
  announce: 'Confirming your subscription…',
}

type State = { status: 'idle' | 'working' } | { status: 'confirmed' | 'already-confirmed' | 'invalid' | 'error'; message: string }

/**
 * The page behind the link in the confirmation email: one button, one POST. Opening the link
 * confirms nothing, since mail scanners open links too (docs/product.md, Newsletter).
 */
export function ConfirmPage() {
  usePageTitle('Confirm your subscription')
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [state, setState] = useState<State>(() => (token ? { status: 'idle' } : { status: 'invalid', message: CONFIRM_MESSAGES.invalid }))
  const outcome = useRef<HTMLParagraphElement>(null)

  // The outcome replaces the button: focus moves to it, so keyboard and screen reader users are not left on nothing.
  useEffect(() => {
    if (state.status !== 'idle' && state.status !== 'working' && state.status !== 'error') outcome.current?.focus()
  }, [state.status])

  async function confirm() {
    setState({ status: 'working' })
    try {
      const answer = await api<{ status: 'confirmed' | 'already-confirmed'; message: string }>(paths.subscriberConfirm(), {
        method: 'POST',
        body: { token },
      })
      setState({ status: answer.status, message: answer.message })
    } catch (error) {
      if (error instanceof ApiError && error.status === 400)
        setState({ status: 'invalid', message: error.serverMessage ?? CONFIRM_MESSAGES.invalid })
      else setState({ status: 'error', message: errorMessage(error, CONFIRM_MESSAGES.failed, CONFIRM_MESSAGES.unexpected) })
    }
  }

  const done = state.status === 'confirmed' || state.status === 'already-confirmed'
  return (
    <EmailLinkPage title={done ? 'You are subscribed' : 'Confirm your subscription'}>
      {done || state.status === 'invalid' ? (
        <>
          <p ref={outcome} tabIndex={-1} role={state.status === 'invalid' ? 'alert' : 'status'} className={styles.reason}>
            {state.message}
          </p>
          {/* An address mail stopped to (it bounced, or was marked as spam) cannot be signed up again. */}
          {state.status === 'invalid' && state.message !== CONFIRM_MESSAGES.stopped && (
            <Link className="btn btn-primary" to={`${PAGES.blog.path}#${FORM_ANCHORS.newsletter}`}>
              Subscribe again
            </Link>
          )}
        </>
      ) : (
        <>
          <p className={styles.reason}>One click and you will get new posts in your inbox. You can unsubscribe at any time.</p>
          <OneClickButton texts={CONFIRM_BUTTON} state={state} onClick={confirm} />
        </>
      )}
    </EmailLinkPage>
  )
}
