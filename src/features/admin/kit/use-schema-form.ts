import { useState, type FormEvent } from 'react'
import * as z from 'zod/mini'
import { fieldIssues, type FieldSpec } from '#domain/fields.ts'

/**
 * The state every admin form shares: its values, the entity schema's message under each field,
 * and "saving". On submit the values (through `toInput`, e.g. tags text to a list) are parsed with
 * the same schema the function uses; only valid data reaches `onSave`. `fields` are the entity's
 * field specs, so `field(name)` hands a field component its label, hint, error, value and onChange.
 * `dirty` says whether anything differs from what the form opened with.
 */
export function useSchemaForm<S extends z.ZodMiniType, V extends Record<string, unknown>>({
  schema,
  fields,
  initial,
  onSave,
  toInput = (values) => values,
}: {
  schema: S
  fields: { readonly [K in keyof V]: FieldSpec }
  initial: V
  onSave: (data: z.output<S>) => Promise<boolean>
  toInput?: (values: V) => unknown
}) {
  const [values, setValues] = useState(initial)
  // What the form opened with, to tell whether leaving would lose anything.
  const [opened] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)

  const change = (name: keyof V, value: unknown) => setValues((current) => ({ ...current, [name]: value }))

  /** The props of a text field, select or textarea bound to `name`. */
  const field = (name: keyof V & string) => ({
    label: fields[name].label,
    hint: fields[name].hint,
    error: errors[name],
    value: String(values[name]),
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
  })

  /** The props of a checkbox bound to `name`. */
  const checkbox = (name: keyof V & string) => ({
    label: fields[name].label,
    checked: Boolean(values[name]),
    onChange: (checked: boolean) => change(name, checked),
  })

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = z.safeParse(schema, toInput(values))
    if (!parsed.success) {
      setErrors(fieldIssues(parsed.error))
      return
    }
    setErrors({})
    setSaving(true)
    await onSave(parsed.data)
    setSaving(false)
  }

  const dirty = (Object.keys(opened) as (keyof V)[]).some((name) => values[name] !== opened[name])

  /** Puts values into the form as if typed (a restored version): they are unsaved until Save. */
  const load = (next: Partial<V>) => setValues((current) => ({ ...current, ...next }))

  return { values, saving, dirty, field, checkbox, submit, load }
}

export type SchemaForm = Pick<ReturnType<typeof useSchemaForm>, 'saving' | 'dirty' | 'submit'>

/**
 * What a form opens with: each field's value from the item being edited, or, for a new item (or
 * a field the item leaves out), its value in `empty`.
 */
export function openWith<V extends Record<string, unknown>>(empty: V, item?: NoInfer<{ [K in keyof V]?: V[K] | null }>): V {
  return Object.fromEntries(Object.entries(empty).map(([name, value]) => [name, item?.[name] ?? value])) as V
}
