import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import * as z from 'zod/mini'
import { ContentInputSchema, CONTENT_FIELDS, type ContentType } from '#domain/content-item.ts'
import { firstIssue } from '#domain/fields.ts'
import type { CatalogEntry } from '#domain/text-catalog.ts'
import { useLeaveGuard } from '#src/features/admin/kit/use-leave-guard.ts'
import { Button } from '#src/features/admin/kit/button.tsx'
import layout from '#src/features/admin/kit/layout.module.css'
import styles from './content.module.css'
import { TextAreaField, TextField } from '#src/features/admin/kit/field.tsx'

/** How a page text is stored: a picture as an image, a list as JSON, anything else as it was. */
export function storedType(entry: CatalogEntry, current?: ContentType): ContentType {
  if (entry.kind === 'image') return 'image'
  if (entry.kind === 'list') return 'json'
  return current === 'html' ? 'html' : 'text'
}

/**
 * The message the content function would answer for this value, checked before sending: the
 * same schema, so the form and the function never disagree.
 */
export function textProblem(entry: CatalogEntry, value: string, type: ContentType): string | undefined {
  const parsed = z.safeParse(ContentInputSchema, { section: entry.section, key: entry.key, value, type })
  return parsed.success ? undefined : firstIssue(parsed.error)
}

/**
 * The frame of an in-place editor: Save and Cancel, and the leave question while unsaved. When a
 * check fails, the focus goes to the first field with a message, so it is read out.
 */
export function InlineEditor({
  name,
  dirty,
  saving,
  onSubmit,
  onCancel,
  children,
}: {
  name: string
  dirty: boolean
  saving: boolean
  /** Answers false when a check failed (its messages are then set). */
  onSubmit: () => boolean | Promise<boolean>
  onCancel: () => void
  children: ReactNode
}) {
  const guard = useLeaveGuard(dirty && !saving)
  const form = useRef<HTMLFormElement>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    let checked = true
    flushSync(() => {
      const answer = onSubmit()
      if (answer === false) checked = false
    })
    if (!checked) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }
  return (
    <form ref={form} className={styles.inlineEditor} onSubmit={submit} noValidate aria-label={name}>
      {children}
      <div className={layout.actions}>
        <Button type="submit" variant="secondary" busy={saving}>
          Save
        </Button>
        <Button onClick={() => (dirty ? guard.leave(onCancel) : onCancel())}>Cancel</Button>
      </div>
      {guard.dialog}
    </form>
  )
}

/** A line or a paragraph, edited where it is listed (a picture has its PictureEditor). */
export function TextEditor({
  entry,
  value,
  type,
  onSave,
  onCancel,
}: {
  entry: CatalogEntry
  value: string
  type: ContentType
  onSave: (value: string) => Promise<boolean>
  onCancel: () => void
}) {
  const [text, setText] = useState(value)
  const [error, setError] = useState<string>()
  const [saving, setSaving] = useState(false)

  function submit() {
    const problem = textProblem(entry, text.trim(), type)
    setError(problem)
    if (problem) return false
    setSaving(true)
    void onSave(text.trim()).finally(() => setSaving(false))
    return true
  }

  const props = {
    label: entry.label,
    hint: entry.hint,
    error,
    value: text,
    maxLength: CONTENT_FIELDS.value.max,
    onChange: (event: { target: { value: string } }) => setText(event.target.value),
    autoFocus: true,
  }
  return (
    <InlineEditor name={`Edit ${entry.label}`} dirty={text !== value} saving={saving} onSubmit={submit} onCancel={onCancel}>
      {entry.kind === 'paragraph' ? (
        <TextAreaField {...props} rows={Math.min(10, 3 + Math.floor(text.length / 90))} />
      ) : (
        <TextField {...props} />
      )}
    </InlineEditor>
  )
}
