import { PASSWORD_CHANGE_FIELDS, PasswordChangeSchema, type PasswordChangeInput } from '#domain/admin-user.ts'
import { useSchemaForm } from '#src/features/admin/kit/use-schema-form.ts'
import styles from '#src/features/admin/kit/admin-ui.module.css'
import { TextField } from '#src/features/admin/kit/field.tsx'

/** My account: the current password, then the new one twice. */
export function PasswordChangeForm({ onSave }: { onSave: (input: PasswordChangeInput) => Promise<boolean> }) {
  const empty = { currentPassword: '', newPassword: '', confirmPassword: '' }
  const form = useSchemaForm({ schema: PasswordChangeSchema, fields: PASSWORD_CHANGE_FIELDS, initial: empty, onSave })

  return (
    <form className={styles.form} onSubmit={form.submit} noValidate aria-label="Change password">
      <div className={styles.formGrid}>
        <TextField {...form.field('currentPassword')} type="password" autoComplete="current-password" wide />
        <TextField {...form.field('newPassword')} type="password" autoComplete="new-password" />
        <TextField {...form.field('confirmPassword')} type="password" autoComplete="new-password" />
      </div>
      <div className={styles.formActions}>
        <button type="submit" className="btn btn-secondary btn-small" disabled={form.saving}>
          {form.saving ? 'Changing…' : 'Change password'}
        </button>
      </div>
    </form>
  )
}
