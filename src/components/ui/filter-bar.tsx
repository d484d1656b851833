/** One chip of a filter bar: the value it filters by, or null for everything. */
export type FilterOption = { value: string | null; label: string }

/**
 * Chips that filter a list, the current one pressed. `disabled` holds them off until the page's
 * code runs, as they do nothing before it.
 */
export function FilterBar({
  label,
  options,
  selected,
  onSelect,
  disabled = false,
}: {
  label: string
  options: FilterOption[]
  selected: string | null
  onSelect: (value: string | null) => void
  disabled?: boolean
}) {
  return (
    <div className="filter-bar" role="group" aria-label={label}>
      {options.map(({ value, label: text }) => (
        <button
          key={value ?? ''}
          type="button"
          className="filter-chip"
          aria-pressed={selected === value}
          disabled={disabled}
          onClick={() => onSelect(value)}
        >
          {text}
        </button>
      ))}
    </div>
  )
}
