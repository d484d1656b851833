import { useState, type FormEvent } from 'react'
import * as z from 'zod/mini'
import { fieldIssues } from '../../../domain/fields'

/**
 * The state every admin form shares: its values, the entity schema's message under each field,
 * and "saving". On submit the values (through `toInput`, e.g. tags text to a list) are parsed with
 * the same schema the function uses; only valid data reaches `onSave`.
 */
export function useSchemaForm<S extends z.ZodMiniType, V extends Record<string, unknown>>(
  schema: S,
  initial: V,
  onSave: (data: z.output<S>) => Promise<boolean>,
  toInput: (values: V) => unknown = (values) => values,
) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)

  /** An onChange handler for a text field, select or textarea. */
  const set = (name: keyof V) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }))

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

  return { values, setValues, errors, saving, set, submit }
}
