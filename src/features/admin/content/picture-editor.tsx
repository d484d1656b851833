import { useState } from 'react'
import { IMAGE_ALT_MAX } from '#domain/fields.ts'
import { altTextProblem, type CatalogEntry } from '#domain/text-catalog.ts'
import { PictureField } from '#src/features/admin/media/media-field.tsx'
import { InlineEditor, textProblem } from './text-editor'

type PictureEntry = Extract<CatalogEntry, { kind: 'image' }>

/**
 * A picture text of the pages (the portrait), edited where it is listed: chosen, uploaded or
 * removed, with what it shows for a screen reader. Both are checked with the content function's
 * rules before anything is sent; `onSave` gets the picture's address ('' for none) and its description.
 */
export function PictureEditor({
  entry,
  value,
  alt,
  onSave,
  onCancel,
}: {
  entry: PictureEntry
  value: string
  alt: string
  onSave: (value: string, alt: string) => Promise<boolean>
  onCancel: () => void
}) {
  const [url, setUrl] = useState(value)
  const [description, setDescription] = useState(alt)
  const [errors, setErrors] = useState<{ url?: string; alt?: string }>({})
  const [saving, setSaving] = useState(false)

  function submit() {
    const next = { url: url && textProblem(entry, url, 'image'), alt: altTextProblem(description.trim()) }
    setErrors(next)
    if (next.url || next.alt) return false
    setSaving(true)
    void onSave(url, description.trim()).finally(() => setSaving(false))
    return true
  }

  return (
    <InlineEditor
      name={`Edit ${entry.label}`}
      dirty={url !== value || description !== alt}
      saving={saving}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <PictureField
        label={entry.label}
        hint={entry.hint}
        value={url}
        error={errors.url}
        onChange={(next) => {
          setUrl(next)
          setErrors((current) => ({ ...current, url: undefined }))
        }}
        addressProblem={(address) => textProblem(entry, address, 'image')}
        alt={
          entry.alt && {
            label: entry.alt.label,
            hint: entry.alt.hint,
            value: description,
            error: errors.alt,
            max: IMAGE_ALT_MAX,
            onChange: setDescription,
          }
        }
      />
    </InlineEditor>
  )
}
