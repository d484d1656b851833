import { LogOut } from 'lucide-react'
import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { ROLE_LABELS, USER_MESSAGES, type PasswordChangeInput } from '#domain/admin-user.ts'
import { accountApi } from '#src/features/admin/account/account-api.ts'
import { AdminPageHeader } from '#src/features/admin/kit/admin-page-header.tsx'
import { Button } from '#src/features/admin/kit/button.tsx'
import { FlashBanner, StatusBanner } from '#src/features/admin/kit/flash-banner.tsx'
import layout from '#src/features/admin/kit/layout.module.css'
import { Details, Muted } from '#src/features/admin/kit/text.tsx'
import { useConfirm } from '#src/features/admin/kit/confirm-dialog.tsx'
import { Panel } from '#src/features/admin/kit/panel.tsx'
import { PasswordChangeForm } from '#src/features/admin/account/password-change-form.tsx'
import { failureText, useFlash } from '#src/features/admin/kit/use-flash.ts'
import { ADMIN_PUBLIC_PAGES } from '#domain/route-map.ts'
import { clearSession, readSession, saveSession } from '#src/lib/session.ts'

/**
 * My account: who is signed in, her own password, and "sign out everywhere". After an admin's
 * reset this is the only screen open to her (the layout sends every other address here) until
 * she chooses a new one. A page that sends her here may bring a word to show (`notice`: the reset
 * page's "your new password is set").
 */
export function AccountPage() {
  const session = readSession()
  const navigate = useNavigate()
  const notice = (useLocation().state as { notice?: string } | null)?.notice
  const flash = useFlash(notice ? { kind: 'success', text: notice } : null)
  const { confirm, dialog } = useConfirm()
  const [signingOut, setSigningOut] = useState(false)
  // A new form (empty fields) after each change.
  const [formKey, setFormKey] = useState(0)
  if (!session) return null
  const mustChange = session.user.mustChangePassword === true

  async function change(input: PasswordChangeInput) {
    const changed = await flash.run(
      async () => {
        const answer = await accountApi.changePassword(input)
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

  async function signOutEverywhere() {
    const sure = await confirm(
      'Sign out everywhere?',
      'This ends every session of yours, on every device, this one included. You will sign in again with your password.',
      { confirmLabel: 'Sign out everywhere', cancelLabel: 'Cancel' },
    )
    if (!sure) return
    setSigningOut(true)
    try {
      await accountApi.signOutEverywhere()
      clearSession()
      navigate(ADMIN_PUBLIC_PAGES.login, { replace: true, state: { notice: USER_MESSAGES.signedOutEverywhere } })
    } catch (error) {
      setSigningOut(false)
      flash.setFlash({ kind: 'error', text: failureText(error, USER_MESSAGES.signOutFailed) })
    }
  }

  return (
    <>
      <AdminPageHeader title="My account" description="Your sign-in details, your password and your sessions." />
      {mustChange && !flash.flash && <StatusBanner>{USER_MESSAGES.mustChange}</StatusBanner>}
      <FlashBanner flash={flash.flash} onClose={flash.clear} />
      <Panel title="Signed in as">
        <Details
          items={[
            ['Username', session.user.username],
            ['Role', ROLE_LABELS[session.user.role]],
          ]}
        />
      </Panel>
      <Panel title="Change password">
        <Muted as="p" intro>
          Changing your password signs you out everywhere else.
        </Muted>
        <PasswordChangeForm key={formKey} onSave={change} />
      </Panel>
      <Panel title="Sign out everywhere">
        <Muted as="p" intro>
          Ends every session of yours, on every device, this one included: for a lost phone, or a computer that is not yours. Your password
          stays as it is.
        </Muted>
        <div className={layout.actions}>
          <Button icon={LogOut} iconSize={16} onClick={signOutEverywhere} busy={signingOut} busyLabel="Signing out…">
            Sign out everywhere
          </Button>
        </div>
      </Panel>
      {dialog}
    </>
  )
}
