import { Crown, KeyRound } from 'lucide-react'
import { useState } from 'react'
import { ROLE_LABELS, USER_MESSAGES, type PublicUser, type UserInput } from '#domain/admin-user.ts'
import { usersApi } from '#src/features/admin/users/users-api.ts'
import { AdminPageHeader } from '#src/features/admin/kit/admin-page-header.tsx'
import { formatDateTime } from '#domain/text.ts'
import { Badge, Badges } from '#src/features/admin/kit/badge.tsx'
import { Button } from '#src/features/admin/kit/button.tsx'
import { Muted } from '#src/features/admin/kit/text.tsx'
import { EntityList, type EntityListSpec } from '#src/features/admin/kit/entity-list.tsx'
import { FlashBanner } from '#src/features/admin/kit/flash-banner.tsx'
import { LoadState } from '#src/features/admin/kit/load-state.tsx'
import { AddButton } from '#src/features/admin/kit/row-action.tsx'
import { useConfirm } from '#src/features/admin/kit/confirm-dialog.tsx'
import { OwnerHandoverForm } from '#src/features/admin/users/owner-handover-form.tsx'
import { UserForm } from '#src/features/admin/users/user-form.tsx'
import { Panel } from '#src/features/admin/kit/panel.tsx'
import { PasswordResetForm } from '#src/features/admin/users/password-reset-form.tsx'
import { useAdminData } from '#src/features/admin/kit/use-admin-data.ts'
import { useFlash } from '#src/features/admin/kit/use-flash.ts'
import { readSession } from '#src/lib/session.ts'

const date = (iso?: string) => (iso ? formatDateTime(iso) : 'Never')

/**
 * Users are added and deleted, never edited; there is always one, so the list is never empty. The
 * site's owner has no Delete button: nobody may delete her (docs/decisions.md, The site's owner).
 */
const usersList: EntityListSpec<PublicUser, PublicUser, UserInput> = {
  crud: {
    subject: (user) => user.username,
    calls: { create: usersApi.createUser, remove: usersApi.deleteUser },
    messages: USER_MESSAGES,
    question: (user) => ({ title: 'Delete user?', message: `Delete the user "${user.username}"? They will no longer be able to sign in.` }),
    removable: (user) => !user.owner,
  },
  form: UserForm,
  columns: [
    { label: 'Username', look: 'strong', cell: (user) => user.username },
    { label: 'Email', cell: (user) => user.email },
    {
      label: 'Role',
      cell: (user) => (
        <Badges>
          <Badge tone={user.role === 'admin' ? 'amber' : 'gray'}>{ROLE_LABELS[user.role]}</Badge>
          {user.owner && <Badge tone="green">Owner</Badge>}
        </Badges>
      ),
    },
    { label: 'Created', look: 'muted', cell: (user) => date(user.createdAt) },
    { label: 'Last login', look: 'muted', cell: (user) => date(user.lastLogin) },
    {
      label: 'Password',
      cell: (user) => (user.mustChangePassword ? <Badge tone="amber">Must change</Badge> : <Badge tone="gray">Set</Badge>),
    },
  ],
  create: { title: 'Add user' },
}

/** The form open above the list, if any: one at a time. */
type Open = 'add' | 'reset' | 'handover' | null

/** Admins only: the server refuses editors (403), and the page then shows the load failure. */
export function UsersPage() {
  const [users, reload] = useAdminData(usersApi.users, USER_MESSAGES.loadFailed)
  const flash = useFlash()
  const { confirm, dialog } = useConfirm()
  const [open, setOpen] = useState<Open>(null)
  const adding = open === 'add'
  const setAdding = (value: boolean) => setOpen(value ? 'add' : null)
  const me = readSession()?.user.username
  const iAmOwner = users.status === 'ready' && users.data.some((user) => user.owner && user.username === me)

  async function reset({ userId, password }: { userId: string; password: string }) {
    const done = await flash.run(() => usersApi.resetPassword(userId, { password }), {
      success: USER_MESSAGES.passwordReset,
      failure: 'Failed to reset password',
    })
    if (done) {
      setOpen(null)
      reload()
    }
    return done
  }

  async function handOver(list: PublicUser[], { userId, password }: { userId: string; password: string }) {
    const heir = list.find((user) => user.id === userId)?.username ?? 'this admin'
    const sure = await confirm(
      `Make ${heir} the site owner?`,
      `Nobody else can then delete ${heir}'s account or reset their password. You stay an admin, and ${heir} can delete your account. Only ${heir} can hand ownership back.`,
      { confirmLabel: 'Hand ownership over', cancelLabel: 'Keep ownership' },
    )
    if (!sure) return false
    const done = await flash.run(() => usersApi.handOverOwnership(userId, { password }), {
      success: USER_MESSAGES.handedOver(heir),
      failure: 'Failed to hand ownership over',
    })
    if (done) {
      setOpen(null)
      reload()
    }
    return done
  }

  return (
    <>
      <AdminPageHeader title="Users" description="Who can sign in to this panel.">
        {users.status === 'ready' && open === null && (
          <>
            {iAmOwner && (
              <Button icon={Crown} iconSize={16} onClick={() => setOpen('handover')}>
                Hand ownership over
              </Button>
            )}
            <Button icon={KeyRound} iconSize={16} onClick={() => setOpen('reset')}>
              Reset a password
            </Button>
            <AddButton label="Add user" onClick={() => setAdding(true)} />
          </>
        )}
      </AdminPageHeader>
      <FlashBanner flash={flash.flash} onClose={flash.clear} />
      {/* The Add user button shows once the list has loaded, so the form opens above a loaded list. */}
      <LoadState state={users} loading="Loading users…">
        {(list) => (
          <>
            {open === 'reset' && (
              <Panel title="Reset a password">
                {/* Her own password takes the current one (My account), and only the owner sets hers. */}
                <PasswordResetForm
                  users={list.filter((user) => user.username !== me && !user.owner)}
                  onSave={reset}
                  onCancel={() => setOpen(null)}
                />
              </Panel>
            )}
            {open === 'handover' && (
              <Panel title="Hand ownership over">
                <Muted as="p">
                  The owner is the one admin nobody else can delete, or reset the password of. Choose the admin who takes it over.
                </Muted>
                <OwnerHandoverForm
                  admins={list.filter((user) => user.role === 'admin' && user.username !== me)}
                  onSave={(input) => handOver(list, input)}
                  onCancel={() => setOpen(null)}
                />
              </Panel>
            )}
            <EntityList {...usersList} rows={list} creating={adding} setCreating={setAdding} flash={flash} reload={reload} />
          </>
        )}
      </LoadState>
      {dialog}
    </>
  )
}
