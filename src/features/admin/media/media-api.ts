import * as library from '#domain/api/library.ts'
import { adminCall } from '#src/features/admin/kit/admin-call.ts'

/** The media library's calls (uploads go through upload-media.ts, in parts). */
export const mediaApi = {
  media: async () => (await adminCall(library.adminMedia, 'GET')).files,
  /** A file still in use answers 409 with where; `force` deletes it anyway. */
  deleteMedia: (id: string, force = false) =>
    adminCall(library.adminMediaFile, 'DELETE', { params: { id }, query: { force: force ? '1' : undefined } }),
}
