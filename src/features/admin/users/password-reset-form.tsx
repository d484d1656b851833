import { PASSWORD_RESET_FIELDS, PasswordResetFormSchema, type PublicUser } from '#domain/admin-user.ts'
import { useSchemaForm } from '#src/features/admin/kit/use-schema-form.ts'
import { EntityForm } from '#src/features/admin/kit/entity-form.tsx'
import { SelectField, TextField } from '#src/features/admin/kit/field.tsx'

/** The Users screen: a temporary password for someone else, who must replace it when they next sign in. */
export function PasswordResetForm({
  users,
  onSave,
  onCancel,
}: {
  users: PublicUser[]
  onSave: (input: { userId: string; password: string }) => Promise<boolean>
  onCancel: () => void
}) {
  const form = useSchemaForm({
    schema: PasswordResetFormSchema,
    fields: PASSWORD_RESET_FIELDS,
    initial: { userId: '', password: '' },
    onSave,
  })
  const options = { '': 'Choose a user', ...Object.fromEntries(users.map((user) => [user.id, user.username])) }

  return (
    <EntityForm form={form} name="Reset a password" submitLabel="Reset password" savingLabel="Resetting…" onCancel={onCancel}>
      <SelectField {...form.field('userId')} options={options} />
      <TextField {...form.field('password')} type="password" autoComplete="new-password" />
    </EntityForm>
  )
}
