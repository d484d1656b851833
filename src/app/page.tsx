import { Suspense, useEffect, useMemo, type ComponentType } from 'react'
import { useLocation, useParams, type Params } from 'react-router-dom'
import { Loading } from '#src/components/ui/loading.tsx'
import { useInitialData, type InitialDataStore } from '#src/lib/initial-data.tsx'

type Props<D> = {
  component: ComponentType<D>
  /**
   * Starts the page's data requests; runs as the route renders, alongside the page's own code.
   * `initialData` holds what the server rendered the page with, used instead of a request.
   */
  load?: (params: Params, initialData: InitialDataStore) => D
}

/**
 * A routed page: its code is a lazy chunk, and its data requests start here, in the main chunk,
 * so neither waits for the other. Data is started again on each visit to a path, but not when
 * only the query changes (filters live in the query and work on what is loaded).
 */
export function Page<D extends object>({ component: Component, load }: Props<D>) {
  const { pathname, key } = useLocation()
  const params = useParams()
  const initialData = useInitialData()
  const data = useMemo(
    () => initialData.forVisit(`${key} ${pathname}`, () => load?.(params, initialData) ?? ({} as D)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pathname],
  )
  return (
    // Inside the page, so this component commits (and keeps its data) while the chunk loads.
    <Suspense fallback={<Loading label="Loading…" reserve />}>
      <Component {...data} />
      <ReadyMark />
    </Suspense>
  )
}

/**
 * Marks the document once a page's code is live (hydrated or rendered): `<html data-ready>`.
 * Browser tests wait for it before they type or click, since a prerendered page shows its forms
 * before its code arrives. It commits with the page, inside the same boundary.
 */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true'
  }, [])
  return null
}
