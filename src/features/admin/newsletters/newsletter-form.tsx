import type { ReactNode } from 'react'
import { NEWSLETTER_FIELDS, NewsletterInputSchema, type Newsletter, type NewsletterInput } from '#domain/newsletter.ts'
import { EntityForm, type EntityFormProps } from '#src/features/admin/kit/entity-form.tsx'
import { TextAreaField, TextField } from '#src/features/admin/kit/field.tsx'
import { Panel } from '#src/features/admin/kit/panel.tsx'
import { WithPreview } from '#src/features/admin/kit/preview-pane.tsx'
import { useSchemaForm } from '#src/features/admin/kit/use-schema-form.ts'
import { NewsletterPreviewPane } from './newsletter-preview'
import { useNewsletterPreview } from './use-newsletter-preview'

/**
 * Write or edit a newsletter: its subject and its message in markdown, with the email as it will
 * go out beside it (below it on narrow screens). `after` draws what sits under the form and needs
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
          <TextAreaField {...form.field('body')} rows={18} wide />
        </EntityForm>
      </Panel>
      {after?.(form.dirty)}
    </WithPreview>
  )
}
