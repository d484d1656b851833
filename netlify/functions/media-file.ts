import type { Config } from '@netlify/functions'
import { MEDIA_MESSAGES, mediaDownloadName, mediaPath } from '#domain/media.ts'
import { mediaFile } from '#domain/api/pages.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { mediaCacheHeaders } from '#lib/http/cdn.ts'
import { media } from '#lib/data/media.ts'
import { contentDisposition, HttpError, matchesETag, SECURITY_HEADERS } from '#lib/http/route.ts'

/**
 * A year: what is served under an id never changes (a new upload is a new id; its parts are
 * written once, and served only as the bytes its completion checked: netlify/lib/data/media.ts).
 */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * GET /media/{id}/{name}: a library file, streamed part after part (never more than one part in
 * memory), each part let out only once its bytes hash to what the upload's completion checked. The id
 * finds it; the name is for people and their downloads, and must be the file's own (mediaPath). Its
 * type is the one its first bytes
 * showed, never guessed again by the browser (nosniff), and nothing in it can run: the policy
 * allows nothing and sandboxes the file were it ever opened as a page. PDFs download under their
 * name, images show inline.
 */
export default endpoint(mediaFile, {
  GET: async ({ req, params: { id } }) => {
    const file = await media.get(id)
    if (!file || file.status !== 'ready' || !file.contentType || !file.sha256) throw new HttpError(404, MEDIA_MESSAGES.notFound)
    // The name is cosmetic, but the CDN keys a copy by the whole path, kept a year: answered under
    // any name, each made-up one would be a copy of its own. So the file answers only at its one
    // address; any other name (or spelling of it) is sent there. The redirect is the browser's to
    // keep (the name never changes under the id), never the CDN's: a copy per made-up name again.
    const path = mediaPath(file)
    if (new URL(req.url).pathname !== path) {
      const headers = { ...SECURITY_HEADERS, Location: path, 'Cache-Control': 'private, max-age=86400' }
      return new Response(null, { status: 308, headers })
    }
    const etag = `"${file.sha256}"`
    const headers = {
      ...SECURITY_HEADERS,
      ...mediaCacheHeaders(),
      'Content-Security-Policy': "default-src 'none'; sandbox; frame-ancestors 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': IMMUTABLE,
      'Content-Type': file.contentType,
      'Content-Disposition': contentDisposition(
        file.contentType === 'application/pdf' ? 'attachment' : 'inline',
        mediaDownloadName(file.name, file.contentType),
      ),
      ETag: etag,
    }
    if (matchesETag(req.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers })
    const withLength = { ...headers, 'Content-Length': String(file.size) }
    if (req.method === 'HEAD') return new Response(null, { status: 200, headers: withLength })
    // One part is answered whole (it fits a buffered answer); more are streamed, part after part.
    // Either way a part whose bytes are not the checked ones is never sent (a 503, or a stream cut short).
    const body = file.parts === 1 ? await media.readSmall(file) : await media.openStream(file)
    return new Response(body, { status: 200, headers: withLength })
  },
})

export const config: Config = { path: '/media/:id/:name' }
