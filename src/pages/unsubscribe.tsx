import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { api, errorMessage, paths } from '#src/lib/api-client.ts'
import { usePageTitle } from './use-page-title'
// The same centred box as the not-found messages.
import styles from '#src/components/ui/not-found-message.module.css'

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
    <section className="section">
      <div className={`container ${styles.box}`}>
        <h1>Unsubscribe</h1>
        {state.status === 'done' ? (
          <p role="status">{state.message}</p>
        ) : (
          <>
            <p>Stop receiving the newsletter at {email || 'this address'}?</p>
            <button type="button" className="btn btn-secondary" onClick={unsubscribe} disabled={state.status === 'working'}>
              {state.status === 'working' ? 'Unsubscribing…' : 'Unsubscribe'}
            </button>
            {state.status === 'error' && (
              <p className="notice notice-error" role="alert">
                {state.message}
              </p>
            )}
          </>
        )}
        <Link to="/">Back to Home</Link>
      </div>
    </section>
  )
}
