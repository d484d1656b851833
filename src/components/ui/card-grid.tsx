import type { ReactNode } from 'react'

/** A named list of cards, three to a row on wide screens. */
export function CardGrid<T extends { id: string }>({ label, items, card }: { label: string; items: T[]; card: (item: T) => ReactNode }) {
  return (
    <ul className="grid grid-3" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className="list-reset">
          {card(item)}
        </li>
      ))}
    </ul>
  )
}
