import { ExternalLink, Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useConfirm } from './components/confirm-dialog'
import { RowAction } from './components/row-action'
import type { FlashControl } from './use-flash'

/** The banner texts of one action: on success, and on failure when the server gives none. */
export type ActionMessages = { success: string; failure: string }

/** A call and its banners. */
export type EntityAction<Args extends unknown[]> = { call: (...args: Args) => Promise<unknown>; messages: ActionMessages }

/**
 * What a screen declares about one kind of item for creating, editing and deleting it: the calls
 * (through the admin API client), their banners and the delete question. Without `update` rows
 * have no Edit button.
 */
export type EntityCrud<Row extends { id: string }, Item, Input> = {
  /** Added to each row button's name for screen readers, e.g. the post's title. */
  subject: (row: Row) => string
  create: EntityAction<[input: Input]>
  /** `open` gives the item the edit form starts from: a promise when the list holds less than the form needs. */
  update?: EntityAction<[id: string, input: Input]> & { open: (row: Row) => Item | Promise<Item> }
  remove: EntityAction<[id: string]> & { question: (row: Row) => { title: string; message: string } }
  /** The public page of a row, when it has one: the row links to it before its other buttons. */
  view?: (row: Row) => string | undefined
}

/** Said when the item to edit could not be fetched, whatever the reason. */
const OPEN_FAILED = 'Failed to load data'

/**
 * The create, edit and delete flow every admin list shares. A save shows its banner and, when it
 * worked, closes its form and reloads the list; a failed save keeps the form open with what was
 * typed. A delete asks first, naming the item. `onEdit` runs when a row's form opens.
 */
export function useEntityCrud<Row extends { id: string }, Item extends { id: string }, Input>(
  crud: EntityCrud<Row, Item, Input>,
  { flash, reload, closeCreate, onEdit }: { flash: FlashControl; reload: () => void; closeCreate: () => void; onEdit?: () => void },
) {
  const { confirm, dialog } = useConfirm()
  const [editing, setEditing] = useState<Item | null>(null)
  const [opening, setOpening] = useState<string | null>(null)

  async function save(action: () => Promise<unknown>, messages: ActionMessages, close: () => void) {
    const ok = await flash.run(action, messages)
    if (ok) {
      close()
      reload()
    }
    return ok
  }

  const { create, update, remove } = crud
  const createItem = (input: Input) => save(() => create.call(input), create.messages, closeCreate)

  async function edit(row: Row, open: (row: Row) => Item | Promise<Item>) {
    const item = open(row)
    onEdit?.()
    if (!(item instanceof Promise)) return setEditing(item)
    // The banner of the last action stays up until the item arrives.
    setOpening(row.id)
    const loaded = await item.catch(() => null)
    flash.clear()
    setOpening(null)
    if (loaded) setEditing(loaded)
    else flash.setFlash({ kind: 'error', text: OPEN_FAILED })
  }

  /** The edit form's save: its item is the one being edited. */
  const updateItem = (input: Input) =>
    update && editing
      ? save(
          () => update.call(editing.id, input),
          update.messages,
          () => setEditing(null),
        )
      : Promise.resolve(false)

  async function removeItem(row: Row) {
    const { title, message } = remove.question(row)
    if (!(await confirm(title, message))) return
    if (await flash.run(() => remove.call(row.id), remove.messages)) reload()
  }

  /** A row's View (when it has a public page), Edit (when items can be edited) and Delete buttons. */
  const actions = (row: Row) => {
    const subject = crud.subject(row)
    const view = crud.view?.(row)
    return (
      <>
        {view && <RowAction icon={ExternalLink} label="View" subject={subject} href={view} />}
        {update && (
          <RowAction
            icon={Pencil}
            label={opening === row.id ? 'Opening…' : 'Edit'}
            subject={subject}
            onClick={() => edit(row, update.open)}
            disabled={opening === row.id}
          />
        )}
        <RowAction icon={Trash2} label="Delete" subject={subject} danger onClick={() => removeItem(row)} />
      </>
    )
  }

  return { editing, stopEditing: () => setEditing(null), create: createItem, update: updateItem, actions, dialog }
}
