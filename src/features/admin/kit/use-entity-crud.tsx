import { ExternalLink, Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useConfirm } from './confirm-dialog'
import { RowAction } from './row-action'
import type { FlashControl } from './use-flash'

/** An entity's banners (its domain module's messages): on success, and on failure when the server gives none. */
export type CrudMessages = {
  created: string
  createFailed: string
  updated?: string
  updateFailed?: string
  deleted: string
  deleteFailed: string
}

/**
 * What a screen declares about one kind of item for creating, editing and deleting it: the calls
 * (through the admin API client), their banners and the delete question. Rows have an Edit button
 * when items can be updated and opened.
 */
export type EntityCrud<Row extends { id: string }, Item, Input> = {
  /** Added to each row button's name for screen readers, e.g. the post's title. */
  subject: (row: Row) => string
  calls: {
    create: (input: Input) => Promise<unknown>
    update?: (id: string, input: Input) => Promise<unknown>
    remove: (id: string) => Promise<unknown>
  }
  messages: CrudMessages
  /** The item the edit form starts from: a promise when the list holds less than the form needs. */
  open?: (row: Row) => Item | Promise<Item>
  question: (row: Row) => { title: string; message: string }
  /** Whether a row may be deleted at all (the site's owner may not): without it, every row may. */
  removable?: (row: Row) => boolean
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
  const { calls, messages } = crud

  async function save(action: () => Promise<unknown>, success: string, failure: string, close: () => void) {
    const ok = await flash.run(action, { success, failure })
    if (ok) {
      close()
      reload()
    }
    return ok
  }

  const create = (input: Input) => save(() => calls.create(input), messages.created, messages.createFailed, closeCreate)

  /** The edit form's save: its item is the one being edited. */
  const update = async (input: Input) => {
    const { updated = messages.created, updateFailed = messages.createFailed } = messages
    if (!editing || !calls.update) return false
    const call = calls.update
    return save(
      () => call(editing.id, input),
      updated,
      updateFailed,
      () => setEditing(null),
    )
  }

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

  async function remove(row: Row) {
    const { title, message } = crud.question(row)
    if (!(await confirm(title, message))) return
    if (await flash.run(() => calls.remove(row.id), { success: messages.deleted, failure: messages.deleteFailed })) reload()
  }

  /** A row's View (when it has a public page), Edit (when items can be edited) and Delete (when it may be) buttons. */
  const actions = (row: Row) => {
    const subject = crud.subject(row)
    const view = crud.view?.(row)
    const { open } = crud
    return (
      <>
        {view && <RowAction icon={ExternalLink} label="View" subject={subject} href={view} />}
        {calls.update && open && (
          <RowAction
            icon={Pencil}
            label="Edit"
            subject={subject}
            onClick={() => edit(row, open)}
            busy={opening === row.id}
            busyLabel="Opening…"
          />
        )}
        {(crud.removable?.(row) ?? true) && <RowAction icon={Trash2} label="Delete" subject={subject} danger onClick={() => remove(row)} />}
      </>
    )
  }

  return { editing, stopEditing: () => setEditing(null), create, update, actions, dialog }
}
