import { render, screen, within } from '@testing-library/react'
import { Trash2 } from 'lucide-react'
import { describe, expect, it } from 'vitest'
import { AdminList, AdminTable, type Column } from './admin-table'
import { RowAction } from './row-action'

type Row = { id: string; title: string; downloads: number }
const rows: Row[] = [
  { id: 'a', title: 'Family Budget Template', downloads: 3 },
  { id: 'b', title: 'Welcome to Coaching', downloads: 0 },
]
const columns: Column<Row>[] = [
  { label: 'Title', cell: (row) => row.title },
  { label: 'Downloads', cell: (row) => row.downloads },
]
const actions = (row: Row) => <RowAction icon={Trash2} label="Delete" subject={row.title} danger onClick={() => {}} />

describe('the admin list', () => {
  it('shows a header per column and an actions column named for screen readers only', () => {
    render(<AdminTable columns={columns} rows={rows} actions={actions} />)
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent)
    expect(headers).toEqual(['Title', 'Downloads', 'Actions'])
    expect(within(screen.getAllByRole('columnheader')[2]!).getByText('Actions').className).toBe('visually-hidden')
  })

  it('labels each cell with its column for the phone layout, and names each row button after its row', () => {
    render(<AdminTable columns={columns} rows={rows} actions={actions} />)
    const row = screen.getByRole('row', { name: /Welcome to Coaching/ })
    const [title, downloads] = within(row).getAllByRole('cell')
    expect([title?.getAttribute('data-label'), title?.textContent]).toEqual(['Title', 'Welcome to Coaching'])
    expect([downloads?.getAttribute('data-label'), downloads?.textContent]).toEqual(['Downloads', '0'])
    expect(within(row).getByRole('button').textContent).toBe(' Delete Welcome to Coaching')
  })

  it('shows the edit form across the row being edited instead of its cells', () => {
    render(<AdminTable columns={columns} rows={rows} actions={actions} editor={{ id: 'a', form: <p>The form</p> }} />)
    const cell = screen.getByText('The form').closest('td')!
    expect(cell.colSpan).toBe(3)
    expect(screen.queryByRole('row', { name: /Family Budget Template/ })).toBeNull()
    expect(screen.getByRole('row', { name: /Welcome to Coaching/ })).toBeTruthy()
  })

  it('says the empty message instead of an empty table', () => {
    render(<AdminList columns={columns} rows={[]} empty="No resources yet." />)
    expect(screen.getByText('No resources yet.')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })
})
