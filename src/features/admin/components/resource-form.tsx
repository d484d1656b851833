import { useId } from 'react'
import { RESOURCE_TYPES, RESOURCE_TYPE_LABELS, ResourceInputSchema, type Resource, type ResourceInput } from '../../../../domain/resource'
import { describedBy, Field } from './field'
import { useSchemaForm } from '../use-schema-form'
import styles from './admin-ui.module.css'

/** Create or edit a resource, all fields including Active (docs/decisions.md, Resource editing). */
export function ResourceForm({
  initial,
  onSave,
  onCancel,
}: {
  initial?: Resource
  onSave: (input: ResourceInput) => Promise<boolean>
  onCancel: () => void
}) {
  const id = useId()
  const { values, setValues, errors, saving, set, submit } = useSchemaForm(
    ResourceInputSchema,
    {
      title: initial?.title ?? '',
      description: initial?.description ?? '',
      type: initial?.type ?? ('ebook' as ResourceInput['type']),
      fileUrl: initial?.fileUrl ?? '',
      thumbnailUrl: initial?.thumbnailUrl ?? '',
      isActive: initial?.isActive ?? true,
    },
    onSave,
  )

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={initial ? `Edit resource ${initial.title}` : 'New resource'}>
      <div className={styles.formGrid}>
        <Field id={`${id}-title`} label="Title" error={errors.title}>
          <input
            id={`${id}-title`}
            className="input"
            value={values.title}
            onChange={set('title')}
            {...describedBy(`${id}-title`, errors.title)}
          />
        </Field>
        <Field id={`${id}-type`} label="Type" error={errors.type}>
          <select id={`${id}-type`} className="input" value={values.type} onChange={set('type')}>
            {RESOURCE_TYPES.map((type) => (
              <option key={type} value={type}>
                {RESOURCE_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </Field>
        <div className={styles.span2}>
          <Field id={`${id}-description`} label="Description" error={errors.description}>
            <textarea
              id={`${id}-description`}
              className="input"
              rows={3}
              value={values.description}
              onChange={set('description')}
              {...describedBy(`${id}-description`, errors.description)}
            />
          </Field>
        </div>
        <Field id={`${id}-file`} label="File URL" error={errors.fileUrl}>
          <input
            id={`${id}-file`}
            className="input"
            type="url"
            inputMode="url"
            value={values.fileUrl}
            onChange={set('fileUrl')}
            {...describedBy(`${id}-file`, errors.fileUrl)}
          />
        </Field>
        <Field id={`${id}-thumb`} label="Thumbnail URL (optional)" error={errors.thumbnailUrl}>
          <input
            id={`${id}-thumb`}
            className="input"
            type="url"
            inputMode="url"
            value={values.thumbnailUrl}
            onChange={set('thumbnailUrl')}
            {...describedBy(`${id}-thumb`, errors.thumbnailUrl)}
          />
        </Field>
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={values.isActive}
            onChange={(event) => setValues((v) => ({ ...v, isActive: event.target.checked }))}
          />
          Active (shown on the Resources page)
        </label>
      </div>
      <div className={styles.formActions}>
        <button type="submit" className="btn btn-secondary btn-small" disabled={saving}>
          {saving ? 'Saving…' : initial ? 'Save changes' : 'Create resource'}
        </button>
        <button type="button" className="btn btn-outline btn-small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
