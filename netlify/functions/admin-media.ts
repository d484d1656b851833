import type { Config } from '@netlify/functions'
import { adminMedia } from '#domain/api/library.ts'
import { mediaPath, refusedDeclaredType, type MediaListItem, type MediaUpload } from '#domain/media.ts'
import { media } from '#lib/data/media.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError } from '#lib/http/route.ts'
import { mediaUses } from '#lib/data/media-usage.ts'

/**
 * /api/admin/media: the library, each file with its address and where it is used; POST starts an
 * upload and answers how to cut the file into parts (docs/product.md, Media).
 */
export default endpoint(adminMedia, {
  GET: async () => {
    const [files, uses] = await Promise.all([media.list(), mediaUses()])
    const listed: MediaListItem[] = files.map((file) => ({ ...file, url: mediaPath(file), usedIn: uses.get(file.id) ?? [] }))
    return { files: listed }
  },

  POST: async ({ session: { user }, body: input }) => {
    // A quick answer for what can never be accepted; the first bytes decide at the end anyway.
    const refused = refusedDeclaredType(input.type)
    if (refused) throw new HttpError(400, refused)
    const file = await media.start(input, user.username)
    const upload: MediaUpload = { id: file.id, partSize: file.partSize, parts: file.parts }
    return { upload }
  },
})

export const config: Config = { path: '/api/admin/media' }
