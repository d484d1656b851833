import { describe, expect, it } from 'vitest'
import * as resourceDownload from '#functions/resource-download.ts'
import { resources } from '#lib/data/resources.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call } from '#tests/support/call.ts'
import { createResource } from '#tests/support/records.ts'

useBlobsServer()

const download = (id: string, method = 'POST') =>
  call(resourceDownload, { method, path: `/api/resources/${encodeURIComponent(id)}/download`, params: { id } })

async function countOf(id: string): Promise<number | undefined> {
  return (await resources.listWithExactCounts()).find((resource) => resource.id === id)?.downloadCount
}

describe('POST /api/resources/{id}/download', () => {
  it('records one download', async () => {
    const resource = await createResource()
    const other = await createResource()

    const { status, body } = await download(resource.id)

    expect(status).toBe(200)
    expect(body).toEqual({ success: true })
    expect(await countOf(resource.id)).toBe(1)
    expect(await countOf(other.id)).toBe(0)
  })

  it('counts every one of 50 concurrent downloads exactly once', async () => {
    const resource = await createResource()
    await download(resource.id)

    const answers = await Promise.all(Array.from({ length: 50 }, () => download(resource.id)))

    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200))
    expect(await countOf(resource.id)).toBe(51)
  })

  it('answers 404 JSON for an unknown id', async () => {
    const { status, body } = await download('no-such-resource')
    expect(status).toBe(404)
    expect(body).toEqual({ success: false, message: 'Resource not found' })
  })

  it('answers 404 for an inactive resource and does not count it', async () => {
    const hidden = await createResource({ isActive: false })
    const { status, body } = await download(hidden.id)
    expect(status).toBe(404)
    expect(body).toEqual({ success: false, message: 'Resource not found' })
    expect(await countOf(hidden.id)).toBe(0)
  })

  it.each(['../index', 'a b', 'x'.repeat(65), '', 'abc%2F..'])('answers 404 for the id %j', async (id) => {
    const { status, body } = await download(id)
    expect(status).toBe(404)
    expect(body).toEqual({ success: false, message: 'Resource not found' })
  })

  it('refuses GET with a JSON 405 and counts nothing', async () => {
    const resource = await createResource()
    const { status, body } = await download(resource.id, 'GET')
    expect(status).toBe(405)
    expect(body).toEqual({ success: false, message: 'Method not allowed' })
    expect(await countOf(resource.id)).toBe(0)
  })
})
