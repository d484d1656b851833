import type { ReactNode } from 'react'

/**
 * A named list of cards, three to a row on wide screens. `card` is told the item's place, so the
 * first cards (on screen at once) can ask for their pictures first.
 */
export function CardGrid<T extends { id: string }>({
  label,
  items,
  card,
}: {
  label: string
  items: T[]
  card: (item: T, index: number) => ReactNode
}) {
  return (
    <ul className="grid grid-3" aria-label={label}>
      {items.map((item, index) => (
        <li key={item.id} className="list-reset">
          {card(item, index)}
        </li>
      ))}
    </ul>
  )
}
