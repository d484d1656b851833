import { OWNER_HANDOVER_FIELDS, OwnerHandoverFormSchema, type PublicUser } from '#domain/admin-user.ts'
import { useSchemaForm } from '#src/features/admin/kit/use-schema-form.ts'
import { EntityForm } from '#src/features/admin/kit/entity-form.tsx'
import { SelectField, TextField } from '#src/features/admin/kit/field.tsx'

/**
 * The Users screen, for the site's owner only: another admin to become the owner, and her own
 * password to confirm (docs/decisions.md, The site's owner). The page asks once more before it sends.
 */
export function OwnerHandoverForm({
  admins,
  onSave,
  onCancel,
}: {
  admins: PublicUser[]
  onSave: (input: { userId: string; password: string }) => Promise<boolean>
  onCancel: () => void
}) {
  const form = useSchemaForm({
    schema: OwnerHandoverFormSchema,
    fields: OWNER_HANDOVER_FIELDS,
    initial: { userId: '', password: '' },
    onSave,
  })
  const options = { '': 'Choose an admin', ...Object.fromEntries(admins.map((user) => [user.id, user.username])) }

  return (
    <EntityForm form={form} name="Hand ownership over" submitLabel="Hand ownership over…" savingLabel="Handing over…" onCancel={onCancel}>
      <SelectField {...form.field('userId')} options={options} />
      <TextField {...form.field('password')} type="password" autoComplete="current-password" />
    </EntityForm>
  )
}
