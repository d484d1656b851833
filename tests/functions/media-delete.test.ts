import { describe, expect, it, vi } from 'vitest'
import { mediaPath, type MediaListItem, type MediaUse } from '#domain/media.ts'
import * as adminActivity from '#functions/admin-activity.ts'
import * as adminMedia from '#functions/admin-media.ts'
import * as adminMediaFile from '#functions/admin-media-file.ts'
import * as mediaFile from '#functions/media-file.ts'
import maintenance from '#functions/maintenance.ts'
import { content } from '#lib/data/content.ts'
import { media } from '#lib/data/media.ts'
import { callRaw, createAdmin, createEditor } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call, fakeContext } from '#tests/support/call.ts'
import { pdfBytes, pngBytes, putPart, startUpload, uploadFile } from '#tests/support/media.ts'
import { createPost, createResource } from '#tests/support/records.ts'

useBlobsServer()

type DeleteAnswer = { success: boolean; message?: string; usedIn?: MediaUse[] }

const remove = (authorization: string, id: string, force = false) =>
  call<DeleteAnswer>(adminMediaFile, {
    method: 'DELETE',
    path: `/api/admin/media/${id}${force ? '?force=1' : ''}`,
    params: { id },
    headers: { authorization },
  })

/** What the file's own address answers (any other name is a redirect to it). */
const served = async (id: string) => {
  const name = (await media.get(id))?.name ?? 'gone'
  const path = mediaPath({ id, name })
  return callRaw(mediaFile, { path, params: { id, name: path.split('/').pop()! } }).then((answer) => answer.status)
}

async function upload(authorization: string, name = 'guide.pdf') {
  const { answer } = await uploadFile(authorization, name, name.endsWith('.png') ? pngBytes(40, 30) : pdfBytes(800))
  return (answer.body as { file: MediaListItem }).file
}

describe('DELETE /api/admin/media/{id}', () => {
  it('deletes a file nobody uses at once: it stops being served and leaves nothing stored', async () => {
    const { authorization } = await createEditor()
    const file = await upload(authorization)

    const { status, body } = await remove(authorization, file.id)

    expect(status).toBe(200)
    expect(body).toEqual({ success: true, message: 'File deleted' })
    expect(await served(file.id)).toBe(404)
    expect(await media.get(file.id)).toBeNull()
  })

  it('answers 409 with every place a file is used, and deletes it only when forced', async () => {
    const { authorization } = await createAdmin()
    const pdf = await upload(authorization)
    const image = await upload(authorization, 'cover.png')
    const resource = await createResource({ title: 'Budget Workbook', fileUrl: pdf.url, thumbnailUrl: `https://coach.example${image.url}` })
    const post = await createPost({
      title: 'Giving First',
      featuredImage: image.url,
      content: `Read the [workbook](${pdf.url}) and see ![cover](/.netlify/images?url=${encodeURIComponent(image.url)}&w=640).`,
    })
    const item = await content.save({ section: 'home', key: 'heroImage', value: image.url, type: 'image' }, 'test')

    const refused = await remove(authorization, image.id)
    expect(refused.status).toBe(409)
    expect(refused.body.usedIn).toEqual([
      { kind: 'resource', id: resource.id, label: 'Budget Workbook', field: 'Thumbnail' },
      { kind: 'post', id: post.id, label: 'Giving First', field: 'featured image' },
      { kind: 'post', id: post.id, label: 'Giving First', field: 'content' },
      { kind: 'content', id: item.id, label: 'home / heroImage', field: 'value' },
    ])
    expect(refused.body.message).toBe(
      'This file is used in the resource "Budget Workbook" (Thumbnail), the post "Giving First" (featured image), the post "Giving First" (content) and the text "home / heroImage" (value). Deleting it breaks those links.',
    )
    expect(await served(image.id)).toBe(200)

    // The list says the same.
    const { body } = await call<{ success: boolean; files: MediaListItem[] }>(adminMedia, {
      path: '/api/admin/media',
      headers: { authorization },
    })
    expect(body.files.find((file) => file.id === pdf.id)?.usedIn).toEqual([
      { kind: 'resource', id: resource.id, label: 'Budget Workbook', field: 'File' },
      { kind: 'post', id: post.id, label: 'Giving First', field: 'content' },
    ])

    const forced = await remove(authorization, image.id, true)
    expect(forced.status).toBe(200)
    expect(await served(image.id)).toBe(404)

    const history = await call<{ success: boolean; entries: { action: string; label: string; changes: string[] }[] }>(adminActivity, {
      path: '/api/admin/activity?subject=media',
      headers: { authorization },
    })
    expect(history.body.entries[0]).toMatchObject({ action: 'deleted', label: 'cover.png' })
    expect(history.body.entries[0]!.changes[0]).toMatch(/^Was used in the resource "Budget Workbook"/)
  })

  it('answers 404 for a file that is not there', async () => {
    const { authorization } = await createEditor()
    const { status, body } = await remove(authorization, 'no-such-file')
    expect(status).toBe(404)
    expect(body).toEqual({ success: false, message: 'File not found' })
  })
})

describe('the maintenance job', () => {
  it('forgets uploads not completed within a day, and keeps recent ones and ready files', async () => {
    const { authorization } = await createEditor()
    const ready = await upload(authorization)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 25 * 60 * 60_000 })
    const old = await startUpload(authorization, { name: 'old.pdf', size: 10 })
    vi.useRealTimers()
    await putPart(authorization, old.body.upload!.id, 1, pdfBytes(10))
    const recent = await startUpload(authorization, { name: 'recent.pdf', size: 10 })

    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const response = await maintenance(new Request('http://localhost/.netlify/functions/maintenance', { method: 'POST' }), fakeContext())
    expect(log.mock.calls.flat().join(' ')).toContain('"media":1')
    log.mockRestore()

    expect(response.status).toBe(204)
    expect(await media.get(old.body.upload!.id)).toBeNull()
    expect(await media.get(recent.body.upload!.id)).not.toBeNull()
    expect(await media.get(ready.id)).not.toBeNull()
  })
})
