import type { PublicResource } from '../../../../domain/resource'
import { api, paths } from '../../../lib/api-client'

/** Active resources. A failed load is only logged and the page shows its empty state. */
export async function getResources(): Promise<PublicResource[]> {
  try {
    const { resources } = await api<{ resources: PublicResource[] }>(paths.resources())
    return resources.filter((resource) => resource.isActive)
  } catch (error) {
    console.warn('Could not load resources.', error)
    return []
  }
}
