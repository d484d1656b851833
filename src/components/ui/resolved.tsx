import { use, type ReactNode } from 'react'

/** Renders `children` with the promise's value; suspends until then (put it inside <Suspense>). */
export function Resolved<T>({ promise, children }: { promise: Promise<T>; children: (value: T) => ReactNode }) {
  return children(use(promise))
}
