import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import { useRef, useState } from 'react'
import { LIST_MAX_ITEMS, listTextIssues, type CatalogEntry, type ListField, type ListItem } from '#domain/text-catalog.ts'
import { Button } from '#src/features/admin/kit/button.tsx'
import layout from '#src/features/admin/kit/layout.module.css'
import styles from './content.module.css'
import { TextAreaField, TextField } from '#src/features/admin/kit/field.tsx'
import { InlineEditor } from './text-editor'

type ListEntry = Extract<CatalogEntry, { kind: 'list' }>
/** Each item keeps an id of its own while edited, so moving one moves its fields and focus with it. */
type Row = { id: number; item: ListItem }

/** Move up and Move down: which way, and at which end of the list each cannot go further. */
const MOVES = [
  { by: -1, label: 'Move up', icon: ArrowUp, last: false },
  { by: 1, label: 'Move down', icon: ArrowDown, last: true },
] as const

const SENTENCE: ListField = { name: '', label: 'Text', long: true, max: 600 }

/**
 * A list text (testimonials, services, beliefs) edited as a list: each item's parts in their own
 * fields, with Move up, Move down and Remove, and Add at the end. Saved as the JSON list the page
 * reads; the checks are the content function's own (domain/text-catalog.ts).
 */
export function ListEditor({
  entry,
  items,
  onSave,
  onCancel,
}: {
  entry: ListEntry
  items: readonly ListItem[]
  onSave: (value: string) => Promise<boolean>
  onCancel: () => void
}) {
  const nextId = useRef(items.length)
  const [rows, setRows] = useState<Row[]>(() => items.map((item, id) => ({ id, item })))
  const [issues, setIssues] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)
  const list = useRef<HTMLOListElement>(null)
  const addButton = useRef<HTMLButtonElement>(null)
  const fields = entry.fields ?? [{ ...SENTENCE, max: entry.itemMax ?? SENTENCE.max }]
  const noun = entry.itemName
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1)

  const dirty = JSON.stringify(rows.map((row) => row.item)) !== JSON.stringify(items)
  /** After the list is drawn again: the first of `selectors` in item `index` that can take the focus. */
  const focusItem = (index: number, ...selectors: string[]) =>
    requestAnimationFrame(() => {
      const item = list.current?.children[index]
      const target = selectors.map((s) => item?.querySelector<HTMLElement>(`${s}:not(:disabled)`)).find(Boolean)
      target?.focus()
    })

  const change = (id: number, name: string, value: string) =>
    setRows((current) =>
      current.map((row) => (row.id !== id ? row : { id, item: entry.fields ? { ...(row.item as object), [name]: value } : value })),
    )
  const add = () => {
    setRows((current) => [
      ...current,
      { id: nextId.current++, item: entry.fields ? Object.fromEntries(fields.map((f) => [f.name, ''])) : '' },
    ])
    focusItem(rows.length, 'input, textarea')
  }
  const remove = (index: number) => {
    setRows((current) => current.filter((_, i) => i !== index))
    setIssues({})
    if (rows.length > 1) focusItem(Math.min(index, rows.length - 2), 'button')
    else addButton.current?.focus()
  }
  const move = (index: number, by: -1 | 1) => {
    setRows((current) => {
      const next = [...current]
      const [row] = next.splice(index, 1)
      next.splice(index + by, 0, row!)
      return next
    })
    setIssues({})
    // The same button again, so Move up can be pressed repeatedly; at the end of the list, the other.
    focusItem(index + by, `button[data-move="${by}"]`, 'button[data-move]')
  }

  function submit() {
    // Empty optional parts are left out, as the built-in lists have them.
    const cleaned = rows.map(({ item }) =>
      typeof item === 'string'
        ? item.trim()
        : Object.fromEntries(Object.entries(item).flatMap(([k, v]) => (v.trim() ? [[k, v.trim()]] : []))),
    )
    const found = listTextIssues(entry, cleaned)
    setIssues(found)
    if (Object.keys(found).length > 0) return false
    setSaving(true)
    void onSave(JSON.stringify(cleaned)).finally(() => setSaving(false))
    return true
  }

  return (
    <InlineEditor name={`Edit ${entry.label}`} dirty={dirty} saving={saving} onSubmit={submit} onCancel={onCancel}>
      <ol className={styles.listEditor} ref={list}>
        {rows.map((row, index) => (
          <li key={row.id} className={styles.listItem}>
            <fieldset>
              <legend>
                {Noun} {index + 1}
              </legend>
              <div className={`${layout.formGrid} ${layout.tight}`}>
                {fields.map((field) => {
                  const value = typeof row.item === 'string' ? row.item : (row.item[field.name] ?? '')
                  const props = {
                    label: field.label,
                    value,
                    maxLength: field.max,
                    error: issues[field.name ? `${index}.${field.name}` : `${index}`],
                    onChange: (event: { target: { value: string } }) => change(row.id, field.name, event.target.value),
                  }
                  return field.long ? (
                    <TextAreaField key={field.name} {...props} rows={3} wide />
                  ) : (
                    <TextField key={field.name} {...props} />
                  )
                })}
              </div>
              <div className={`${layout.actions} ${styles.listActions}`}>
                {MOVES.map(({ by, label, icon, last }) => (
                  <Button
                    key={by}
                    variant="row"
                    icon={icon}
                    data-move={by}
                    disabled={index === (last ? rows.length - 1 : 0)}
                    onClick={() => move(index, by)}
                  >
                    {label}
                    <span className="visually-hidden">
                      {' '}
                      {noun} {index + 1}
                    </span>
                  </Button>
                ))}
                <Button variant="rowDanger" icon={Trash2} onClick={() => remove(index)}>
                  Remove
                  <span className="visually-hidden">
                    {' '}
                    {noun} {index + 1}
                  </span>
                </Button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      {issues.list && (
        <p className="field-error" role="alert">
          {issues.list}
        </p>
      )}
      <Button ref={addButton} variant="row" icon={Plus} onClick={add} disabled={rows.length >= LIST_MAX_ITEMS}>
        Add {noun}
      </Button>
    </InlineEditor>
  )
}
