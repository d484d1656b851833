import { POST_FIELDS, POST_STATUS_LABELS, PostInputSchema, parseTags, type BlogPost, type PostInput } from '../../../../domain/blog-post'
import { usePostPreview } from '../use-post-preview'
import { useSchemaForm } from '../use-schema-form'
import styles from './admin-ui.module.css'
import { EntityForm, type EntityFormProps } from './entity-form'
import { SelectField, TextAreaField, TextField } from './field'
import { PostPreviewPane } from './post-preview'

/**
 * Create or edit a post, with a live preview of the body beside it (below it on narrow screens).
 * Tags are typed comma-separated and sent as a trimmed list (docs/product.md, Validation).
 */
export function PostForm({ initial, onSave, onCancel }: EntityFormProps<BlogPost, PostInput>) {
  const form = useSchemaForm({
    schema: PostInputSchema,
    fields: POST_FIELDS,
    initial: {
      title: initial?.title ?? '',
      excerpt: initial?.excerpt ?? '',
      content: initial?.content ?? '',
      featuredImage: initial?.featuredImage ?? '',
      tags: initial?.tags.join(', ') ?? '',
      status: initial?.status ?? 'draft',
    },
    onSave,
    toInput: (values) => ({ ...values, tags: parseTags(values.tags) }),
  })
  const preview = usePostPreview(form.values.content)

  return (
    <div className={styles.editorWithPreview}>
      <EntityForm
        form={form}
        name={initial ? `Edit post ${initial.title}` : 'New blog post'}
        submitLabel={initial ? 'Save changes' : 'Create post'}
        onCancel={onCancel}
      >
        <TextField {...form.field('title')} wide />
        <TextAreaField {...form.field('excerpt')} rows={2} wide />
        <TextAreaField {...form.field('content')} rows={12} wide />
        <TextField {...form.field('featuredImage')} type="url" inputMode="url" />
        <TextField {...form.field('tags')} placeholder="Budgeting, Marriage" />
        <SelectField {...form.field('status')} options={POST_STATUS_LABELS} />
      </EntityForm>
      <PostPreviewPane title={form.values.title} excerpt={form.values.excerpt} preview={preview} />
    </div>
  )
}
