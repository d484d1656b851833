import type { Config } from '@netlify/functions'
import { adminMediaFile } from '#domain/api/library.ts'
import { describeUses, MEDIA_MESSAGES } from '#domain/media.ts'
import { written } from '#lib/data/written.ts'
import { media } from '#lib/data/media.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError, json } from '#lib/http/route.ts'
import { mediaUses } from '#lib/data/media-usage.ts'

/**
 * DELETE /api/admin/media/{id}: a file still used by a resource, a post or a text answers 409
 * with where (`usedIn`), so the admin can ask again; `?force=1` deletes it anyway.
 */
export default endpoint(adminMediaFile, {
  DELETE: async ({ req, session: { user }, params: { id } }) => {
    const file = await media.get(id)
    if (!file) throw new HttpError(404, MEDIA_MESSAGES.notFound)
    const usedIn = (await mediaUses()).get(id) ?? []
    const force = new URL(req.url).searchParams.get('force') === '1'
    if (usedIn.length > 0 && !force)
      return json({ success: false, message: MEDIA_MESSAGES.inUse(describeUses(usedIn)), usedIn }, { status: 409 })
    await media.remove(id)
    const changes = usedIn.length > 0 ? [`Was used in ${describeUses(usedIn)}`] : []
    await written({ subject: 'media', recordId: id, label: file.name, before: file, after: null, changes }, user)
    return { message: MEDIA_MESSAGES.deleted }
  },
})

export const config: Config = { path: '/api/admin/media/:id' }
