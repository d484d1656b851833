import type { ReactNode } from 'react'
import { useLeaveGuard } from './use-leave-guard'
import type { SchemaForm } from './use-schema-form'
import styles from './layout.module.css'
import { Button } from './button'

/**
 * The frame of every admin form: its fields in a two-column grid, then the submit button (busy,
 * reading `savingLabel`, while the save runs) and Cancel. Browser validation is off: the entity
 * schema's messages show under the fields instead. With unsaved changes, Cancel and leaving the
 * page ask first.
 */
export function EntityForm({
  form,
  name,
  submitLabel,
  savingLabel = 'Saving…',
  onCancel,
  children,
}: {
  form: SchemaForm
  name: string
  submitLabel: string
  savingLabel?: string
  onCancel: () => void
  children: ReactNode
}) {
  const guard = useLeaveGuard(form.dirty && !form.saving)
  return (
    <form className={styles.form} onSubmit={form.submit} noValidate aria-label={name}>
      <div className={styles.formGrid}>{children}</div>
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" busy={form.saving} busyLabel={savingLabel}>
          {submitLabel}
        </Button>
        <Button onClick={() => guard.leave(onCancel)}>Cancel</Button>
      </div>
      {guard.dialog}
    </form>
  )
}

/** What a screen gives an entity's form: the item to edit (none to create), the save and Cancel. */
export type EntityFormProps<Item, Input> = {
  initial?: Item
  onSave: (input: Input) => Promise<boolean>
  onCancel: () => void
}
