import * as library from '#domain/api/library.ts'
import type { EndpointCall } from '#src/lib/endpoint-call.ts'
import { adminCall } from '#src/features/admin/kit/admin-call.ts'

/** The Content screen's calls: the stored texts, saved by section and key, deleted to go back to the built-in text. */
export const contentApi = {
  content: async () => (await adminCall(library.adminContent, 'GET')).content,
  saveContent: (input: EndpointCall<typeof library.adminContent, 'POST'>['body']) =>
    adminCall(library.adminContent, 'POST', { body: input }),
  deleteContent: (id: string) => adminCall(library.adminContentItem, 'DELETE', { params: { id } }),
}
