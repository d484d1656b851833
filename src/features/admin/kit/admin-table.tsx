import type { ReactNode } from 'react'
import { EmptyState } from '#src/components/ui/empty-state.tsx'
import { Panel } from './panel'
import styles from './admin-table.module.css'

/** How a column's text reads: the row's name (strong), a side detail (muted), a stored value as typed, a refusal (alert). */
const LOOKS = { strong: styles.strong, muted: styles.muted, value: styles.value, alert: styles.alert }

/** One column of an admin list: its header, and what a row shows in it. */
export type Column<Row> = {
  label: string
  cell: (row: Row) => ReactNode
  look?: keyof typeof LOOKS | ((row: Row) => keyof typeof LOOKS | undefined)
  testId?: string
}

export type AdminTableProps<Row extends { id: string }> = {
  columns: Column<Row>[]
  rows: Row[]
  /** The row's buttons, in a last column whose header only screen readers hear. */
  actions?: (row: Row) => ReactNode
  /** The row being edited shows this form across the whole row instead of its cells. */
  editor?: { id: string; form: ReactNode } | null
  /** Said to screen readers about the table (what part of what it shows). */
  caption?: string
}

const lookOf = <Row,>(column: Column<Row>, row: Row) => {
  const look = typeof column.look === 'function' ? column.look(row) : column.look
  return look && LOOKS[look]
}

/**
 * An admin list. On a phone each cell becomes a line introduced by its column's name (data-label,
 * read by the styles), so the columns declare their names once.
 */
export function AdminTable<Row extends { id: string }>({ columns, rows, actions, editor, caption }: AdminTableProps<Row>) {
  return (
    <table className={styles.table}>
      {caption && <caption className="visually-hidden">{caption}</caption>}
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
                  <td key={column.label} data-label={column.label} className={lookOf(column, row)} data-testid={column.testId}>
                    {column.cell(row)}
                  </td>
                ))}
                {actions && (
                  <td className={styles.actions}>
                    <span className={styles.actionGroup}>{actions(row)}</span>
                  </td>
                )}
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
    <Panel as="div">
      <AdminTable {...table} />
      {footer}
    </Panel>
  )
}

/** A second line in a cell (when a post goes out, why mail stopped); `wrap` for a longer one. */
export function CellNote({ wrap = false, children }: { wrap?: boolean; children: ReactNode }) {
  return <span className={wrap ? `${styles.note} ${styles.noteWrap}` : styles.note}>{children}</span>
}

/** Words in a cell in a column's looks, beside others (a booking's name, its service). */
export function CellText({ look, as: Element = 'span', children }: { look: keyof typeof LOOKS; as?: 'span' | 'div'; children: ReactNode }) {
  return <Element className={LOOKS[look]}>{children}</Element>
}
