import { Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { USER_MESSAGES, type PublicUser, type UserInput } from '../../../domain/admin-user'
import { Loading } from '../../components/ui/loading'
import { adminApi } from '../../features/admin/api/admin-api'
import { AdminPageHeader } from '../../features/admin/components/admin-page-header'
import styles from '../../features/admin/components/admin-ui.module.css'
import { useConfirm } from '../../features/admin/components/confirm-dialog'
import { FlashBanner } from '../../features/admin/components/flash-banner'
import { UserForm } from '../../features/admin/components/user-form'
import { useAdminData } from '../../features/admin/use-admin-data'
import { useFlash } from '../../features/admin/use-flash'

const date = (iso?: string) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never')

/** Admins only: the server refuses editors (403), and the page then shows the load failure. */
export function UsersPage() {
  const [users, reload] = useAdminData(adminApi.users, USER_MESSAGES.loadFailed)
  const { flash, run, clear } = useFlash()
  const { confirm, dialog } = useConfirm()
  const [adding, setAdding] = useState(false)

  async function create(input: UserInput) {
    const ok = await run(() => adminApi.createUser(input), { success: USER_MESSAGES.created, failure: USER_MESSAGES.createFailed })
    if (ok) {
      setAdding(false)
      reload()
    }
    return ok
  }

  async function remove(user: PublicUser) {
    if (!(await confirm('Delete user?', `Delete the user "${user.username}"? They will no longer be able to sign in.`))) return
    if (await run(() => adminApi.deleteUser(user.id), { success: USER_MESSAGES.deleted, failure: USER_MESSAGES.deleteFailed })) reload()
  }

  return (
    <>
      <AdminPageHeader title="Users" description="Who can sign in to this panel.">
        {users.status === 'ready' && !adding && (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" size={18} /> Add user
          </button>
        )}
      </AdminPageHeader>
      <FlashBanner flash={flash} onClose={clear} />
      {adding && (
        <section className={styles.panel} aria-labelledby="add-user-title">
          <h2 id="add-user-title" className={styles.panelTitle}>
            Add user
          </h2>
          <UserForm onSave={create} onCancel={() => setAdding(false)} />
        </section>
      )}
      {users.status === 'loading' && <Loading label="Loading users…" />}
      {users.status === 'error' && (
        <p className="notice notice-error" role="alert">
          {users.error}
        </p>
      )}
      {users.status === 'ready' && (
        <div className={styles.panel}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Created</th>
                <th scope="col">Last login</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((user) => (
                <tr key={user.id}>
                  <td data-label="Username" className={styles.cellStrong}>
                    {user.username}
                  </td>
                  <td data-label="Email">{user.email}</td>
                  <td data-label="Role">
                    <span className={`${styles.badge} ${user.role === 'admin' ? styles.badgeAmber : styles.badgeGray}`}>
                      {user.role === 'admin' ? 'Admin' : 'Editor'}
                    </span>
                  </td>
                  <td data-label="Created" className={styles.muted}>
                    {date(user.createdAt)}
                  </td>
                  <td data-label="Last login" className={styles.muted}>
                    {date(user.lastLogin)}
                  </td>
                  <td className={styles.actions}>
                    <button type="button" className={`${styles.iconButton} ${styles.dangerLink}`} onClick={() => remove(user)}>
                      <Trash2 aria-hidden="true" size={16} /> Delete<span className="visually-hidden"> {user.username}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {dialog}
    </>
  )
}
