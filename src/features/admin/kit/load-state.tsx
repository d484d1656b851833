import type { ReactNode } from 'react'
import { Loading } from '#src/components/ui/loading.tsx'
import type { AdminData } from './use-admin-data'

/** What a screen shows for its data: the loading line, the load failure, or `children` with the data. */
export function LoadState<T>({ state, loading, children }: { state: AdminData<T>; loading: string; children: (data: T) => ReactNode }) {
  if (state.status === 'loading') return <Loading label={loading} />
  if (state.status === 'error')
    return (
      <p className="notice notice-error" role="alert">
        {state.error}
      </p>
    )
  return children(state.data)
}
