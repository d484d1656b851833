import { useId } from 'react'
import { POST_STATUSES, PostInputSchema, parseTags, type BlogPost, type PostInput } from '../../../../domain/blog-post'
import { describedBy, Field } from './field'
import { useSchemaForm } from '../use-schema-form'
import styles from './admin-ui.module.css'

/** Create or edit a post. Tags are typed comma-separated and sent as a trimmed list (docs/product.md, Validation). */
export function PostForm({
  initial,
  onSave,
  onCancel,
}: {
  initial?: BlogPost
  onSave: (input: PostInput) => Promise<boolean>
  onCancel: () => void
}) {
  const id = useId()
  const { values, errors, saving, set, submit } = useSchemaForm(
    PostInputSchema,
    {
      title: initial?.title ?? '',
      excerpt: initial?.excerpt ?? '',
      content: initial?.content ?? '',
      featuredImage: initial?.featuredImage ?? '',
      tags: initial?.tags.join(', ') ?? '',
      status: initial?.status ?? ('draft' as PostInput['status']),
    },
    onSave,
    (values) => ({ ...values, tags: parseTags(values.tags) }),
  )

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={initial ? `Edit post ${initial.title}` : 'New blog post'}>
      <div className={styles.formGrid}>
        <div className={styles.span2}>
          <Field id={`${id}-title`} label="Title" error={errors.title}>
            <input
              id={`${id}-title`}
              className="input"
              value={values.title}
              onChange={set('title')}
              {...describedBy(`${id}-title`, errors.title)}
            />
          </Field>
        </div>
        <div className={styles.span2}>
          <Field id={`${id}-excerpt`} label="Excerpt" error={errors.excerpt}>
            <textarea
              id={`${id}-excerpt`}
              className="input"
              rows={2}
              value={values.excerpt}
              onChange={set('excerpt')}
              {...describedBy(`${id}-excerpt`, errors.excerpt)}
            />
          </Field>
        </div>
        <div className={styles.span2}>
          <Field id={`${id}-content`} label="Content (markdown)" error={errors.content}>
            <textarea
              id={`${id}-content`}
              className="input"
              rows={12}
              value={values.content}
              onChange={set('content')}
              {...describedBy(`${id}-content`, errors.content)}
            />
          </Field>
        </div>
        <Field id={`${id}-image`} label="Featured image URL (optional)" error={errors.featuredImage}>
          <input
            id={`${id}-image`}
            className="input"
            type="url"
            inputMode="url"
            value={values.featuredImage}
            onChange={set('featuredImage')}
            {...describedBy(`${id}-image`, errors.featuredImage)}
          />
        </Field>
        <Field id={`${id}-tags`} label="Tags (comma-separated)" error={errors.tags}>
          <input
            id={`${id}-tags`}
            className="input"
            value={values.tags}
            onChange={set('tags')}
            placeholder="Budgeting, Marriage"
            {...describedBy(`${id}-tags`, errors.tags)}
          />
        </Field>
        <Field id={`${id}-status`} label="Status" error={errors.status}>
          <select id={`${id}-status`} className="input" value={values.status} onChange={set('status')}>
            {POST_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status === 'draft' ? 'Draft' : 'Published'}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className={styles.formActions}>
        <button type="submit" className="btn btn-secondary btn-small" disabled={saving}>
          {saving ? 'Saving…' : initial ? 'Save changes' : 'Create post'}
        </button>
        <button type="button" className="btn btn-outline btn-small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
