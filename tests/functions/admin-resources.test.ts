import { describe, expect, it } from 'vitest'
import type { PublicResource, Resource } from '#domain/resource.ts'
import * as adminResource from '#functions/admin-resource.ts'
import * as adminResources from '#functions/admin-resources.ts'
import * as resourceDownload from '#functions/resource-download.ts'
import * as resourcesFunction from '#functions/resources.ts'
import { resources } from '#lib/data/resources.ts'
import { createEditor } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call } from '#tests/support/call.ts'

useBlobsServer()

type ListBody = { success: boolean; message?: string; resources: Resource[] }
type ResourceBody = { success: boolean; message?: string; resource: Resource }

const resource = (overrides: Record<string, unknown> = {}) => ({
  title: 'Family Budget Workbook',
  description: 'A printable workbook for a monthly family budget.',
  type: 'guide',
  fileUrl: 'https://files.test.example/workbook.pdf',
  thumbnailUrl: 'https://img.test.example/workbook.jpg',
  isActive: true,
  ...overrides,
})

const create = (authorization: string, body: unknown) =>
  call<ResourceBody>(adminResources, { method: 'POST', path: '/api/admin/resources', body, headers: { authorization } })
const update = (authorization: string, body: unknown) =>
  call<ResourceBody>(adminResources, { method: 'PUT', path: '/api/admin/resources', body, headers: { authorization } })
const list = (authorization: string) => call<ListBody>(adminResources, { path: '/api/admin/resources', headers: { authorization } })
const remove = (authorization: string, id: string) =>
  call(adminResource, {
    method: 'DELETE',
    path: `/api/admin/resources/${encodeURIComponent(id)}`,
    params: { id },
    headers: { authorization },
  })
const download = (id: string) => call(resourceDownload, { method: 'POST', path: `/api/resources/${id}/download`, params: { id } })
const publicIds = async () =>
  (await call<{ success: boolean; resources: PublicResource[] }>(resourcesFunction, { path: '/api/resources' })).body.resources.map(
    (r) => r.id,
  )

/** The fields an editor sends, as the server keeps them. */
const editable = (r: Resource) => ({
  title: r.title,
  description: r.description,
  type: r.type,
  fileUrl: r.fileUrl,
  thumbnailUrl: r.thumbnailUrl,
  isActive: r.isActive,
})

describe('POST /api/admin/resources', () => {
  it('creates the resource, recording who made it', async () => {
    const { authorization } = await createEditor({ username: 'Martha' })

    const { status, body } = await create(authorization, resource())

    expect(status).toBe(201)
    expect(body).toEqual({
      success: true,
      message: 'Resource created successfully',
      resource: {
        ...resource(),
        id: expect.any(String),
        downloadCount: 0,
        createdBy: 'Martha',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    })
    expect(await publicIds()).toEqual([body.resource.id])
  })

  it('defaults the type to ebook and isActive to true, and leaves the thumbnail out', async () => {
    const { authorization } = await createEditor()
    const { type: _type, isActive: _active, thumbnailUrl: _thumb, ...minimal } = resource()

    const { status, body } = await create(authorization, minimal)

    expect(status).toBe(201)
    expect(body.resource).toMatchObject({ type: 'ebook', isActive: true })
    expect(body.resource.thumbnailUrl).toBeUndefined()
  })

  it('keeps an inactive resource off the public list', async () => {
    const { authorization } = await createEditor()
    await create(authorization, resource({ isActive: false }))
    expect(await publicIds()).toEqual([])
  })

  it.each([
    ['no title', { title: undefined }, 'Title is required'],
    ['a blank title', { title: '  ' }, 'Title is required'],
    ['no description', { description: undefined }, 'Description is required'],
    ['an empty description', { description: '' }, 'Description is required'],
    ['no file URL', { fileUrl: undefined }, 'File is required'],
    ['an empty file URL', { fileUrl: '' }, 'File is required'],
    ['a file URL that is not a URL', { fileUrl: 'workbook pdf' }, 'File must be a valid URL'],
    ['a javascript: file URL', { fileUrl: 'javascript:alert(document.cookie)' }, 'File must be a valid URL'],
    ['a JavaScript: file URL in mixed case', { fileUrl: 'JavaScript:alert(1)' }, 'File must be a valid URL'],
    ['a data: file URL', { fileUrl: 'data:text/html,<script>alert(1)</script>' }, 'File must be a valid URL'],
    ['a protocol-relative file URL', { fileUrl: '//evil.example/x.pdf' }, 'File must be a valid URL'],
    ['a thumbnail that is not a URL', { thumbnailUrl: 'thumb' }, 'Thumbnail URL must be a valid URL'],
    ['a javascript: thumbnail', { thumbnailUrl: 'javascript:alert(1)' }, 'Thumbnail URL must be a valid URL'],
    ['a data: thumbnail', { thumbnailUrl: 'data:image/svg+xml,<svg onload=alert(1)>' }, 'Thumbnail URL must be a valid URL'],
    ['an unknown type', { type: 'podcast' }, 'Type must be ebook, guide, template or video'],
    ['isActive as a string', { isActive: 'yes' }, 'Active must be true or false'],
  ])('answers 400 to %s', async (_case, overrides, message) => {
    const { authorization } = await createEditor()

    const { status, body } = await create(authorization, resource(overrides))

    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message })
    expect(await resources.list()).toEqual([])
  })

  it('accepts an empty thumbnail as none, and site-relative URLs', async () => {
    const { authorization } = await createEditor()
    const { status, body } = await create(authorization, resource({ thumbnailUrl: '', fileUrl: '/files/workbook.pdf' }))
    expect(status).toBe(201)
    expect(body.resource.thumbnailUrl).toBeUndefined()
    expect(body.resource.fileUrl).toBe('/files/workbook.pdf')
  })
})

describe('fields the server owns', () => {
  const spoofed = { id: 'chosen-id', downloadCount: 999, createdBy: 'mallory', createdAt: '2000-01-01T00:00:00.000Z' }

  it('ignores them on create', async () => {
    const { authorization } = await createEditor({ username: 'Martha' })
    const { status, body } = await create(authorization, { ...resource(), ...spoofed })
    expect(status).toBe(201)
    const stored = await resources.get(body.resource.id)
    expect(stored?.id).not.toBe('chosen-id')
    expect(stored).toMatchObject({ downloadCount: 0, createdBy: 'Martha' })
    expect(stored?.createdAt).not.toBe(spoofed.createdAt)
  })

  it('ignores them on update', async () => {
    const { authorization } = await createEditor({ username: 'Martha' })
    const created = (await create(authorization, resource())).body.resource
    await update(authorization, { ...resource({ title: 'Edited' }), ...spoofed, id: created.id })
    expect(await resources.get(created.id)).toMatchObject({
      title: 'Edited',
      downloadCount: 0,
      createdBy: 'Martha',
      createdAt: created.createdAt,
    })
  })
})

describe('PUT /api/admin/resources', () => {
  it('edits every field, isActive false included, and the public list drops it', async () => {
    const { authorization } = await createEditor({ username: 'Martha' })
    const created = (await create(authorization, resource())).body.resource
    await download(created.id)
    const changed = {
      title: 'Debt Snowball Template',
      description: 'A spreadsheet for paying off debt.',
      type: 'template',
      fileUrl: 'https://files.test.example/snowball.xlsx',
      thumbnailUrl: 'https://img.test.example/snowball.png',
      isActive: false,
    }
    const editor = await createEditor({ username: 'Mary' })

    const { status, body } = await update(editor.authorization, { id: created.id, ...changed })

    expect(status).toBe(200)
    expect(body).toEqual({
      success: true,
      message: 'Resource updated successfully',
      resource: expect.objectContaining({ id: created.id, ...changed }),
    })
    const stored = await resources.get(created.id)
    expect(editable(stored!)).toEqual(changed)
    // What the editor does not send stays as it was.
    expect(stored).toMatchObject({ createdBy: 'Martha', createdAt: created.createdAt })
    expect((await list(authorization)).body.resources[0]?.downloadCount).toBe(1)
    expect(await publicIds()).toEqual([])
  })

  it('puts an inactive resource back on the public list when made active', async () => {
    const { authorization } = await createEditor()
    const created = (await create(authorization, resource({ isActive: false }))).body.resource
    await update(authorization, { id: created.id, ...resource({ isActive: true }) })
    expect(await publicIds()).toEqual([created.id])
  })

  it('removes the thumbnail when it is left out', async () => {
    const { authorization } = await createEditor()
    const created = (await create(authorization, resource())).body.resource
    const { thumbnailUrl: _thumb, ...withoutThumbnail } = resource()
    await update(authorization, { id: created.id, ...withoutThumbnail })
    expect((await resources.get(created.id))?.thumbnailUrl).toBeUndefined()
  })

  it('answers 404 to an unknown id and creates nothing', async () => {
    const { authorization } = await createEditor()
    const { status, body } = await update(authorization, { id: 'no-such-resource', ...resource() })
    expect(status).toBe(404)
    expect(body).toEqual({ success: false, message: 'Resource not found' })
    expect(await resources.list()).toEqual([])
  })

  it.each([
    ['no id', { id: undefined }, 'Resource id is required'],
    ['no title', { title: '' }, 'Title is required'],
    ['a javascript: file URL', { fileUrl: 'javascript:alert(1)' }, 'File must be a valid URL'],
    ['a data: thumbnail', { thumbnailUrl: 'data:image/png;base64,AAAA' }, 'Thumbnail URL must be a valid URL'],
  ])('answers 400 to %s and keeps the resource as it was', async (_case, overrides, message) => {
    const { authorization } = await createEditor()
    const created = (await create(authorization, resource())).body.resource

    const { status, body } = await update(authorization, { id: created.id, ...resource({ title: 'Changed' }), ...overrides })

    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message })
    expect(await resources.get(created.id)).toEqual(created)
  })

  it('keeps one whole version when two full edits of the same resource race', async () => {
    const { authorization } = await createEditor()
    for (let round = 0; round < 3; round++) {
      const created = (await create(authorization, resource({ title: `Race ${round}` }))).body.resource
      const a = {
        title: `Version A ${round}`,
        description: 'Description A',
        type: 'video',
        fileUrl: 'https://files.test.example/a.mp4',
        thumbnailUrl: 'https://img.test.example/a.jpg',
        isActive: true,
      }
      const b = {
        title: `Version B ${round}`,
        description: 'Description B',
        type: 'template',
        fileUrl: 'https://files.test.example/b.xlsx',
        thumbnailUrl: 'https://img.test.example/b.jpg',
        isActive: false,
      }

      const answers = await Promise.all([update(authorization, { id: created.id, ...a }), update(authorization, { id: created.id, ...b })])

      expect(answers.map((answer) => answer.status)).toEqual([200, 200])
      expect([a, b]).toContainEqual(editable((await resources.get(created.id))!))
    }
  })

  it('loses no download recorded while the resource is being edited', async () => {
    const { authorization } = await createEditor()
    const created = (await create(authorization, resource())).body.resource

    await Promise.all([
      ...Array.from({ length: 10 }, () => download(created.id)),
      update(authorization, { id: created.id, ...resource({ title: 'Edited meanwhile' }) }),
    ])

    expect((await list(authorization)).body.resources[0]).toMatchObject({ title: 'Edited meanwhile', downloadCount: 10 })
  })
})

describe('GET /api/admin/resources', () => {
  it('lists every resource, inactive ones included, with download counts', async () => {
    const { authorization } = await createEditor()
    const active = (await create(authorization, resource({ title: 'Active' }))).body.resource
    const other = (await create(authorization, resource({ title: 'Other' }))).body.resource
    const inactive = (await create(authorization, resource({ title: 'Inactive', isActive: false }))).body.resource
    for (let i = 0; i < 3; i++) expect((await download(active.id)).status).toBe(200)
    await download(other.id)

    const { status, body } = await list(authorization)

    expect(status).toBe(200)
    expect(body.success).toBe(true)
    const counts = Object.fromEntries(body.resources.map((r) => [r.id, r.downloadCount]))
    expect(counts).toEqual({ [active.id]: 3, [other.id]: 1, [inactive.id]: 0 })
  })
})

describe('DELETE /api/admin/resources/{id}', () => {
  it('deletes the resource, and the public list no longer shows it', async () => {
    const { authorization } = await createEditor()
    const kept = (await create(authorization, resource({ title: 'Kept' }))).body.resource
    const gone = (await create(authorization, resource({ title: 'Gone' }))).body.resource

    const { status, body } = await remove(authorization, gone.id)

    expect(status).toBe(200)
    expect(body).toEqual({ success: true, message: 'Resource deleted successfully' })
    expect(await publicIds()).toEqual([kept.id])
    expect((await list(authorization)).body.resources.map((r) => r.id)).toEqual([kept.id])
    expect((await download(gone.id)).status).toBe(404)
  })

  it.each(['no-such-resource', 'x'.repeat(65), '../index'])('answers 404 to the id %j', async (id) => {
    const { authorization } = await createEditor()
    await create(authorization, resource())
    const { status, body } = await remove(authorization, id)
    expect(status).toBe(404)
    expect(body).toEqual({ success: false, message: 'Resource not found' })
    expect(await resources.list()).toHaveLength(1)
  })
})
