import type { PublicResource } from '#domain/resource.ts'
import { PAGES } from '#domain/route-map.ts'
import { api, paths } from '#src/lib/api-client.ts'
import { settledNow, type InitialDataStore } from '#src/lib/initial-data.tsx'

/**
 * Active resources. A Resources page rendered on request carries its list (`initialData`): that
 * one is drawn without a request. A failed load is only logged and the page shows its empty state.
 */
export function getResources(initialData?: InitialDataStore): Promise<PublicResource[]> {
  const initial = initialData?.takeList('resources', PAGES.resources.path)
  return initial ? settledNow(initial) : fetchResources()
}

async function fetchResources(): Promise<PublicResource[]> {
  try {
    const { resources } = await api<{ resources: PublicResource[] }>(paths.resources())
    return resources.filter((resource) => resource.isActive)
  } catch (error) {
    console.warn('Could not load resources.', error)
    return []
  }
}
