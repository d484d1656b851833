import { PASSWORD_CHANGE_FIELDS, PasswordChangeSchema, type PasswordChangeInput } from '#domain/admin-user.ts'
import { Button } from '#src/features/admin/kit/button.tsx'
import { TextField } from '#src/features/admin/kit/field.tsx'
import styles from '#src/features/admin/kit/layout.module.css'
import { useSchemaForm } from '#src/features/admin/kit/use-schema-form.ts'

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
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" busy={form.saving} busyLabel="Changing…">
          Change password
        </Button>
      </div>
    </form>
  )
}
