import type { ReactNode } from 'react'
import { EmptyState } from '#src/components/ui/empty-state.tsx'
import styles from './admin-ui.module.css'

/** One column of an admin list: its header, and what a row shows in it. */
export type Column<Row> = {
  label: string
  cell: (row: Row) => ReactNode
  className?: string
  testId?: string
}

export type AdminTableProps<Row extends { id: string }> = {
  columns: Column<Row>[]
  rows: Row[]
  /** The row's buttons, in a last column whose header only screen readers hear. */
  actions?: (row: Row) => ReactNode
  /** The row being edited shows this form across the whole row instead of its cells. */
  editor?: { id: string; form: ReactNode } | null
}

/**
 * An admin list. On a phone each cell becomes a line introduced by its column's name (data-label,
 * read by the admin styles), so the columns declare their names once.
 */
export function AdminTable<Row extends { id: string }>({ columns, rows, actions, editor }: AdminTableProps<Row>) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col">
              {column.label}
            </th>
          ))}
          {actions && (
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            {editor?.id === row.id ? (
              <td colSpan={columns.length + (actions ? 1 : 0)}>{editor.form}</td>
            ) : (
              <>
                {columns.map((column) => (
                  <td key={column.label} data-label={column.label} className={column.className} data-testid={column.testId}>
                    {column.cell(row)}
                  </td>
                ))}
                {actions && <td className={styles.actions}>{actions(row)}</td>}
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** An admin list in its panel, with `footer` under the table; an empty list says `empty` instead. */
export function AdminList<Row extends { id: string }>({
  empty,
  footer,
  ...table
}: AdminTableProps<Row> & { empty?: string; footer?: ReactNode }) {
  if (empty !== undefined && table.rows.length === 0) return <EmptyState message={empty} />
  return (
    <div className={styles.panel}>
      <AdminTable {...table} />
      {footer}
    </div>
  )
}
