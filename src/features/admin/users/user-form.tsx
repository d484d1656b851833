import { ROLE_LABELS, USER_FIELDS, UserInputSchema, type PublicUser, type UserInput } from '#domain/admin-user.ts'
import { useSchemaForm } from '#src/features/admin/kit/use-schema-form.ts'
import { EntityForm, type EntityFormProps } from '#src/features/admin/kit/entity-form.tsx'
import { SelectField, TextField } from '#src/features/admin/kit/field.tsx'

/** Users are added, never edited: the form always starts empty. */
export function UserForm({ onSave, onCancel }: EntityFormProps<PublicUser, UserInput>) {
  const form = useSchemaForm({
    schema: UserInputSchema,
    fields: USER_FIELDS,
    initial: { username: '', email: '', password: '', role: 'editor' },
    onSave,
  })

  return (
    <EntityForm form={form} name="Add user" submitLabel="Create user" savingLabel="Creating…" onCancel={onCancel}>
      <TextField {...form.field('username')} autoComplete="off" />
      <TextField {...form.field('email')} type="email" autoComplete="off" />
      <TextField {...form.field('password')} type="password" autoComplete="new-password" />
      <SelectField {...form.field('role')} options={ROLE_LABELS} />
    </EntityForm>
  )
}
