import type { ComponentType } from 'react'
import { useEntityCrud, type EntityCrud } from './use-entity-crud'
import type { FlashControl } from './use-flash'
import { AdminList, type Column } from './admin-table'
import type { EntityFormProps } from './entity-form'
import { Panel } from './panel'
import { AddButton } from './row-action'

/** What a screen declares about a list: the calls, the form, the columns and its texts. */
export type EntityListSpec<Row extends { id: string }, Item extends { id: string }, Input> = {
  crud: EntityCrud<Row, Item, Input>
  form: ComponentType<EntityFormProps<Item, Input>>
  columns: Column<Row>[]
  /** Said instead of the table when there are no rows; without it an empty table shows. */
  empty?: string
  /** The create form's panel title, and the button that opens it when the screen has none of its own. */
  create: { title: string; addLabel?: string }
}

type EntityListProps<Row extends { id: string }, Item extends { id: string }, Input> = EntityListSpec<Row, Item, Input> & {
  rows: Row[]
  creating: boolean
  setCreating: (open: boolean) => void
  flash: FlashControl
  reload: () => void
}

/**
 * A list of one kind of item with its create panel, rows that open into their edit form, and
 * deletes that ask first. The screen declares the columns, the form and the calls.
 */
export function EntityList<Row extends { id: string }, Item extends { id: string }, Input>({
  crud,
  form: Form,
  columns,
  rows,
  empty,
  create,
  creating,
  setCreating,
  flash,
  reload,
}: EntityListProps<Row, Item, Input>) {
  const list = useEntityCrud(crud, { flash, reload, closeCreate: () => setCreating(false) })

  return (
    <>
      {creating ? (
        <Panel title={create.title}>
          <Form onSave={list.create} onCancel={() => setCreating(false)} />
        </Panel>
      ) : (
        create.addLabel && (
          <p>
            <AddButton label={create.addLabel} onClick={() => setCreating(true)} />
          </p>
        )
      )}
      <AdminList
        columns={columns}
        rows={rows}
        empty={empty}
        actions={list.actions}
        editor={
          list.editing && { id: list.editing.id, form: <Form initial={list.editing} onSave={list.update} onCancel={list.stopEditing} /> }
        }
      />
      {list.dialog}
    </>
  )
}
