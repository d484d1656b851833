import type { ReactNode } from 'react'

export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <p>{message}</p>
      {action}
    </div>
  )
}

/** An empty list: under a filter (`filtered` says what it found none of) it offers to show all again. */
export function FilteredEmptyState({
  filtered,
  messages,
  onShowAll,
}: {
  filtered: string | null
  messages: { empty: string; viewAll: string }
  onShowAll: () => void
}) {
  if (filtered === null) return <EmptyState message={messages.empty} />
  const showAll = (
    <button type="button" className="btn btn-outline" onClick={onShowAll}>
      {messages.viewAll}
    </button>
  )
  return <EmptyState message={filtered} action={showAll} />
}
