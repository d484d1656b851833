import { useId } from 'react'
import {
  CONTENT_TYPES,
  CONTENT_TYPE_LABELS,
  ContentInputSchema,
  type ContentInput,
  type ContentItem,
} from '../../../../domain/content-item'
import { describedBy, Field } from './field'
import { useSchemaForm } from '../use-schema-form'
import styles from './admin-ui.module.css'

/** Add or edit a content item; an edit is saved with the same four fields (POST /api/admin/content). */
export function ContentForm({
  initial,
  onSave,
  onCancel,
}: {
  initial?: ContentItem
  onSave: (input: ContentInput) => Promise<boolean>
  onCancel: () => void
}) {
  const id = useId()
  const { values, errors, saving, set, submit } = useSchemaForm(
    ContentInputSchema,
    {
      section: initial?.section ?? '',
      key: initial?.key ?? '',
      value: initial?.value ?? '',
      type: initial?.type ?? ('text' as ContentInput['type']),
    },
    onSave,
  )

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={initial ? `Edit ${initial.section} / ${initial.key}` : 'Add content'}
    >
      <div className={styles.formGrid}>
        <Field id={`${id}-section`} label="Section" error={errors.section}>
          <input
            id={`${id}-section`}
            className="input"
            value={values.section}
            onChange={set('section')}
            readOnly={Boolean(initial)}
            {...describedBy(`${id}-section`, errors.section)}
          />
        </Field>
        <Field id={`${id}-key`} label="Key" error={errors.key}>
          <input
            id={`${id}-key`}
            className="input"
            value={values.key}
            onChange={set('key')}
            readOnly={Boolean(initial)}
            {...describedBy(`${id}-key`, errors.key)}
          />
        </Field>
        <Field id={`${id}-type`} label="Type" error={errors.type}>
          <select id={`${id}-type`} className="input" value={values.type} onChange={set('type')}>
            {CONTENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {CONTENT_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </Field>
        <div className={styles.span2}>
          <Field id={`${id}-value`} label={values.type === 'image' ? 'Image URL' : 'Value'} error={errors.value}>
            <textarea
              id={`${id}-value`}
              className="input"
              rows={values.type === 'text' || values.type === 'image' ? 3 : 8}
              value={values.value}
              onChange={set('value')}
              {...describedBy(`${id}-value`, errors.value)}
            />
          </Field>
        </div>
      </div>
      <div className={styles.formActions}>
        <button type="submit" className="btn btn-secondary btn-small" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="btn btn-outline btn-small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
