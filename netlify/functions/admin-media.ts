import type { Config } from '@netlify/functions'
import { adminMedia } from '../../domain/api/library'
import { mediaPath, refusedDeclaredType, type MediaListItem, type MediaUpload } from '../../domain/media'
import { media } from '../lib/data/media'
import { endpoint } from '../lib/endpoint'
import { HttpError } from '../lib/http'
import { mediaUses } from '../lib/media-usage'

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
