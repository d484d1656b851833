import { RESOURCE_FIELDS, RESOURCE_TYPE_LABELS, ResourceInputSchema, type Resource, type ResourceInput } from '#domain/resource.ts'
import { openWith, useSchemaForm } from '#src/features/admin/kit/use-schema-form.ts'
import { EntityForm, type EntityFormProps } from '#src/features/admin/kit/entity-form.tsx'
import { CheckboxField, SelectField, TextAreaField, TextField } from '#src/features/admin/kit/field.tsx'
import { addressCheck, MediaField, PictureField } from '#src/features/admin/media/media-field.tsx'

/**
 * Create or edit a resource, all fields including Active (docs/decisions.md, Resource editing).
 * The file and the thumbnail are chosen from the library or uploaded into it (never typed as an
 * address, unless it is another website's); the thumbnail with its description.
 */
export function ResourceForm({ initial, onSave, onCancel }: EntityFormProps<Resource, ResourceInput>) {
  const form = useSchemaForm({
    schema: ResourceInputSchema,
    fields: RESOURCE_FIELDS,
    initial: openWith(
      { title: '', description: '', type: 'ebook', fileUrl: '', thumbnailUrl: '', thumbnailAlt: '', isActive: true },
      initial,
    ),
    onSave,
  })

  return (
    <EntityForm
      form={form}
      name={initial ? `Edit resource ${initial.title}` : 'New resource'}
      submitLabel={initial ? 'Save changes' : 'Create resource'}
      onCancel={onCancel}
    >
      <TextField {...form.field('title')} />
      <SelectField {...form.field('type')} options={RESOURCE_TYPE_LABELS} />
      <TextAreaField {...form.field('description')} rows={3} wide />
      <MediaField
        kind="file"
        {...form.field('fileUrl')}
        onChange={(fileUrl) => form.load({ fileUrl })}
        addressProblem={addressCheck(ResourceInputSchema.shape.fileUrl)}
        wide
      />
      <PictureField
        {...form.field('thumbnailUrl')}
        onChange={(thumbnailUrl) => form.load({ thumbnailUrl })}
        addressProblem={addressCheck(ResourceInputSchema.shape.thumbnailUrl)}
        alt={{
          ...form.field('thumbnailAlt'),
          max: RESOURCE_FIELDS.thumbnailAlt.max,
          onChange: (thumbnailAlt) => form.load({ thumbnailAlt }),
        }}
        wide
      />
      <CheckboxField {...form.checkbox('isActive')} />
    </EntityForm>
  )
}
