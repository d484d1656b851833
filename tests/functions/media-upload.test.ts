import { describe, expect, it } from 'vitest'
import { MEDIA_MAX_BYTES, MEDIA_PART_BYTES, mediaPath, type MediaListItem } from '#domain/media.ts'
import * as adminActivity from '#functions/admin-activity.ts'
import * as adminMedia from '#functions/admin-media.ts'
import * as mediaFile from '#functions/media-file.ts'
import { media } from '#lib/data/media.ts'
import { createAdmin, createEditor } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call, fakeContext, TEST_ORIGIN } from '#tests/support/call.ts'
import { completeUpload, gifBytes, jpegBytes, pdfBytes, pngBytes, sha256, uploadFile, webpBytes } from '#tests/support/media.ts'

useBlobsServer()

/** GET (or HEAD) /media/{id}/{name} as a browser would ask for it; by default at the file's own address. */
async function fetchFile(id: string, name?: string, { method = 'GET', headers = {} as Record<string, string> } = {}) {
  const segment = name ?? mediaPath((await media.get(id))!).split('/').pop()!
  const request = new Request(new URL(`/media/${encodeURIComponent(id)}/${encodeURIComponent(segment)}`, TEST_ORIGIN), { method, headers })
  return mediaFile.default(request, fakeContext({ params: { id, name: segment } }))
}

const listFiles = async (authorization: string) =>
  (await call<{ success: boolean; files: MediaListItem[] }>(adminMedia, { path: '/api/admin/media', headers: { authorization } })).body.files

describe('uploading in parts and serving the file', () => {
  it('takes a 20.9 MB PDF in parts and serves the very same bytes, streamed', { timeout: 60_000 }, async () => {
    const { authorization, user } = await createEditor()
    const bytes = pdfBytes(20_900_000)
    expect(bytes.byteLength).toBeLessThanOrEqual(MEDIA_MAX_BYTES)

    const { id, answer } = await uploadFile(authorization, 'Family Budget Workbook.pdf', bytes, { type: 'application/pdf' })

    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      success: true,
      message: 'File uploaded',
      file: {
        id,
        name: 'Family Budget Workbook.pdf',
        contentType: 'application/pdf',
        size: bytes.byteLength,
        parts: Math.ceil(bytes.byteLength / MEDIA_PART_BYTES),
        sha256: sha256(bytes),
        uploadedBy: user.username,
        status: 'ready',
        url: `/media/${id}/Family-Budget-Workbook.pdf`,
      },
    })

    const response = await fetchFile(id!, 'Family-Budget-Workbook.pdf')
    expect(response.status).toBe(200)
    expect(response.body).toBeInstanceOf(ReadableStream)
    const served = new Uint8Array(await response.arrayBuffer())
    expect(served.byteLength).toBe(bytes.byteLength)
    expect(sha256(served)).toBe(sha256(bytes))
  })

  it('serves a PDF as a download with its type, length, a lasting cache, nosniff and a policy that runs nothing', async () => {
    const { authorization } = await createEditor()
    const bytes = pdfBytes(5_000)
    const { id } = await uploadFile(authorization, 'Guide.pdf', bytes)

    const response = await fetchFile(id!, 'Guide.pdf')

    expect(response.status).toBe(200)
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(bytes.byteLength),
      'content-disposition': `attachment; filename="Guide.pdf"; filename*=UTF-8''Guide.pdf`,
      'cache-control': 'public, max-age=31536000, immutable',
      'netlify-cdn-cache-control': 's-maxage=31536000,durable',
      'netlify-cache-tag': 'media',
      // Whatever query string a link adds, the CDN keeps one copy.
      'netlify-vary': 'query=',
      'x-content-type-options': 'nosniff',
      etag: `"${sha256(bytes)}"`,
    })
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'; sandbox/)
  })

  it('answers 304 with no body while the caller has the same file, and HEAD without a body', async () => {
    const { authorization } = await createEditor()
    const { id } = await uploadFile(authorization, 'Guide.pdf', pdfBytes(3_000))
    const etag = (await fetchFile(id!)).headers.get('etag')!

    const again = await fetchFile(id!, 'Guide.pdf', { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(etag)
    // A CDN that compresses may weaken the tag.
    expect((await fetchFile(id!, undefined, { headers: { 'if-none-match': `W/${etag}` } })).status).toBe(304)
    expect((await fetchFile(id!, undefined, { headers: { 'if-none-match': '"something-else"' } })).status).toBe(200)

    const head = await fetchFile(id!, 'Guide.pdf', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe('3000')
    expect(await head.text()).toBe('')
  })

  it.each([
    ['PNG', 'photo.png', pngBytes(1200, 630), 'image/png'],
    ['GIF', 'wave.gif', gifBytes(320, 200), 'image/gif'],
    ['WebP', 'cover.webp', webpBytes(1600, 900), 'image/webp'],
    ['JPEG', 'portrait.jpg', jpegBytes(800, 1000), 'image/jpeg'],
  ] as const)('reads a %s image’s width and height from its header and shows it inline', async (_kind, name, bytes, type) => {
    const { authorization } = await createEditor()
    const { id, answer } = await uploadFile(authorization, name, bytes)
    const expected = {
      'image/png': { width: 1200, height: 630 },
      'image/gif': { width: 320, height: 200 },
      'image/webp': { width: 1600, height: 900 },
      'image/jpeg': { width: 800, height: 1000 },
    }[type]
    expect(answer.body).toMatchObject({ success: true, file: { contentType: type, ...expected } })

    const response = await fetchFile(id!, name)
    expect(response.headers.get('content-type')).toBe(type)
    expect(response.headers.get('content-disposition')).toBe(`inline; filename="${name}"; filename*=UTF-8''${name}`)
  })

  it('names downloads safely: non-ASCII names encoded, quotes and line breaks never reach the header', async () => {
    const { authorization } = await createEditor()
    const { id } = await uploadFile(authorization, 'Ébook "budget"; x=1.pdf', pdfBytes(2_000))
    const disposition = (await fetchFile(id!)).headers.get('content-disposition')!
    expect(disposition).toBe(`attachment; filename="Ebook _budget__ x=1.pdf"; filename*=UTF-8''%C3%89book%20%22budget%22%3B%20x%3D1.pdf`)

    // A name, never a path.
    const pathy = await uploadFile(authorization, '../../etc\\passwd.pdf', pdfBytes(2_000))
    expect((await fetchFile(pathy.id!)).headers.get('content-disposition')).toBe(
      `attachment; filename="_.._etc_passwd.pdf"; filename*=UTF-8''_.._etc_passwd.pdf`,
    )

    // A PDF whose name says otherwise is still saved as a .pdf.
    const renamed = await uploadFile(authorization, 'notes.txt', pdfBytes(2_000))
    expect((await fetchFile(renamed.id!)).headers.get('content-disposition')).toContain(`filename="notes.txt.pdf"`)
  })

  it('answers only at its own address: any other name, or spelling of it, is sent there, and no CDN keeps the redirect', async () => {
    const { authorization } = await createEditor()
    const { id } = await uploadFile(authorization, 'Family Budget.pdf', pdfBytes(2_000))
    const own = `/media/${id}/Family-Budget.pdf`
    expect((await fetchFile(id!, 'Family-Budget.pdf')).status).toBe(200)
    for (const name of ['made-up.pdf', 'Family Budget.pdf', 'family-budget.pdf', 'Family-Budget.pdf.', 'x'.repeat(500)]) {
      const answer = await fetchFile(id!, name)
      expect(answer.status, name).toBe(308)
      expect(answer.headers.get('location')).toBe(own)
      // The browser may keep it (the name never changes under the id); the CDN may not.
      expect(answer.headers.get('cache-control')).toBe('private, max-age=86400')
      expect(answer.headers.get('netlify-cdn-cache-control')).toBeNull()
      expect(await answer.text()).toBe('')
    }
    // The same name spelled with escapes, and a trailing slash, are other addresses too.
    for (const path of [`/media/${id}/Family%2DBudget.pdf`, `/media/${id}/Family-Budget%2Epdf`, `${own}/`]) {
      const answer = await mediaFile.default(new Request(new URL(path, TEST_ORIGIN)), fakeContext({ params: { id: id!, name: 'Family-Budget.pdf' } }))
      expect(answer.status, path).toBe(308)
      expect(answer.headers.get('location')).toBe(own)
    }
  })

  it('lists ready files newest first with their address, and records who uploaded what', async () => {
    const admin = await createAdmin()
    const first = await uploadFile(admin.authorization, 'first.pdf', pdfBytes(1_000))
    const second = await uploadFile(admin.authorization, 'second.png', pngBytes(10, 10))
    // Started, never finished: not in the library.
    const started = await uploadFile(admin.authorization, 'half.pdf', pdfBytes(1_000), { skipParts: [1] })
    expect(started.answer.status).toBe(400)

    const files = await listFiles(admin.authorization)
    expect(files.map((file) => file.id)).toEqual([second.id, first.id])
    expect(files[0]).toMatchObject({ url: `/media/${second.id}/second.png`, usedIn: [] })

    const { body } = await call<{ success: boolean; entries: { subject: string; action: string; label: string; changes: string[] }[] }>(
      adminActivity,
      { path: '/api/admin/activity?subject=media', headers: { authorization: admin.authorization } },
    )
    expect(body.entries.map((entry) => [entry.action, entry.label])).toEqual([
      ['uploaded', 'second.png'],
      ['uploaded', 'first.pdf'],
    ])
    expect(body.entries[1]!.changes).toEqual(['Type: "PDF"', 'Size: "1 KB"'])
  })

  it('completing twice answers the same file and records it once', async () => {
    const admin = await createAdmin()
    const { id } = await uploadFile(admin.authorization, 'twice.pdf', pdfBytes(1_000))
    const again = await completeUpload(admin.authorization, id!)
    expect(again.status).toBe(200)
    expect(again.body.file).toMatchObject({ id, status: 'ready' })
    const { body } = await call<{ success: boolean; entries: unknown[] }>(adminActivity, {
      path: '/api/admin/activity?subject=media',
      headers: { authorization: admin.authorization },
    })
    expect(body.entries).toHaveLength(1)
  })
})
