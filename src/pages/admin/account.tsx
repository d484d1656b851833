import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { ROLE_LABELS, USER_MESSAGES, type PasswordChangeInput } from '../../../domain/admin-user'
import { adminApi } from '../../features/admin/api/admin-api'
import { AdminPageHeader } from '../../features/admin/components/admin-page-header'
import styles from '../../features/admin/components/admin-ui.module.css'
import { FlashBanner } from '../../features/admin/components/flash-banner'
import { Panel } from '../../features/admin/components/panel'
import { PasswordChangeForm } from '../../features/admin/components/password-change-form'
import { useFlash } from '../../features/admin/use-flash'
import { readSession, saveSession } from '../../lib/session'

/**
 * My account: who is signed in, and her own password. After an admin's reset this is the only
 * screen open to her (the layout sends every other address here) until she chooses a new one.
 */
export function AccountPage() {
  const session = readSession()
  const navigate = useNavigate()
  const flash = useFlash()
  // A new form (empty fields) after each change.
  const [formKey, setFormKey] = useState(0)
  if (!session) return null
  const mustChange = session.user.mustChangePassword === true

  async function change(input: PasswordChangeInput) {
    const changed = await flash.run(
      async () => {
        const answer = await adminApi.changePassword(input)
        // The old token no longer works: this session goes on with the new one.
        saveSession({ token: answer.token, user: answer.user })
      },
      { success: USER_MESSAGES.passwordChanged, failure: 'Failed to change password' },
    )
    if (changed) {
      setFormKey((key) => key + 1)
      // Re-render the layout, which reads the session: its navigation opens again after a reset.
      if (mustChange) navigate('/admin/account', { replace: true })
    }
    return changed
  }

  return (
    <>
      <AdminPageHeader title="My account" description="Your sign-in details and password." />
      {mustChange && !flash.flash && (
        <p className={`notice notice-warning ${styles.flash}`} role="status">
          {USER_MESSAGES.mustChange}
        </p>
      )}
      <FlashBanner flash={flash.flash} onClose={flash.clear} />
      <Panel title="Signed in as">
        <dl className={styles.details}>
          <dt>Username</dt>
          <dd>{session.user.username}</dd>
          <dt>Role</dt>
          <dd>{ROLE_LABELS[session.user.role]}</dd>
        </dl>
      </Panel>
      <Panel title="Change password">
        <p className={`${styles.muted} ${styles.panelIntro}`}>Changing your password signs you out everywhere else.</p>
        <PasswordChangeForm key={formKey} onSave={change} />
      </Panel>
    </>
  )
}
