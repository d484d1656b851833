import { lazy, Suspense, type ReactNode } from 'react'
import { NEWSLETTER_FIELDS, NewsletterInputSchema, type Newsletter, type NewsletterInput } from '#domain/newsletter.ts'
import { EditorLoading } from '#src/features/admin/editor/editor-loading.tsx'
import { EntityForm, type EntityFormProps } from '#src/features/admin/kit/entity-form.tsx'
import { TextField } from '#src/features/admin/kit/field.tsx'
import { Panel } from '#src/features/admin/kit/panel.tsx'
import { WithPreview } from '#src/features/admin/kit/preview-pane.tsx'
import { useSchemaForm } from '#src/features/admin/kit/use-schema-form.ts'
import { NewsletterPreviewPane } from './newsletter-preview'
import { useNewsletterPreview } from './use-newsletter-preview'

/** The message's editor, the post's own, in its chunk: the newsletters list opens without it. */
const TextEditor = lazy(async () => ({ default: (await import('#src/features/admin/editor/text-editor.tsx')).TextEditor }))

/**
 * Write or edit a newsletter: its subject and its message, written as in a word processor and
 * kept as markdown, with the email as it will go out beside it (below it on narrow screens). The
 * message may hold what the email shows (headings, bold and italic, lists, quotes, links); no
 * picture can be added, as the email cannot show the library's pictures. `after` draws what sits under the form and needs
 * to know whether it holds unsaved changes (the send buttons).
 */
export function NewsletterForm({
  initial,
  onSave,
  onCancel,
  after,
}: EntityFormProps<Newsletter, NewsletterInput> & { after?: (dirty: boolean) => ReactNode }) {
  const form = useSchemaForm({
    schema: NewsletterInputSchema,
    fields: NEWSLETTER_FIELDS,
    initial: { subject: initial?.subject ?? '', body: initial?.body ?? '' },
    onSave,
  })
  const preview = useNewsletterPreview(form.values.subject, form.values.body)
  const body = form.field('body')
  return (
    <WithPreview preview={<NewsletterPreviewPane preview={preview} />}>
      <Panel as="div">
        <EntityForm
          form={form}
          name={initial ? `Edit newsletter ${initial.subject}` : 'New newsletter'}
          submitLabel={initial ? 'Save' : 'Save draft'}
          onCancel={onCancel}
        >
          <TextField {...form.field('subject')} wide />
          <Suspense fallback={<EditorLoading label={body.label} />}>
            <TextEditor
              label={body.label}
              help={body.hint}
              error={body.error}
              value={body.value}
              onChange={(text) => form.load({ body: text })}
              pictures={false}
              pictureRefusal="Pictures cannot go into a newsletter: the email could not show them."
            />
          </Suspense>
        </EntityForm>
      </Panel>
      {after?.(form.dirty)}
    </WithPreview>
  )
}
