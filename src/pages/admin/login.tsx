import { LockKeyhole } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom'
import * as z from 'zod/mini'
import { LOGIN_FIELDS, LoginSchema } from '#domain/admin-user.ts'
import { DEMO_CREDENTIALS } from '#domain/demo.ts'
import { firstIssue } from '#domain/fields.ts'
import { ADMIN_PUBLIC_PAGES } from '#domain/route-map.ts'
import { login } from '#src/features/admin/account/login.ts'
import { TextField } from '#src/features/admin/kit/field.tsx'
import { readSession } from '#src/lib/session.ts'
import { Button } from '#src/features/admin/kit/button.tsx'
import styles from './login.module.css'

/** What the page was sent with: a word on how the last session ended ("signed out everywhere"). */
type LoginState = { notice?: string } | null

export function LoginPage() {
  const navigate = useNavigate()
  const notice = (useLocation().state as LoginState)?.notice
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [working, setWorking] = useState(false)

  useEffect(() => {
    document.title = 'Sign in | Admin'
  }, [])

  if (readSession()) return <Navigate to="/admin" replace />

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const parsed = z.safeParse(LoginSchema, { username, password })
    if (!parsed.success) {
      setError(firstIssue(parsed.error))
      return
    }
    setWorking(true)
    setError(null)
    const failure = await login(parsed.data.username, parsed.data.password)
    setWorking(false)
    if (failure) setError(failure)
    else navigate('/admin', { replace: true })
  }

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <span className={styles.icon} aria-hidden="true">
          <LockKeyhole size={26} />
        </span>
        <h1 className={styles.title}>Admin sign in</h1>
        <p className={styles.intro}>Sign in to manage the site's content, blog, resources and subscribers.</p>
        {notice && !error && (
          <p className="notice notice-success" role="status">
            {notice}
          </p>
        )}
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <TextField
            label={LOGIN_FIELDS.username.label}
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <TextField
            label={LOGIN_FIELDS.password.label}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Link to={ADMIN_PUBLIC_PAGES.forgotPassword} className={styles.forgot}>
            Forgot your password?
          </Link>
          {error && (
            <p className="notice notice-error" role="alert">
              {error}
            </p>
          )}
          <Button type="submit" variant="secondary" size="large" busy={working} busyLabel="Signing in...">
            Sign in
          </Button>
        </form>
        {/* The demo sign-in is shown by development builds only (docs/decisions.md, No default password). */}
        {import.meta.env.DEV && (
          <div className={styles.demo}>
            <strong>Demo credentials</strong>
            <span>
              Username <code>{DEMO_CREDENTIALS.admin.username}</code>, password <code>{DEMO_CREDENTIALS.admin.password}</code>
            </span>
          </div>
        )}
        <Link to="/" className={styles.back}>
          Back to the site
        </Link>
      </div>
    </main>
  )
}
