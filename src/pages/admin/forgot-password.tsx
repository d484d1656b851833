import { MailQuestion } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import * as z from 'zod/mini'
import { FORGOT_PASSWORD_FIELDS, ForgotPasswordSchema, PASSWORD_RESET_MESSAGES } from '#domain/admin-user.ts'
import { firstIssue } from '#domain/fields.ts'
import { ADMIN_PUBLIC_PAGES } from '#domain/route-map.ts'
import { passwordResetApi } from '#src/features/admin/account/password-reset.ts'
import { TextField } from '#src/features/admin/kit/field.tsx'
import { failureText } from '#src/features/admin/kit/use-flash.ts'
import { Button } from '#src/features/admin/kit/button.tsx'
import styles from './login.module.css'

/**
 * "Forgot your password?": asks for a username or an email address and has a link emailed to the
 * account's address. The answer is the same whether or not the account exists (the server says
 * nothing about who has an account here), so the page shows it as it comes.
 */
export function ForgotPasswordPage() {
  const [identifier, setIdentifier] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)
  const [working, setWorking] = useState(false)

  useEffect(() => {
    document.title = 'Forgot your password? | Admin'
  }, [])

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const parsed = z.safeParse(ForgotPasswordSchema, { identifier })
    if (!parsed.success) {
      setError(firstIssue(parsed.error))
      return
    }
    setWorking(true)
    setError(null)
    try {
      setSent(await passwordResetApi.request(parsed.data.identifier))
    } catch (failure) {
      setSent(null)
      setError(failureText(failure, PASSWORD_RESET_MESSAGES.requestFailed))
    }
    setWorking(false)
  }

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <span className={styles.icon} aria-hidden="true">
          <MailQuestion size={26} />
        </span>
        <h1 className={styles.title}>Forgot your password?</h1>
        <p className={styles.intro}>
          Enter your username or the email address on your account. We will email you a link to choose a new password.
        </p>
        {sent && (
          <p className="notice notice-success" role="status">
            {sent}
          </p>
        )}
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Forgot your password?">
          <TextField
            label={FORGOT_PASSWORD_FIELDS.identifier.label}
            name="identifier"
            autoComplete="username"
            required
            maxLength={FORGOT_PASSWORD_FIELDS.identifier.max}
            value={identifier}
            onChange={(e) => setIdentifier(e.target.value)}
          />
          {error && (
            <p className="notice notice-error" role="alert">
              {error}
            </p>
          )}
          <Button type="submit" variant="secondary" size="large" busy={working} busyLabel="Sending…">
            {sent ? 'Send the link again' : 'Email me a link'}
          </Button>
        </form>
        <Link to={ADMIN_PUBLIC_PAGES.login} className={styles.back}>
          Back to sign in
        </Link>
      </div>
    </main>
  )
}
