import { Search } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'
import { Button } from './button'
import styles from './filter.module.css'

/**
 * A choice that narrows a list: "all" first (the empty value), then `options` as value and label
 * pairs. `hideLabel` keeps the label for screen readers only, where the row says what it is.
 */
export function FilterSelect({
  label,
  all,
  options,
  value,
  onChange,
  hideLabel = false,
}: {
  label: string
  all: string
  options: readonly (readonly [value: string, label: string])[]
  value: string
  onChange: (value: string) => void
  hideLabel?: boolean
}) {
  const id = useId()
  return (
    <div className={`field ${styles.filter}`}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <select id={id} className="input" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{all}</option>
        {options.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
}

/** The filters above a list: each applies as soon as it is chosen, so the form is never sent. */
export function FilterRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <form className={styles.filterRow} aria-label={label} onSubmit={(event) => event.preventDefault()}>
      {children}
    </form>
  )
}

/**
 * A search box and its button; what is typed applies on Search (or Enter). `children` (a filter)
 * sit at the end of the row.
 */
export function SearchRow({
  label,
  value,
  onSearch,
  children,
}: {
  label: string
  value: string
  onSearch: (query: string) => void
  children?: ReactNode
}) {
  const id = useId()
  const [query, setQuery] = useState(value)
  return (
    <form
      className={styles.searchRow}
      role="search"
      onSubmit={(event) => {
        event.preventDefault()
        onSearch(query.trim())
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} className="input" type="search" placeholder={label} value={query} onChange={(event) => setQuery(event.target.value)} />
      <Button type="submit" variant="secondary" icon={Search}>
        Search
      </Button>
      {children}
    </form>
  )
}
