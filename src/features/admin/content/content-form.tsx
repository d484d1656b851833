import { CONTENT_FIELDS, CONTENT_TYPE_LABELS, ContentInputSchema, type ContentInput, type ContentItem } from '#domain/content-item.ts'
import { openWith, useSchemaForm } from '#src/features/admin/kit/use-schema-form.ts'
import { EntityForm, type EntityFormProps } from '#src/features/admin/kit/entity-form.tsx'
import { SelectField, TextAreaField, TextField } from '#src/features/admin/kit/field.tsx'

/** Add or edit a content item; an edit is saved with the same four fields (POST /api/admin/content). */
export function ContentForm({ initial, onSave, onCancel }: EntityFormProps<ContentItem, ContentInput>) {
  const form = useSchemaForm({
    schema: ContentInputSchema,
    fields: CONTENT_FIELDS,
    initial: openWith({ section: '', key: '', value: '', type: 'text' }, initial),
    onSave,
  })
  const { type } = form.values

  return (
    <EntityForm
      form={form}
      name={initial ? `Edit ${initial.section} / ${initial.key}` : 'Add content'}
      submitLabel="Save"
      onCancel={onCancel}
    >
      {/* An edit keeps its address: the section and key say where the text shows. */}
      <TextField {...form.field('section')} readOnly={Boolean(initial)} />
      <TextField {...form.field('key')} readOnly={Boolean(initial)} />
      <SelectField {...form.field('type')} options={CONTENT_TYPE_LABELS} />
      <TextAreaField
        {...form.field('value')}
        label={type === 'image' ? CONTENT_TYPE_LABELS.image : CONTENT_FIELDS.value.label}
        rows={type === 'text' || type === 'image' ? 3 : 8}
        wide
      />
    </EntityForm>
  )
}
