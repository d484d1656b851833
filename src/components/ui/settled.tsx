import { startTransition, useEffect, useState, type ReactNode } from 'react'
import { knownValue } from '#src/lib/initial-data.tsx'

/**
 * Shows `fallback` until the promise settles, then `children(value)`. Deliberately not Suspense:
 * prerendered pages (scripts/prerender.ts) carry this loading state in their HTML, and the first
 * render in the browser must draw the same thing to hydrate it; a Suspense boundary the server
 * could not finish is reported as an error when hydrated. The fetchers it is used with never reject.
 * A promise made by `settledNow` (data the server rendered the page with) is drawn at once.
 */
export function Settled<T>({
  promise,
  fallback,
  children,
}: {
  promise: Promise<T>
  fallback: ReactNode
  children: (value: T) => ReactNode
}) {
  const [settled, setSettled] = useState<{ promise: Promise<T>; value: T } | null>(null)
  useEffect(() => {
    let current = true
    // A list of cards is a big render: as a transition it is sliced, so a tap is answered meanwhile.
    void promise.then((value) => current && startTransition(() => setSettled({ promise, value })))
    return () => {
      current = false
    }
  }, [promise])
  const known = knownValue(promise)
  if (known) return children(known.value)
  return settled?.promise === promise ? children(settled.value) : fallback
}
