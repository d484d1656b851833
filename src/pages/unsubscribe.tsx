import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { api, errorMessage, paths } from '#src/lib/api-client.ts'
import { usePageTitle } from './use-page-title'
import { EmailLinkPage, OneClickButton, type OneClickTexts } from '#src/components/ui/email-link-page.tsx'

const UNSUBSCRIBE_BUTTON: OneClickTexts = { label: 'Unsubscribe', busyLabel: 'Unsubscribing…', variant: 'secondary' }

/** The page behind the link in every newsletter email: one button, one POST (docs/decisions.md, Subscribers). */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe')
  const [params] = useSearchParams()
  const email = params.get('email') ?? ''
  const [state, setState] = useState<{ status: 'idle' | 'working' | 'done' | 'error'; message?: string }>({ status: 'idle' })

  async function unsubscribe() {
    setState({ status: 'working' })
    try {
      const query = new URLSearchParams({ email, token: params.get('token') ?? '' })
      const { message } = await api<{ message: string }>(`${paths.unsubscribe()}?${query}`, { method: 'POST' })
      setState({ status: 'done', message })
    } catch (error) {
      setState({ status: 'error', message: errorMessage(error, 'Could not unsubscribe.', 'Something went wrong. Please try again later.') })
    }
  }

  return (
    <EmailLinkPage title="Unsubscribe">
      {state.status === 'done' ? (
        <p role="status">{state.message}</p>
      ) : (
        <>
          <p>Stop receiving the newsletter at {email || 'this address'}?</p>
          <OneClickButton texts={UNSUBSCRIBE_BUTTON} state={state} onClick={unsubscribe} />
        </>
      )}
    </EmailLinkPage>
  )
}
