/**
 * A polite loading line; screen readers hear it once. `reserve` holds roughly a screen of space,
 * so what sits below (newsletter, footer) does not jump when the content arrives.
 */
export function Loading({ label, reserve = false }: { label: string; reserve?: boolean }) {
  return (
    <div className={reserve ? 'loading loading-reserve' : 'loading'} role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}
