import { KeyRound } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { PASSWORD_RESET_MESSAGES, RESET_PASSWORD_FIELDS, NewPasswordSchema, type NewPasswordInput } from '#domain/admin-user.ts'
import { ADMIN_PUBLIC_PAGES } from '#domain/route-map.ts'
import { passwordResetApi } from '#src/features/admin/account/password-reset.ts'
import { TextField } from '#src/features/admin/kit/field.tsx'
import { failureText } from '#src/features/admin/kit/use-flash.ts'
import { useSchemaForm } from '#src/features/admin/kit/use-schema-form.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { Button, ButtonLink } from '#src/features/admin/kit/button.tsx'
import styles from './login.module.css'

type LinkState = { status: 'checking' } | { status: 'ready'; username: string } | { status: 'refused'; message: string }

/** The token from the link's fragment (`#token=…`): never sent to a server with the page, nor in a Referer. */
const tokenOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? ''

/**
 * The page a reset link opens: it first asks whether the link still works (and whose it is), so an
 * expired or used link says so at once; then the new password twice. Setting it signs her in on
 * this device and ends every other session; My account then says so.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate()
  const location = useLocation()
  // Read once, then taken out of the address bar and the history: on a shared computer a link
  // opened and left unused must not wait there for the next person.
  const [token] = useState(() => tokenOf(location.hash))
  const [link, setLink] = useState<LinkState>(() =>
    token ? { status: 'checking' } : { status: 'refused', message: PASSWORD_RESET_MESSAGES.invalid },
  )
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    document.title = 'Choose a new password | Admin'
  }, [])

  useEffect(() => {
    if (location.hash) navigate({ pathname: location.pathname, search: location.search }, { replace: true })
  }, [location, navigate])

  useEffect(() => {
    if (!token) return
    let current = true
    passwordResetApi.check(token).then(
      (username) => current && setLink({ status: 'ready', username }),
      (failure: unknown) => current && setLink({ status: 'refused', message: failureText(failure, PASSWORD_RESET_MESSAGES.invalid) }),
    )
    return () => {
      current = false
    }
  }, [token])

  async function choose(input: NewPasswordInput) {
    setError(null)
    try {
      // Saved over whatever session this browser held: from now on it is hers.
      const message = await passwordResetApi.choose(token, input)
      navigate('/admin/account', { replace: true, state: { notice: message } })
      return true
    } catch (failure) {
      // The link stopped working meanwhile (used, replaced, expired: 410): say so instead of the form.
      const message = failureText(failure, PASSWORD_RESET_MESSAGES.failed)
      const linkRefused = failure instanceof ApiError && (failure.status === 410 || message === PASSWORD_RESET_MESSAGES.invalid)
      if (linkRefused) setLink({ status: 'refused', message })
      else setError(message)
      return false
    }
  }

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <span className={styles.icon} aria-hidden="true">
          <KeyRound size={26} />
        </span>
        <h1 className={styles.title}>Choose a new password</h1>
        {link.status === 'checking' && (
          <p className={styles.intro} role="status">
            Checking your link…
          </p>
        )}
        {link.status === 'ready' && <NewPasswordForm username={link.username} error={error} onSave={choose} />}
        {link.status === 'refused' && (
          <div className={styles.done}>
            <p className="notice notice-error" role="alert">
              {link.message}
            </p>
            <ButtonLink to={ADMIN_PUBLIC_PAGES.forgotPassword} variant="secondary" size="large">
              Ask for a new link
            </ButtonLink>
          </div>
        )}
        <Link to={ADMIN_PUBLIC_PAGES.login} className={styles.back}>
          Back to sign in
        </Link>
      </div>
    </main>
  )
}

function NewPasswordForm({
  username,
  error,
  onSave,
}: {
  username: string
  error: string | null
  onSave: (input: NewPasswordInput) => Promise<boolean>
}) {
  const form = useSchemaForm({
    schema: NewPasswordSchema,
    fields: RESET_PASSWORD_FIELDS,
    initial: { newPassword: '', confirmPassword: '' },
    onSave,
  })
  return (
    <>
      <p className={styles.intro}>
        For the account <strong>{username}</strong>. Choosing it signs you in here and signs you out everywhere else.
      </p>
      <form className={styles.form} onSubmit={form.submit} noValidate aria-label="Choose a new password">
        {/* For password managers: whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <TextField {...form.field('newPassword')} type="password" autoComplete="new-password" />
        <TextField {...form.field('confirmPassword')} type="password" autoComplete="new-password" />
        {error && (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" variant="secondary" size="large" busy={form.saving}>
          Set my new password
        </Button>
      </form>
    </>
  )
}
