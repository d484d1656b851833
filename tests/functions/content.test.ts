import { describe, expect, it } from 'vitest'
import * as contentFunction from '#functions/content.ts'
import { content } from '#lib/data/content.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call } from '#tests/support/call.ts'

useBlobsServer()

type ContentBody = { success: boolean; message?: string; content: Record<string, Record<string, string>> }

const getContent = () => call<ContentBody>(contentFunction, { path: '/api/content' })

describe('GET /api/content', () => {
  it('answers an empty map when nothing was saved', async () => {
    const { status, body } = await getContent()
    expect(status).toBe(200)
    expect(body).toEqual({ success: true, content: {} })
  })

  it('answers the saved items by section and key', async () => {
    await content.save({ section: 'home', key: 'heroTitle', value: 'Faithful with little', type: 'text' }, 'admin')
    await content.save({ section: 'home', key: 'vision', value: '100,000 families', type: 'text' }, 'admin')
    await content.save({ section: 'about', key: 'photo', value: 'https://img.test.example/coach.jpg', type: 'image' }, 'editor')

    const { status, body } = await getContent()

    expect(status).toBe(200)
    expect(body).toEqual({
      success: true,
      content: {
        home: { heroTitle: 'Faithful with little', vision: '100,000 families' },
        about: { photo: 'https://img.test.example/coach.jpg' },
      },
    })
  })

  it('shows an edit at once', async () => {
    await content.save({ section: 'home', key: 'heroTitle', value: 'Before', type: 'text' }, 'admin')
    await content.save({ section: 'home', key: 'heroTitle', value: 'After', type: 'text' }, 'admin')
    expect((await getContent()).body.content).toEqual({ home: { heroTitle: 'After' } })
  })

  it('refuses POST with a JSON 405', async () => {
    const { status, body } = await call(contentFunction, { method: 'POST', path: '/api/content', body: {} })
    expect(status).toBe(405)
    expect(body).toEqual({ success: false, message: 'Method not allowed' })
  })
})
