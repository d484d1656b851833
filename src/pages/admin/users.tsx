import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { ROLE_LABELS, USER_MESSAGES, type PublicUser, type UserInput } from '../../../domain/admin-user'
import { adminApi } from '../../features/admin/api/admin-api'
import { AdminPageHeader } from '../../features/admin/components/admin-page-header'
import styles from '../../features/admin/components/admin-ui.module.css'
import { Badge } from '../../features/admin/components/badge'
import { EntityList, type EntityListSpec } from '../../features/admin/components/entity-list'
import { FlashBanner } from '../../features/admin/components/flash-banner'
import { LoadState } from '../../features/admin/components/load-state'
import { AddButton } from '../../features/admin/components/row-action'
import { UserForm } from '../../features/admin/components/user-form'
import { Panel } from '../../features/admin/components/panel'
import { PasswordResetForm } from '../../features/admin/components/password-reset-form'
import { useAdminData } from '../../features/admin/use-admin-data'
import { useFlash } from '../../features/admin/use-flash'
import { readSession } from '../../lib/session'

const date = (iso?: string) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never')

/** Users are added and deleted, never edited; there is always one, so the list is never empty. */
const usersList: EntityListSpec<PublicUser, PublicUser, UserInput> = {
  crud: {
    subject: (user) => user.username,
    calls: { create: adminApi.createUser, remove: adminApi.deleteUser },
    messages: USER_MESSAGES,
    question: (user) => ({ title: 'Delete user?', message: `Delete the user "${user.username}"? They will no longer be able to sign in.` }),
  },
  form: UserForm,
  columns: [
    { label: 'Username', className: styles.cellStrong, cell: (user) => user.username },
    { label: 'Email', cell: (user) => user.email },
    { label: 'Role', cell: (user) => <Badge tone={user.role === 'admin' ? 'amber' : 'gray'}>{ROLE_LABELS[user.role]}</Badge> },
    { label: 'Created', className: styles.muted, cell: (user) => date(user.createdAt) },
    { label: 'Last login', className: styles.muted, cell: (user) => date(user.lastLogin) },
    {
      label: 'Password',
      cell: (user) => (user.mustChangePassword ? <Badge tone="amber">Must change</Badge> : <Badge tone="gray">Set</Badge>),
    },
  ],
  create: { title: 'Add user' },
}

/** Admins only: the server refuses editors (403), and the page then shows the load failure. */
export function UsersPage() {
  const [users, reload] = useAdminData(adminApi.users, USER_MESSAGES.loadFailed)
  const flash = useFlash()
  const [adding, setAdding] = useState(false)
  const [resetting, setResetting] = useState(false)
  const me = readSession()?.user.username

  async function reset({ userId, password }: { userId: string; password: string }) {
    const done = await flash.run(() => adminApi.resetPassword(userId, { password }), {
      success: USER_MESSAGES.passwordReset,
      failure: 'Failed to reset password',
    })
    if (done) {
      setResetting(false)
      reload()
    }
    return done
  }

  return (
    <>
      <AdminPageHeader title="Users" description="Who can sign in to this panel.">
        {users.status === 'ready' && !adding && !resetting && (
          <>
            <button type="button" className="btn btn-outline btn-small" onClick={() => setResetting(true)}>
              <KeyRound aria-hidden="true" size={16} />
              Reset a password
            </button>
            <AddButton label="Add user" onClick={() => setAdding(true)} />
          </>
        )}
      </AdminPageHeader>
      <FlashBanner flash={flash.flash} onClose={flash.clear} />
      {/* The Add user button shows once the list has loaded, so the form opens above a loaded list. */}
      <LoadState state={users} loading="Loading users…">
        {(list) => (
          <>
            {resetting && (
              <Panel title="Reset a password">
                {/* Her own password takes the current one: My account. */}
                <PasswordResetForm
                  users={list.filter((user) => user.username !== me)}
                  onSave={reset}
                  onCancel={() => setResetting(false)}
                />
              </Panel>
            )}
            <EntityList {...usersList} rows={list} creating={adding} setCreating={setAdding} flash={flash} reload={reload} />
          </>
        )}
      </LoadState>
    </>
  )
}
