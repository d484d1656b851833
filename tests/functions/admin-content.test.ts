import { describe, expect, it } from 'vitest'
import type { ContentItem } from '#domain/content-item.ts'
import * as adminContent from '#functions/admin-content.ts'
import * as adminContentItem from '#functions/admin-content-item.ts'
import * as contentFunction from '#functions/content.ts'
import { content } from '#lib/data/content.ts'
import { createAdmin, createEditor } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call } from '#tests/support/call.ts'

useBlobsServer()

type ListBody = { success: boolean; message?: string; content: ContentItem[] }
type SaveBody = { success: boolean; message?: string; item: ContentItem }

const save = (authorization: string, body: unknown) =>
  call<SaveBody>(adminContent, { method: 'POST', path: '/api/admin/content', body, headers: { authorization } })
const list = (authorization: string) => call<ListBody>(adminContent, { path: '/api/admin/content', headers: { authorization } })
const remove = (authorization: string, id: string) =>
  call(adminContentItem, {
    method: 'DELETE',
    path: `/api/admin/content/${encodeURIComponent(id)}`,
    params: { id },
    headers: { authorization },
  })

const item = (overrides: Record<string, unknown> = {}) => ({
  section: 'home',
  key: 'heroTitle',
  value: 'Faithful with little',
  type: 'text',
  ...overrides,
})

describe('POST /api/admin/content', () => {
  it('creates an item, recording who saved it', async () => {
    const { authorization } = await createEditor({ username: 'Martha' })

    const { status, body } = await save(authorization, item())

    expect(status).toBe(200)
    expect(body).toEqual({
      success: true,
      message: 'Content saved successfully',
      item: {
        id: expect.any(String),
        section: 'home',
        key: 'heroTitle',
        value: 'Faithful with little',
        type: 'text',
        updatedBy: 'Martha',
        updatedAt: expect.any(String),
      },
    })
    expect(await content.list()).toEqual([body.item])
  })

  it('replaces the value of the same section and key: one item, same id', async () => {
    const { authorization } = await createEditor({ username: 'Martha' })
    const admin = await createAdmin({ username: 'Mary' })
    const first = await save(authorization, item())

    const second = await save(admin.authorization, item({ value: 'Faithful with much', type: 'html' }))

    expect(second.status).toBe(200)
    expect(second.body.item.id).toBe(first.body.item.id)
    const stored = await content.list()
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ id: first.body.item.id, value: 'Faithful with much', type: 'html', updatedBy: 'Mary' })
  })

  it('keeps items with the same key in different sections apart', async () => {
    const { authorization } = await createEditor()
    await save(authorization, item({ section: 'home' }))
    await save(authorization, item({ section: 'about' }))
    expect(await content.list()).toHaveLength(2)
  })

  it('changes the public content at once', async () => {
    const { authorization } = await createEditor()
    await save(authorization, item({ value: 'Before' }))
    await save(authorization, item({ value: 'After' }))
    const { body } = await call<{ success: boolean; content: Record<string, Record<string, string>> }>(contentFunction, {
      path: '/api/content',
    })
    expect(body.content.home?.heroTitle).toBe('After')
  })

  it('defaults the type to text', async () => {
    const { authorization } = await createEditor()
    const { type: _type, ...withoutType } = item()
    const { status, body } = await save(authorization, withoutType)
    expect(status).toBe(200)
    expect(body.item.type).toBe('text')
  })

  it.each(['text', 'html', 'image', 'json'])('accepts the type %s', async (type) => {
    const { authorization } = await createEditor()
    const value = type === 'json' ? '{"families":100000}' : type === 'image' ? 'https://img.test.example/a.jpg' : 'Hello'
    const { status, body } = await save(authorization, item({ type, value }))
    expect(status).toBe(200)
    expect(body.item).toMatchObject({ type, value })
  })

  it.each([
    ['no section', { section: undefined }, 'Section is required'],
    ['an empty section', { section: '' }, 'Section is required'],
    ['a blank section', { section: '   ' }, 'Section is required'],
    ['no key', { key: undefined }, 'Key is required'],
    ['an empty key', { key: '' }, 'Key is required'],
    ['no value', { value: undefined }, 'Value is required'],
    ['an empty value', { value: '' }, 'Value is required'],
    ['a blank value', { value: ' \n ' }, 'Value is required'],
    ['an unknown type', { type: 'script' }, 'Type must be text, html, image or json'],
    ['invalid JSON for the json type', { type: 'json', value: '{families: 100000' }, 'Value must be valid JSON'],
  ])('answers 400 to %s', async (_case, overrides, message) => {
    const { authorization } = await createEditor()

    const { status, body } = await save(authorization, item(overrides))

    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message })
    expect(await content.list()).toEqual([])
  })

  it('keeps the old value when an edit is refused', async () => {
    const { authorization } = await createEditor()
    await save(authorization, item({ type: 'json', value: '{"a":1}' }))
    expect((await save(authorization, item({ type: 'json', value: '{"a":' }))).status).toBe(400)
    expect((await content.list()).map((i) => i.value)).toEqual(['{"a":1}'])
  })

  it('applies every one of several concurrent saves of different keys', async () => {
    const { authorization } = await createEditor()
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => save(authorization, item({ key: `key${i}` }))))
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200))
    expect(await content.list()).toHaveLength(8)
  })
})

describe('fields the server owns', () => {
  it('ignores a posted id, updatedBy and updatedAt', async () => {
    const { authorization } = await createEditor({ username: 'Martha' })
    const { body } = await save(authorization, { ...item(), id: 'chosen-id', updatedBy: 'mallory', updatedAt: '2000-01-01T00:00:00.000Z' })
    expect(body.item.id).not.toBe('chosen-id')
    expect(body.item.updatedBy).toBe('Martha')
    expect(body.item.updatedAt).not.toBe('2000-01-01T00:00:00.000Z')
  })
})

describe('GET /api/admin/content', () => {
  it('lists the items', async () => {
    const { authorization } = await createEditor()
    await save(authorization, item({ section: 'home', key: 'vision', value: '100,000 families' }))
    await save(authorization, item({ section: 'about', key: 'biography', value: 'Coach' }))

    const { status, body } = await list(authorization)

    expect(status).toBe(200)
    expect(body.success).toBe(true)
    expect(body.content.map((i) => `${i.section}.${i.key}=${i.value}`).sort()).toEqual([
      'about.biography=Coach',
      'home.vision=100,000 families',
    ])
  })

  it('answers an empty list when nothing was saved', async () => {
    const { authorization } = await createEditor()
    expect((await list(authorization)).body).toEqual({ success: true, content: [] })
  })
})

describe('DELETE /api/admin/content/{id}', () => {
  it('deletes the item', async () => {
    const { authorization } = await createEditor()
    const kept = await save(authorization, item({ key: 'kept' }))
    const gone = await save(authorization, item({ key: 'gone' }))

    const { status, body } = await remove(authorization, gone.body.item.id)

    expect(status).toBe(200)
    expect(body).toEqual({ success: true, message: 'Content deleted successfully' })
    expect((await content.list()).map((i) => i.id)).toEqual([kept.body.item.id])
  })

  it.each(['no-such-item', 'x'.repeat(65), '../index'])('answers 404 to the id %j', async (id) => {
    const { authorization } = await createEditor()
    await save(authorization, item())
    const { status, body } = await remove(authorization, id)
    expect(status).toBe(404)
    expect(body).toEqual({ success: false, message: 'Content item not found' })
    expect(await content.list()).toHaveLength(1)
  })

  it('answers 404 the second time', async () => {
    const { authorization } = await createEditor()
    const saved = await save(authorization, item())
    expect((await remove(authorization, saved.body.item.id)).status).toBe(200)
    expect((await remove(authorization, saved.body.item.id)).status).toBe(404)
  })
})
