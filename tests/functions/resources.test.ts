import { describe, expect, it } from 'vitest'
import type { PublicResource } from '#domain/resource.ts'
import * as resourcesFunction from '#functions/resources.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call } from '#tests/support/call.ts'
import { createResource } from '#tests/support/records.ts'

useBlobsServer()

type ResourcesBody = { success: boolean; message?: string; resources: PublicResource[] }

describe('GET /api/resources', () => {
  it('answers an empty list when there are no resources', async () => {
    const { status, body } = await call<ResourcesBody>(resourcesFunction, { path: '/api/resources' })
    expect(status).toBe(200)
    expect(body).toEqual({ success: true, resources: [] })
  })

  it('lists only active resources, with nothing about who made them or how often they were fetched', async () => {
    const guide = await createResource({ title: 'Debt snowball guide', type: 'guide', thumbnailUrl: 'https://img.test.example/g.png' })
    const ebook = await createResource({ title: 'Giving ebook' })
    await createResource({ title: 'Old template', type: 'template', isActive: false })

    const { status, body } = await call<ResourcesBody>(resourcesFunction, { path: '/api/resources' })

    expect(status).toBe(200)
    expect(body.success).toBe(true)
    expect(body.resources.map((r) => r.title).sort()).toEqual(['Debt snowball guide', 'Giving ebook'])
    expect(body.resources.find((r) => r.id === guide.id)).toEqual({
      id: guide.id,
      title: 'Debt snowball guide',
      description: guide.description,
      type: 'guide',
      fileUrl: guide.fileUrl,
      thumbnailUrl: 'https://img.test.example/g.png',
      isActive: true,
    })
    for (const resource of body.resources) {
      expect(resource).not.toHaveProperty('createdBy')
      expect(resource).not.toHaveProperty('downloadCount')
      expect(resource.isActive).toBe(true)
    }
    expect(body.resources.some((r) => r.id === ebook.id)).toBe(true)
  })

  it.each(['POST', 'PUT', 'DELETE'])('refuses %s with a JSON 405', async (method) => {
    const { status, body, headers } = await call(resourcesFunction, { method, path: '/api/resources' })
    expect(status).toBe(405)
    expect(body).toEqual({ success: false, message: expect.any(String) })
    expect(headers.get('allow')).toBe('GET')
  })
})
