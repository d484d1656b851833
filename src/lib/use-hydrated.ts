import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while a page is prerendered and while the browser hydrates it, true afterwards and in
 * every render that is not a hydration. Prerendered HTML cannot know the address's query, so
 * whatever the query decides must wait for this to be true, or hydration would keep the
 * prerendered state.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
