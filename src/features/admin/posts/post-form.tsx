import {
  POST_FIELDS,
  POST_STATUS_LABELS,
  PostInputSchema,
  parseTags,
  type BlogPost,
  type PostInput,
  type RenderedPostVersion,
} from '#domain/blog-post.ts'
import { lazy, Suspense, useState } from 'react'
import { formatDateTime, fromLocalInput, toLocalInput } from '#domain/text.ts'
import { usePostVersions } from './use-post-versions'
import { usePostPreview } from './use-post-preview'
import { openWith, useSchemaForm } from '#src/features/admin/kit/use-schema-form.ts'
import styles from '#src/features/admin/kit/layout.module.css'
import { WithPreview } from '#src/features/admin/kit/preview-pane.tsx'
import { EntityForm, type EntityFormProps } from '#src/features/admin/kit/entity-form.tsx'
import { SelectField, TextAreaField, TextField } from '#src/features/admin/kit/field.tsx'
import { addressCheck, PictureField } from '#src/features/admin/media/media-field.tsx'
import { EditorLoading } from '#src/features/admin/editor/editor-loading.tsx'
import { PostPreviewPane } from './post-preview'
import { PostVersions, VERSION_MESSAGES } from './post-versions'

/** The body's editor, a chunk of its own: the posts list opens without it. */
const TextEditor = lazy(async () => ({ default: (await import('#src/features/admin/editor/text-editor.tsx')).TextEditor }))

/**
 * Create or edit a post, with a live preview of the body beside it (below it on narrow screens).
 * Tags are typed comma-separated and sent as a trimmed list (docs/product.md, Validation). The
 * address is sent only when she changed it, so an untouched draft's still follows its title. A
 * scheduled post asks for its time, typed in her own time zone and sent as an exact instant. An
 * existing post lists its last versions: any can be looked at in the preview or put back into
 * the form, to be saved like any edit.
 */
export function PostForm({ initial, onSave, onCancel }: EntityFormProps<BlogPost, PostInput>) {
  const form = useSchemaForm({
    schema: PostInputSchema,
    fields: POST_FIELDS,
    initial: {
      ...openWith({ title: '', excerpt: '', content: '', featuredImage: '', featuredImageAlt: '', slug: '', status: 'draft' }, initial),
      tags: initial?.tags.join(', ') ?? '',
      publishAt: toLocalInput(initial?.publishAt),
    },
    onSave,
    toInput: ({ slug, publishAt, ...values }) => ({
      ...values,
      tags: parseTags(values.tags),
      slug: slug.trim() === (initial?.slug ?? '') ? undefined : slug,
      publishAt: values.status === 'scheduled' ? fromLocalInput(publishAt) : undefined,
    }),
  })
  const preview = usePostPreview(form.values.content)
  const history = usePostVersions(initial?.id)
  const [viewing, setViewing] = useState<RenderedPostVersion | null>(null)
  const [restored, setRestored] = useState<string | null>(null)

  function restore(version: RenderedPostVersion) {
    const { title, excerpt, content, featuredImage = '', featuredImageAlt = '', tags } = version
    form.load({ title, excerpt, content, featuredImage, featuredImageAlt, tags: tags.join(', ') })
    setViewing(null)
    setRestored(VERSION_MESSAGES.restored(version.savedAt))
  }

  const pane = viewing ? (
    <PostPreviewPane
      title={viewing.title}
      excerpt={viewing.excerpt}
      featuredImage={viewing.featuredImage}
      featuredImageAlt={viewing.featuredImageAlt}
      preview={{ status: 'ready', html: viewing.html }}
      viewing={{ label: `Version of ${formatDateTime(viewing.savedAt, { seconds: true })}`, close: () => setViewing(null) }}
    />
  ) : (
    <PostPreviewPane
      title={form.values.title}
      excerpt={form.values.excerpt}
      featuredImage={form.values.featuredImage}
      featuredImageAlt={form.values.featuredImageAlt}
      preview={preview}
    />
  )

  return (
    <WithPreview
      preview={pane}
      after={initial && <PostVersions state={history.state} open={history.open} onView={setViewing} onRestore={restore} />}
    >
      <EntityForm
        form={form}
        name={initial ? `Edit post ${initial.title}` : 'New blog post'}
        submitLabel={initial ? 'Save changes' : 'Create post'}
        onCancel={onCancel}
      >
        <TextField {...form.field('title')} wide />
        <TextAreaField {...form.field('excerpt')} rows={2} wide />
        <Suspense fallback={<EditorLoading label={form.field('content').label} />}>
          <TextEditor {...bodyField(form.field('content'))} onChange={(content) => form.load({ content })} />
        </Suspense>
        <PictureField
          {...form.field('featuredImage')}
          onChange={(featuredImage) => form.load({ featuredImage })}
          addressProblem={addressCheck(PostInputSchema.shape.featuredImage)}
          alt={{
            ...form.field('featuredImageAlt'),
            max: POST_FIELDS.featuredImageAlt.max,
            onChange: (featuredImageAlt) => form.load({ featuredImageAlt }),
          }}
          wide
        />
        <TextField {...form.field('tags')} placeholder="Budgeting, Marriage" />
        <TextField {...form.field('slug')} placeholder="made-from-the-title" autoCapitalize="none" spellCheck={false} wide />
        <SelectField {...form.field('status')} options={POST_STATUS_LABELS} />
        {form.values.status === 'scheduled' && <TextField {...form.field('publishAt')} type="datetime-local" />}
        {restored && (
          <p className={`notice ${styles.span2}`} role="status">
            {restored}
          </p>
        )}
      </EntityForm>
    </WithPreview>
  )
}

/** The body's field props for the editor, which hands back text rather than an input event. */
function bodyField({ label, error, value }: { label: string; error?: string; value: string }) {
  return { label, error, value }
}
