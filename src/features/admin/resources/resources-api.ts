import type { ResourceInput } from '#domain/resource.ts'
import * as library from '#domain/api/library.ts'
import { adminCall } from '#src/features/admin/kit/admin-call.ts'

/** The resources' calls. */
export const resourcesApi = {
  resources: async () => (await adminCall(library.adminResources, 'GET')).resources,
  createResource: (input: ResourceInput) => adminCall(library.adminResources, 'POST', { body: input }),
  updateResource: (id: string, input: ResourceInput) => adminCall(library.adminResources, 'PUT', { body: { id, ...input } }),
  deleteResource: (id: string) => adminCall(library.adminResource, 'DELETE', { params: { id } }),
}
